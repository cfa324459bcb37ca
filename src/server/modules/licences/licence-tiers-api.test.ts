import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { waitForMail } from '#test-support/outbox.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';

type Line = { artworkId: number; licence: string; unitAmount: number; quantity: number; licenceTermsVersion: number };

describe.each(TEST_ENGINES)('licence tiers: pricing and order lines on %s', (engine) => {
  let t: TestApp;
  let buyer: string;
  let owner: string;
  let both: number;
  let personalOnly: number;
  let commercialOnly: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    buyer = await signedInCookie(t.app, t.db, 'tiers-buyer@shop.test', 'customer');
    owner = await signedInCookie(t.app, t.db, 'tiers-owner@shop.test', 'admin');
    [both, personalOnly, commercialOnly] = (await insertTestArtworks(t.db, [
      { title: 'Both Ways', price: 12, commercialPrice: 48.5 },
      { title: 'Home Only', price: 9 },
      { title: 'Studio Only', price: 10, offersPersonal: false, commercialPrice: 60 },
    ])) as [number, number, number];
  });
  afterAll(() => t.close());

  const intent = (items: object[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { items, email: 'tiers-buyer@shop.test' },
      headers: { cookie: buyer },
    });

  it('answers each artwork with the prices of the licences it offers, in dollars', async () => {
    const answer = (id: number) => t.app.inject({ url: `/api/artworks/${id}` }).then((r) => r.json());
    expect((await answer(both)).licences).toEqual({ personal: 12, commercial: 48.5 });
    expect((await answer(personalOnly)).licences).toEqual({ personal: 9, commercial: null });
    const studio = await answer(commercialOnly);
    expect(studio.licences).toEqual({ personal: null, commercial: 60 });
    // `price` is what the artwork starts at: here the only licence it is sold under.
    expect(studio.price).toBe(60);
  });

  it('prices a line by its licence, personal when none is named', async () => {
    const response = await intent([
      { id: both, quantity: 1 },
      { id: both, quantity: 2, licence: 'commercial' },
      { id: commercialOnly, quantity: 1, licence: 'commercial' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { amount, items } = response.json<{ amount: number; items: Line[] }>();
    expect(items.map((l) => [l.artworkId, l.licence, l.unitAmount, l.quantity])).toEqual([
      [both, 'personal', 1200, 1],
      [both, 'commercial', 4850, 2],
      [commercialOnly, 'commercial', 6000, 1],
    ]);
    expect(amount).toBe(1200 + 2 * 4850 + 6000);
  });

  it('adds up repeated lines of one artwork and licence, and keeps the two licences of one artwork apart', async () => {
    const response = await intent([
      { id: both, quantity: 1, licence: 'commercial' },
      { id: both, quantity: 1, licence: 'personal' },
      { id: both, quantity: 2, licence: 'commercial' },
    ]);
    const { items } = response.json<{ items: Line[] }>();
    // In the order each line first appears in the cart.
    expect(items.map((l) => [l.licence, l.quantity])).toEqual([
      ['commercial', 3],
      ['personal', 1],
    ]);
  });

  it('refuses a licence the artwork does not offer with 400 naming the line, and creates no order', async () => {
    const before = await t.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirst();
    const response = await intent([
      { id: both, quantity: 1 },
      { id: personalOnly, quantity: 1, licence: 'commercial' },
    ]);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; details: Record<string, string[]> }>();
    expect(Object.keys(body.details)).toEqual(['items.1.licence']);
    expect(body.details['items.1.licence']?.[0]).toMatch(/“Home Only” is not sold with a commercial licence/);
    const personal = await intent([{ id: commercialOnly, quantity: 1 }]);
    expect(personal.statusCode).toBe(400);
    expect(Object.keys(personal.json<{ details: object }>().details)).toEqual(['items.0.licence']);
    const unknown = await intent([{ id: both, quantity: 1, licence: 'resale' }]);
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ details: object }>().details)).toContain('items.0.licence');
    const after = await t.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('makes a different order for the same artwork under the other licence (the cart key names the licence)', async () => {
    const personal = (await intent([{ id: personalOnly, quantity: 3 }])).json<{ orderNumber: string }>();
    const again = (await intent([{ id: personalOnly, quantity: 3, licence: 'personal' }])).json<{
      orderNumber: string;
    }>();
    expect(again.orderNumber).toBe(personal.orderNumber);
    const commercial = (await intent([{ id: both, quantity: 3, licence: 'commercial' }])).json<{
      orderNumber: string;
    }>();
    const personalOfBoth = (await intent([{ id: both, quantity: 3 }])).json<{ orderNumber: string }>();
    expect(commercial.orderNumber).not.toBe(personalOfBoth.orderNumber);
    const keys = await t.db
      .selectFrom('orders')
      .select('cart_key')
      .where('order_number', 'in', [commercial.orderNumber, personalOfBoth.orderNumber])
      .execute();
    expect(new Set(keys.map((k) => k.cart_key)).size).toBe(2);
  });

  it('keeps a sold line’s licence and terms version when the owner changes the terms and stops offering the tier', async () => {
    const [artwork] = await insertTestArtworks(t.db, [{ title: 'Changing Mind', price: 8, commercialPrice: 30 }]);
    const bought = await buyWithTestCard(t, buyer, {
      items: [{ id: artwork!, quantity: 1, licence: 'commercial' }],
      email: 'tiers-buyer@shop.test',
    });
    const terms = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/licence-terms/commercial',
      payload: { summary: 'New commercial words.', allowed: ['Use it at work'], notAllowed: ['Resell the files'] },
      headers: { cookie: owner },
    });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json<{ version: number }>().version).toBe(2);
    const stop = await t.app.inject({
      method: 'PUT',
      url: `/api/artworks/${artwork}`,
      payload: { offersCommercial: false },
      headers: { cookie: owner },
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json<{ licences: object }>().licences).toEqual({ personal: 8, commercial: null });

    const receipt = await waitForMail(t.dataDir, 'tiers-buyer@shop.test', new RegExp(bought.paymentIntentId.slice(-8)));
    expect(receipt.text).toContain('Changing Mind by Test Artist — Commercial licence (terms version 1) — $30.00 each');
    expect(receipt.html).toContain('Commercial licence (terms version 1)');

    const line = await t.db
      .selectFrom('order_items')
      .select(['licence', 'licence_terms_version', 'unit_price_cents'])
      .where('id', '=', bought.itemId)
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ licence: 'commercial', licence_terms_version: 1, unit_price_cents: 3000 });
    const history = await t.app.inject({
      url: '/api/orders/tiers-buyer@shop.test',
      headers: { cookie: buyer },
    });
    const sold = history
      .json<{ orders: Array<{ orderNumber: string; items: Array<Line & { certificateNumber: string | null }> }> }>()
      .orders.find((o) => o.orderNumber === bought.orderNumber)!.items[0]!;
    expect(sold).toMatchObject({ licence: 'commercial', licenceTermsVersion: 1, unitAmount: 3000 });
    expect(sold.certificateNumber).toMatch(/^LC-\d+-[A-Z2-9]{16}$/);
    // A new sale is made under the new version.
    const later = await intent([{ id: both, quantity: 7, licence: 'commercial' }]);
    expect(later.json<{ items: Line[] }>().items[0]?.licenceTermsVersion).toBe(2);
  });

  it('lets only the owner save terms, and answers the current version of both to everyone', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/licence-terms/personal',
      payload: { summary: 'x', allowed: ['a'], notAllowed: ['b'] },
      headers: { cookie: buyer },
    });
    expect(refused.statusCode).toBe(403);
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/licence-terms/personal',
      payload: { summary: 'Fine', allowed: [], notAllowed: ['b'] },
      headers: { cookie: owner },
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ details: object }>().details)).toEqual(['allowed']);
    const list = (await t.app.inject({ url: '/api/licence-terms' })).json<{
      terms: Array<{ licence: string; version: number }>;
    }>();
    expect(list.terms.map((x) => x.licence)).toEqual(['personal', 'commercial']);
    expect(list.terms[0]?.version).toBe(1);
  });
});

describe.each(TEST_ENGINES)('licence tiers: the owner’s artwork form on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'form-owner@shop.test', 'admin');
    [id] = (await insertTestArtworks(t.db, [{ title: 'Form Test', price: 5 }])) as [number];
  });
  afterAll(() => t.close());

  const edit = (payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/artworks/${id}`, payload, headers: { cookie: owner } });

  it('requires the Commercial price when commercial is offered, naming the field', async () => {
    const response = await edit({ offersCommercial: true });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ details: object }>().details)).toEqual(['commercialPrice']);
  });

  it('requires at least one licence', async () => {
    const response = await edit({ offersPersonal: false });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ details: object }>().details)).toEqual(['offersPersonal']);
  });

  it('refuses a Commercial price with three decimals', async () => {
    const response = await edit({ offersCommercial: true, commercialPrice: 20.555 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ details: object }>().details)).toEqual(['commercialPrice']);
  });

  it('offers commercial only, then both, in the owner’s and the public answer', async () => {
    const commercialOnly = await edit({ offersPersonal: false, offersCommercial: true, commercialPrice: 25 });
    expect(commercialOnly.statusCode, commercialOnly.body).toBe(200);
    expect(commercialOnly.json<{ licences: object }>().licences).toEqual({ personal: null, commercial: 25 });
    const bothNow = await edit({ offersPersonal: true });
    expect(bothNow.json<{ licences: object }>().licences).toEqual({ personal: 5, commercial: 25 });
    const admin = await t.app.inject({ url: `/api/admin/artworks/${id}`, headers: { cookie: owner } });
    expect(admin.json<{ licences: object }>().licences).toEqual({ personal: 5, commercial: 25 });
    const row = await t.db
      .selectFrom('artworks')
      .select(['offers_personal', 'commercial_price_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ offers_personal: 1, commercial_price_cents: 2500 });
  });
});
