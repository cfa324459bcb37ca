import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedCart } from '#shared/cart/saved-cart-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { EventBus } from '../../events/event-bus';
import { holdArtworks } from '../artworks';
import { registerBuyerCartListeners } from './listeners';

// A signed-in buyer's cart and favourites on the server: saved whole, read back by another session, merged with a
// browser's at sign-in by the written rule, bad lines refused naming the field, unbuyable lines dropped, and all of
// it deleted with the account.

const quiet = { warn: () => undefined, error: () => undefined };

describe.each(TEST_ENGINES)('the buyer’s saved cart on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let dawn: number;
  let dusk: number;
  let free: number;
  let draft: number;
  let setId: number;

  const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const cartOf = async (cookie: string) => {
    const answer = await call(cookie, 'GET', '/api/account/cart');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<SavedCart>();
  };
  const artworkLine = (id: number, quantity = 1, licence: 'personal' | 'commercial' = 'personal') => ({
    kind: 'artwork' as const,
    id,
    licence,
    quantity,
  });
  const summary = (cart: SavedCart) => ({
    lines: cart.lines.map((line) => [line.artwork.id, line.licence, line.quantity, line.amountCents]),
    sets: cart.sets.map((line) => [line.set.id, line.licence]),
    favorites: cart.favorites.map((artwork) => artwork.id),
  });

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { pictureFactsBackfill: false });
    const owner = await signedInCookie(t.app, t.db, 'owner@cart.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@cart.test', 'customer');
    [dawn, dusk, free, draft] = (await insertTestArtworks(t.db, [
      { title: 'Dawn', price: 10, commercialPrice: 40 },
      { title: 'Dusk', price: 12 },
      { title: 'Free Choice', price: 5, minimumPrice: 2 },
      { title: 'Not Yet', price: 8 },
    ])) as [number, number, number, number];
    await holdArtworks({ db: t.db }, [draft], { status: 'draft' });
    const made = await call(owner, 'POST', '/api/admin/sets', {
      title: 'Day',
      artworkIds: [dawn, dusk],
      percentOff: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
    setId = made.json<{ id: number }>().id;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the cart and favourites of a signed-in buyer, for any of their sessions', async () => {
    const saved = await call(buyer, 'PUT', '/api/account/cart', {
      lines: [artworkLine(dawn, 2, 'commercial'), { kind: 'set', id: setId, licence: 'personal', quantity: 1 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const favorites = await call(buyer, 'PUT', '/api/account/favorites', { favorites: [dusk, dawn] });
    expect(favorites.statusCode, favorites.body).toBe(200);

    // The same account signed in again (another browser) reads the same cart.
    const elsewhere = await signedInCookie(t.app, t.db, 'other-seat@cart.test', 'customer').then(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'buyer@cart.test', password: 'test account password' },
        remoteAddress: '10.9.9.9',
      }),
    );
    const second = String(elsewhere.headers['set-cookie']).split(';')[0]!;
    expect(second).not.toBe(buyer);
    expect(summary(await cartOf(second))).toEqual({
      lines: [[dawn, 'commercial', 2, null]],
      sets: [[setId, 'personal']],
      favorites: [dusk, dawn],
    });
    expect((await cartOf(second)).lines[0]!.artwork.title).toBe('Dawn');
  });

  it('is for signed-in buyers only', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/account/cart' });
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses a bad line with a 400 naming its field, and changes nothing', async () => {
    const before = summary(await cartOf(buyer));
    const cases: Array<[object, string]> = [
      [{ lines: [artworkLine(dawn, 0)] }, 'lines.0.quantity'],
      [{ lines: [artworkLine(dawn, 100)] }, 'lines.0.quantity'],
      [{ lines: [artworkLine(dawn), { ...artworkLine(dusk), licence: 'forever' }] }, 'lines.1.licence'],
      [{ lines: [{ ...artworkLine(dawn), id: -3 }] }, 'lines.0.id'],
      [{ lines: [{ ...artworkLine(free), amountCents: 2.5 }] }, 'lines.0.amountCents'],
      [{ lines: [{ ...artworkLine(dawn), kind: 'poster' }] }, 'lines.0.kind'],
      [{ lines: 'everything' }, 'lines'],
    ];
    for (const [payload, field] of cases) {
      const answer = await call(buyer, 'PUT', '/api/account/cart', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.body, JSON.stringify(payload)).toContain(field);
    }
    const badFavorite = await call(buyer, 'PUT', '/api/account/favorites', { favorites: [dawn, 'x'] });
    expect(badFavorite.statusCode).toBe(400);
    expect(badFavorite.body).toContain('favorites.1');
    expect(summary(await cartOf(buyer))).toEqual(before);
  });

  it('drops what cannot be bought: an unknown or unpublished artwork, a licence not offered, a second copy of a pay-what-you-want one', async () => {
    const answer = await call(buyer, 'PUT', '/api/account/cart', {
      lines: [
        artworkLine(999_999),
        artworkLine(draft),
        artworkLine(dusk, 3, 'commercial'),
        artworkLine(dusk, 3),
        { ...artworkLine(free, 4) },
        { kind: 'set', id: 777_777, licence: 'personal', quantity: 1 },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // The pay-what-you-want artwork is one copy at its suggested amount when none was chosen.
    expect(summary(answer.json<SavedCart>()).lines).toEqual([
      [dusk, 'personal', 3, null],
      [free, 'personal', 1, 500],
    ]);
    const favorites = await call(buyer, 'PUT', '/api/account/favorites', { favorites: [draft, 424_242, dawn] });
    expect(summary(favorites.json<SavedCart>()).favorites).toEqual([dawn]);
  });

  it('merges the browser’s cart at sign-in: the union, the larger quantity, the browser’s chosen amount, favourites joined', async () => {
    await call(buyer, 'PUT', '/api/account/cart', {
      lines: [artworkLine(dusk, 3), { ...artworkLine(free), amountCents: 300 }, artworkLine(dawn, 1, 'commercial')],
    });
    await call(buyer, 'PUT', '/api/account/favorites', { favorites: [dawn] });
    const browser = {
      lines: [
        artworkLine(dusk, 2),
        { ...artworkLine(free), amountCents: 700 },
        artworkLine(dawn, 4, 'commercial'),
        artworkLine(dawn, 1),
        { kind: 'set', id: setId, licence: 'personal', quantity: 1 },
      ],
      favorites: [dusk, dawn],
    };
    const merged = await call(buyer, 'POST', '/api/account/cart/merge', browser);
    expect(merged.statusCode, merged.body).toBe(200);
    const expected = {
      lines: [
        [dusk, 'personal', 3, null],
        [free, 'personal', 1, 700],
        [dawn, 'commercial', 4, null],
        [dawn, 'personal', 1, null],
      ],
      sets: [[setId, 'personal']],
      favorites: [dawn, dusk],
    };
    expect(summary(merged.json<SavedCart>())).toEqual(expected);
    // Signing in again with the same browser's copy changes nothing: the merge is idempotent.
    const again = await call(buyer, 'POST', '/api/account/cart/merge', browser);
    expect(summary(again.json<SavedCart>())).toEqual(expected);
    expect(summary(await cartOf(buyer))).toEqual(expected);
  });

  it('merges by the same rule whatever the two carts hold (generated cases)', async () => {
    const ids = [dawn, dusk];
    // A small deterministic generator: every run checks the same 25 pairs of carts.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const randomCart = () => {
      const lines = new Map<string, ReturnType<typeof artworkLine>>();
      for (let i = next(4); i > 0; i -= 1) {
        const line = artworkLine(ids[next(2)]!, 1 + next(99), next(2) === 0 ? 'personal' : 'commercial');
        lines.set(`${line.id}:${line.licence}`, line);
      }
      return [...lines.values()];
    };
    for (let round = 0; round < 25; round += 1) {
      const server = randomCart();
      const browser = randomCart();
      await call(buyer, 'PUT', '/api/account/cart', { lines: server });
      const merged = summary(
        (await call(buyer, 'POST', '/api/account/cart/merge', { lines: browser, favorites: [] })).json<SavedCart>(),
      ).lines;
      const quantity = (lines: typeof server, id: number, licence: string) =>
        lines.find((line) => line.id === id && line.licence === licence)?.quantity ?? 0;
      const keys = [...server, ...browser].map((line) => `${line.id}:${line.licence}`);
      expect(merged.map(([id, licence]) => `${id}:${licence}`)).toEqual([...new Set(keys)]);
      for (const [id, licence, count] of merged)
        expect(count).toBe(
          Math.max(
            quantity(server, id as number, licence as string),
            quantity(browser, id as number, licence as string),
          ),
        );
    }
  });

  it('deletes the cart and favourites with the account (account.deleted)', async () => {
    await call(buyer, 'PUT', '/api/account/cart', { lines: [artworkLine(dusk)] });
    const gone = await signedInCookie(t.app, t.db, 'leaving@cart.test', 'customer');
    await call(gone, 'PUT', '/api/account/cart', { lines: [artworkLine(dawn, 2)] });
    await call(gone, 'PUT', '/api/account/favorites', { favorites: [dusk] });
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'leaving@cart.test')
      .executeTakeFirstOrThrow();
    const kept = async (table: 'buyer_carts' | 'buyer_cart_lines' | 'buyer_favorites') =>
      (await t.db.selectFrom(table).select('user_id').where('user_id', '=', user.id).execute()).length;
    expect([await kept('buyer_carts'), await kept('buyer_cart_lines'), await kept('buyer_favorites')]).toEqual([
      1, 1, 1,
    ]);
    const events = new EventBus({ db: t.db, log: quiet });
    registerBuyerCartListeners(events);
    await t.db.transaction().execute(async (trx) => {
      await events.emit(trx, { type: 'account.deleted', userId: user.id, email: 'leaving@cart.test' });
    });
    expect([await kept('buyer_carts'), await kept('buyer_cart_lines'), await kept('buyer_favorites')]).toEqual([
      0, 0, 0,
    ]);
    // Another buyer's cart is untouched.
    expect(summary(await cartOf(buyer)).lines).toEqual([[dusk, 'personal', 1, null]]);
  });
});
