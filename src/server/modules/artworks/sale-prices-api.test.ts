import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork, ArtworkDetail } from '#shared/catalogue/artwork-schema.ts';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { CatalogPage } from '#shared/catalogue/catalogue-query-schema.ts';
import { ANSWER_MAX_AGE_MS, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { AnswerCache } from '#server/http/answer-cache/answer-cache.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

// Sale prices in the catalogue's answers, and the "was" price beside them: the lowest of the 30 days before the
// sale started, read from the price history that every listing and price change writes.
describe.each(TEST_ENGINES)('sale prices in the catalogue on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let harbour: number;
  let moon: number;
  let fern: number;
  let fresh: number;
  let sale: number;
  const saleStart = ago(60 * 60_000);

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    [harbour, moon, fern] = (await insertTestArtworks(t.db, [
      // $20 since 60 days ago, lowered to $15 ten days before the sale; the owner's compare-at price is $30.
      { title: 'Quiet Harbour', price: 20, originalPrice: 30, category: 'abstract', createdAt: ago(60 * DAY) },
      // $10 since 60 days ago, raised to $12.50 two days before the sale: 20 % off it is no cut at all.
      { title: 'Paper Moon', price: 10, category: 'abstract', createdAt: ago(60 * DAY) },
      { title: 'Fern Study', price: 9.99, originalPrice: 14, category: 'botanical', createdAt: ago(60 * DAY) },
    ])) as [number, number, number];
    const start = new Date(saleStart).getTime();
    await t.db
      .insertInto('artwork_prices')
      .values([
        { artwork_id: harbour, price_cents: 1500, recorded_at: new Date(start - 10 * DAY).toISOString() },
        { artwork_id: moon, price_cents: 1250, recorded_at: new Date(start - 2 * DAY).toISOString() },
      ])
      .execute();
    await t.db.updateTable('artworks').set({ price_cents: 1500 }).where('id', '=', harbour).execute();
    await t.db.updateTable('artworks').set({ price_cents: 1250 }).where('id', '=', moon).execute();
    // Listed while the sale was on: it never had another price.
    [fresh] = (await insertTestArtworks(t.db, [
      { title: 'New Tide', price: 8, category: 'abstract', createdAt: ago(10 * 60_000) },
    ])) as [number];
    sale = await insertTestDiscount(t.db, {
      kind: 'sale',
      code: null,
      name: 'Abstract week',
      percent_off: 20,
      scope: 'categories',
      scope_categories: '["abstract"]',
      starts_at: saleStart,
      ends_at: new Date(Date.now() + 7 * DAY).toISOString(),
    });
  });
  afterAll(() => t.close());

  const list = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/artworks?limit=50' });
    expect(answer.statusCode).toBe(200);
    return new Map(answer.json<CatalogPage>().items.map((artwork) => [artwork.id, artwork]));
  };
  const prices = (artwork: Artwork | undefined) =>
    artwork && {
      price: artwork.price,
      salePrice: artwork.salePrice,
      wasPrice: artwork.wasPrice,
      originalPrice: artwork.originalPrice,
    };

  it('shows the sale price and, struck through, the lowest price of the 30 days before the sale', async () => {
    const items = await list();
    // 20 % off $15 is $12; the lowest of the 30 days before is $15 (lowered 10 days before), not $20 nor $30.
    expect(prices(items.get(harbour))).toEqual({ price: 15, salePrice: 12, wasPrice: 15, originalPrice: 30 });
    // 20 % off $12.50 is $10, which is what it cost 3 days before the sale: nothing to strike through.
    expect(prices(items.get(moon))).toEqual({ price: 12.5, salePrice: 10, wasPrice: null, originalPrice: null });
    expect(prices(items.get(fresh))).toEqual({ price: 8, salePrice: 6.4, wasPrice: null, originalPrice: null });
    // Not covered: the owner's compare-at price stays what it was.
    expect(prices(items.get(fern))).toEqual({ price: 9.99, salePrice: null, wasPrice: null, originalPrice: 14 });
  });

  it('gives the artwork page and its related works the same prices, and the cart the same "was" price', async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/artworks/${harbour}` });
    const detail = answer.json<ArtworkDetail>();
    expect(prices(detail)).toEqual({ price: 15, salePrice: 12, wasPrice: 15, originalPrice: 30 });
    const related = new Map(detail.relatedArtworks.map((artwork) => [artwork.id, artwork]));
    expect(prices(related.get(moon))).toEqual({ price: 12.5, salePrice: 10, wasPrice: null, originalPrice: null });

    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: {
        items: [
          { id: harbour, quantity: 2 },
          { id: fern, quantity: 1 },
        ],
      },
    });
    expect(quote.json<CartQuote>().items).toMatchObject([
      { artworkId: harbour, listUnitAmount: 1500, unitAmount: 1200, wasUnitAmount: 1500, amount: 2400 },
      { artworkId: fern, listUnitAmount: 999, unitAmount: 999, wasUnitAmount: null, amount: 999 },
    ]);
  });

  it('shows no sale price for a sale that is not live: not started, ended or switched off', async () => {
    const setSale = (fields: { starts_at?: string; ends_at?: string | null; active?: number }) =>
      t.db.updateTable('discounts').set(fields).where('id', '=', sale).execute();
    try {
      await setSale({ starts_at: new Date(Date.now() + DAY).toISOString() });
      expect(prices((await list()).get(harbour))).toEqual({
        price: 15,
        salePrice: null,
        wasPrice: null,
        originalPrice: 30,
      });
      await setSale({ starts_at: ago(3 * DAY), ends_at: ago(60_000) });
      expect((await list()).get(harbour)?.salePrice).toBeNull();
      await setSale({ ends_at: null, active: 0 });
      expect((await list()).get(harbour)?.salePrice).toBeNull();
    } finally {
      await setSale({ starts_at: saleStart, ends_at: new Date(Date.now() + 7 * DAY).toISOString(), active: 1 });
    }
    expect((await list()).get(harbour)?.salePrice).toBe(12);
  });

  it("records the owner's price changes, and only when the price changes", async () => {
    const history = async (id: number) =>
      (
        await t.db
          .selectFrom('artwork_prices')
          .select('price_cents')
          .where('artwork_id', '=', id)
          .orderBy('recorded_at')
          .orderBy('id')
          .execute()
      ).map((row) => row.price_cents);
    const [id] = (await insertTestArtworks(t.db, [{ title: 'Priced', price: 5, category: 'minimalist' }])) as [number];
    const edit = async (payload: object) =>
      (await t.app.inject({ method: 'PUT', url: `/api/artworks/${id}`, payload, headers: { cookie: owner } }))
        .statusCode;
    expect(await edit({ price: 7.5 })).toBe(200);
    expect(await edit({ price: 7.5, title: 'Priced again' })).toBe(200);
    expect(await edit({ title: 'Priced once more' })).toBe(200);
    expect(await edit({ price: 9.99 })).toBe(200);
    expect(await history(id)).toEqual([500, 750, 999]);
  });
});

// The catalogue's answers are kept for every visitor for at most a minute: a sale that starts shows within it, and
// an owner's change (the discounts' page is the owner's, like artwork edits) drops the kept answers at once.
describe.each(TEST_ENGINES)('sale prices and the kept answers on %s', (engine) => {
  let t: TestApp;
  let app: FastifyInstance;
  let origin: string;
  let owner: string;
  /** How far the answer cache's clock is ahead of the real one. */
  let skew = 0;
  let artwork: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const answerCache = new AnswerCache(config.answerCacheBytes, ANSWER_MAX_AGE_MS, () => Date.now() + skew);
    app = await buildApp({ config, db: t.db, answerCache, clientDir: path.join(t.dataDir, 'none'), logger: false });
    // Stands for the owner's discounts page: any change the owner makes goes through the same hook.
    app.post('/api/test-sale-switch', async () => {
      await t.db.updateTable('discounts').set({ active: 0 }).where('kind', '=', 'sale').execute();
      return { switchedOff: true };
    });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    owner = await signedInCookie(app, t.db, 'owner@shop.test', 'admin');
    [artwork] = (await insertTestArtworks(t.db, [{ price: 20, createdAt: ago(40 * DAY) }])) as [number];
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const salePrice = async () => {
    const answer = await fetch(`${origin}/api/artworks/${artwork}`);
    return ((await answer.json()) as ArtworkDetail).salePrice;
  };
  const kept = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('shows a sale that starts within the minute an answer is kept, and drops it at once on an owner change', async () => {
    expect(await salePrice()).toBeNull();
    await kept();
    await insertTestDiscount(t.db, { kind: 'sale', code: null, name: 'Flash', percent_off: 50, starts_at: ago(1000) });
    // Still the kept answer...
    expect(await salePrice()).toBeNull();
    // ...until it is a minute old.
    skew = ANSWER_MAX_AGE_MS + 1;
    expect(await salePrice()).toBe(10);
    await kept();
    expect(await salePrice()).toBe(10);

    const change = await fetch(`${origin}/api/test-sale-switch`, {
      method: 'POST',
      headers: { cookie: owner, origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(change.status).toBe(200);
    expect(await salePrice()).toBeNull();
  });
});
