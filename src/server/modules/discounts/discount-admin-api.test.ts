import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from '#shared/discounts/discounts.ts';
import type { AdminDiscount } from '#shared/discounts/discounts-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { quoteOrder } from './quote-order';

const CODE = { kind: 'code', code: 'spring-10', percentOff: 10 };
const SALE = { kind: 'sale', name: 'Spring sale', percentOff: 20, scope: 'categories', categoryIds: ['nature'] };
const BREAK = { kind: 'quantity', name: '3 or more artworks: 25 % off', percentOff: 25, minQuantity: 3 };

describe.each(TEST_ENGINES)('the owner’s discounts API on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;
  let artworkIds: number[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    artworkIds = await insertTestArtworks(t.db, [
      { title: 'Quiet Harbour', price: 20, category: 'abstract' },
      { title: 'Paper Moon', price: 10, category: 'nature' },
    ]);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = owner) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });
  const create = (payload: object) => send('POST', '/api/admin/discounts', payload);
  const list = async () => (await send('GET', '/api/admin/discounts')).json<{ items: AdminDiscount[] }>().items;
  const quote = (code: string, userId?: number) =>
    quoteOrder(t.db, {
      lines: [{ artworkId: artworkIds[0]!, category: 'abstract', quantity: 1, listUnitCents: 2000 }],
      code,
      customer: userId === undefined ? undefined : { userId, email: `user-${userId}@example.com` },
      now: new Date(),
      currency: 'usd',
    });
  const catalogVersion = async () =>
    (await t.db.selectFrom('app_meta').select('value').where('key', '=', 'catalog-version').executeTakeFirst())?.value;

  it('is the owner’s alone: 401 signed out, 403 for a customer, on every route', async () => {
    const created = await create({ ...CODE, code: 'OWNER-ONLY' });
    const id = created.json<AdminDiscount>().id;
    const routes: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['GET', '/api/admin/discounts'],
      ['POST', '/api/admin/discounts', { ...CODE, code: 'SNEAKY' }],
      ['PUT', `/api/admin/discounts/${id}`, { ...CODE, code: 'SNEAKY' }],
      ['POST', `/api/admin/discounts/${id}/deactivate`],
      ['POST', `/api/admin/discounts/${id}/activate`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await send(method, url, payload, '')).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, payload, buyer)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await list()).map((d) => d.code)).not.toContain('SNEAKY');
  });

  it('creates a code, a sale and a quantity break, each as sent, the code kept upper-case', async () => {
    const code = await create({ ...CODE, minSubtotal: 15.5, maxUses: 10, oncePerCustomer: true });
    expect(code.statusCode, code.body).toBe(201);
    expect(code.json()).toMatchObject({
      kind: 'code',
      code: 'SPRING-10',
      name: 'SPRING-10',
      percentOff: 10,
      amountOff: null,
      minSubtotal: 15.5,
      maxUses: 10,
      oncePerCustomer: true,
      scope: 'all',
      active: true,
      status: 'active',
      uses: 0,
      heldUses: 0,
    });
    const fixed = await create({
      kind: 'code',
      code: 'five-off',
      name: 'Five dollars',
      amountOff: 5,
      scope: 'artworks',
      artworkIds: [artworkIds[1]],
      startsAt: '2099-01-01T00:00:00Z',
      endsAt: '2099-02-01T00:00:00.000+01:00',
      combinesWithSales: true,
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json()).toMatchObject({
      code: 'FIVE-OFF',
      name: 'Five dollars',
      amountOff: 5,
      percentOff: null,
      artworks: [{ id: artworkIds[1], title: 'Paper Moon' }],
      startsAt: '2099-01-01T00:00:00.000Z',
      endsAt: '2099-01-31T23:00:00.000Z',
      combinesWithSales: true,
      status: 'scheduled',
    });
    const sale = await create(SALE);
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json()).toMatchObject({ kind: 'sale', code: null, name: 'Spring sale', categoryIds: ['nature'] });
    const quantity = await create(BREAK);
    expect(quantity.statusCode, quantity.body).toBe(201);
    expect(quantity.json()).toMatchObject({ kind: 'quantity', minQuantity: 3, percentOff: 25 });

    // The pricing reads them as written: the code applies, at 10 %.
    expect(await quote('Spring-10')).toMatchObject({ codeProblem: null, discountCents: 200 });
    const kinds = (await list()).map((d) => d.kind);
    expect(kinds).toEqual(expect.arrayContaining(['code', 'sale', 'quantity']));
  });

  it('refuses each bad field with a 400 that names it', async () => {
    const cases: Array<[object, string]> = [
      [{ ...CODE, kind: 'coupon' }, 'kind'],
      [{ ...CODE, code: 'a' }, 'code'],
      [{ ...CODE, code: 'two words' }, 'code'],
      [{ ...CODE, code: 'x'.repeat(33) }, 'code'],
      [{ ...CODE, code: null }, 'code'],
      [{ ...CODE, percentOff: 0 }, 'percentOff'],
      [{ ...CODE, percentOff: 101 }, 'percentOff'],
      [{ ...CODE, percentOff: 12.5 }, 'percentOff'],
      [{ ...CODE, percentOff: null }, 'percentOff'],
      [{ ...CODE, amountOff: 5 }, 'amountOff'],
      [{ ...CODE, percentOff: null, amountOff: 0 }, 'amountOff'],
      [{ ...CODE, percentOff: null, amountOff: 5.555 }, 'amountOff'],
      [{ ...CODE, percentOff: null, amountOff: '5' }, 'amountOff'],
      [{ ...CODE, startsAt: 'tomorrow' }, 'startsAt'],
      [{ ...CODE, startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, 'endsAt'],
      [{ ...CODE, maxUses: 0 }, 'maxUses'],
      [{ ...CODE, minSubtotal: -1 }, 'minSubtotal'],
      [{ ...CODE, scope: 'everything' }, 'scope'],
      [{ ...CODE, scope: 'artworks' }, 'artworkIds'],
      [{ ...CODE, scope: 'artworks', artworkIds: [999_999] }, 'artworkIds'],
      [{ ...CODE, artworkIds: [1] }, 'artworkIds'],
      [{ ...CODE, scope: 'categories' }, 'categoryIds'],
      [{ ...CODE, scope: 'categories', categoryIds: ['cats'] }, 'categoryIds.0'],
      [{ ...CODE, name: 'n'.repeat(81) }, 'name'],
      [{ ...CODE, minQuantity: 3 }, 'minQuantity'],
      [{ ...SALE, name: '' }, 'name'],
      [{ ...SALE, percentOff: null }, 'percentOff'],
      [{ ...SALE, code: 'SALE' }, 'code'],
      [{ ...SALE, percentOff: null, amountOff: 5 }, 'amountOff'],
      [{ ...SALE, maxUses: 5 }, 'maxUses'],
      [{ ...SALE, oncePerCustomer: true }, 'oncePerCustomer'],
      [{ ...SALE, minSubtotal: 20 }, 'minSubtotal'],
      [{ ...SALE, combinesWithSales: true }, 'combinesWithSales'],
      [{ ...BREAK, minQuantity: null }, 'minQuantity'],
      [{ ...BREAK, minQuantity: 1 }, 'minQuantity'],
    ];
    const before = await list();
    for (const [payload, field] of cases) {
      const answer = await create(payload);
      expect(answer.statusCode, `${JSON.stringify(payload)}: ${answer.body}`).toBe(400);
      expect(Object.keys(answer.json<{ details?: object }>().details ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expect(await list()).toHaveLength(before.length);
  });

  it('refuses a code another discount has, whatever its case (409 naming code)', async () => {
    await create({ ...CODE, code: 'TWICE' });
    const again = await create({ ...CODE, code: ' twice ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ details: { code: [expect.stringContaining('already')] } });
    const other = (await create({ ...CODE, code: 'ONCE' })).json<AdminDiscount>();
    const renamed = await send('PUT', `/api/admin/discounts/${other.id}`, { ...CODE, code: 'twice' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ details: { code: [expect.any(String)] } });
  });

  it('edits a discount as a whole, but never its kind', async () => {
    const made = (await create({ ...CODE, code: 'EDIT-ME' })).json<AdminDiscount>();
    const edited = await send('PUT', `/api/admin/discounts/${made.id}`, {
      kind: 'code',
      code: 'edited',
      name: 'Edited',
      amountOff: 2.5,
      scope: 'categories',
      categoryIds: ['abstract', 'urban'],
      maxUses: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: made.id,
      code: 'EDITED',
      name: 'Edited',
      percentOff: null,
      amountOff: 2.5,
      scope: 'categories',
      categoryIds: ['abstract', 'urban'],
      maxUses: 3,
      active: true,
    });
    expect(await quote('EDIT-ME')).toMatchObject({ codeProblem: CODE_MESSAGES.unknown });
    expect(await quote('edited')).toMatchObject({ codeProblem: null, discountCents: 250 });

    const kind = await send('PUT', `/api/admin/discounts/${made.id}`, SALE);
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({ details: { kind: [expect.any(String)] } });
    expect((await send('PUT', '/api/admin/discounts/999999', CODE)).statusCode).toBe(404);
    expect((await send('PUT', '/api/admin/discounts/abc', CODE)).statusCode).toBe(400);
  });

  it('switches a code off (then "not valid" to buyers) and on again; an edit leaves that as it was', async () => {
    const made = (await create({ ...CODE, code: 'ON-OFF' })).json<AdminDiscount>();
    expect(await quote('on-off')).toMatchObject({ codeProblem: null });
    const off = await send('POST', `/api/admin/discounts/${made.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, status: 'off' });
    expect(await quote('on-off')).toMatchObject({ codeProblem: CODE_MESSAGES.unknown, discountCents: 0 });
    const buy = await send(
      'POST',
      '/api/create-payment-intent',
      { items: [{ id: artworkIds[0], quantity: 1 }], email: 'buyer@shop.test', code: 'ON-OFF' },
      buyer,
    );
    expect(buy.statusCode).toBe(400);
    expect(buy.json()).toMatchObject({ details: { code: [CODE_MESSAGES.unknown] } });

    const edited = await send('PUT', `/api/admin/discounts/${made.id}`, { ...CODE, code: 'ON-OFF', percentOff: 15 });
    expect(edited.json()).toMatchObject({ percentOff: 15, active: false });
    expect((await send('POST', `/api/admin/discounts/${made.id}/activate`)).json()).toMatchObject({
      active: true,
      status: 'active',
    });
    expect(await quote('on-off')).toMatchObject({ codeProblem: null, discountCents: 300 });
    expect((await send('POST', '/api/admin/discounts/999999/deactivate')).statusCode).toBe(404);
  });

  it('lists a code’s uses and what its paid orders brought in; its text is fixed once an order used it', async () => {
    const made = (await create({ ...CODE, code: 'USED', maxUses: 5 })).json<AdminDiscount>();
    const order = await buyWithTestCard(t, buyer, {
      items: [{ id: artworkIds[0]!, quantity: 1 }],
      email: 'buyer@shop.test',
      code: 'used',
    });
    const paid = await t.db
      .selectFrom('orders')
      .select(['discount_id', 'amount_cents', 'discount_cents'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ discount_id: made.id, amount_cents: 1800, discount_cents: 200 });
    const listed = (await list()).find((d) => d.id === made.id);
    expect(listed).toMatchObject({ uses: 1, heldUses: 0, maxUses: 5, revenue: 1800, discounted: 200 });

    const renamed = await send('PUT', `/api/admin/discounts/${made.id}`, { ...CODE, code: 'RENAMED', maxUses: 5 });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ details: { code: [expect.stringContaining('used')] } });
    // Other fields may change; the paid order keeps what it was charged.
    const raised = await send('PUT', `/api/admin/discounts/${made.id}`, { ...CODE, code: 'USED', percentOff: 50 });
    expect(raised.statusCode, raised.body).toBe(200);
    const kept = await t.db
      .selectFrom('orders')
      .select(['amount_cents', 'discount_cents', 'discount_label'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ amount_cents: 1800, discount_cents: 200, discount_label: 'USED' });
    // A second paid order: the limit may come down to the uses paid for (used up), not below them.
    await buyWithTestCard(t, buyer, {
      items: [{ id: artworkIds[0]!, quantity: 2 }],
      email: 'buyer@shop.test',
      code: 'USED',
    });
    const down = await send('PUT', `/api/admin/discounts/${made.id}`, { ...CODE, code: 'USED', maxUses: 2 });
    expect(down.json()).toMatchObject({ uses: 2, maxUses: 2, status: 'used-up' });
    const below = await send('PUT', `/api/admin/discounts/${made.id}`, { ...CODE, code: 'USED', maxUses: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ details: { maxUses: [expect.stringContaining('used 2 times')] } });
    expect(await quote('used')).toMatchObject({ codeProblem: CODE_MESSAGES.usedUp });
  });

  it('drops the catalogue’s kept answers when a sale or a quantity break is made, changed or switched off', async () => {
    const before = await catalogVersion();
    const sale = (await create({ ...SALE, name: 'Flash sale' })).json<AdminDiscount>();
    const afterCreate = await catalogVersion();
    expect(afterCreate).not.toBe(before);
    await send('PUT', `/api/admin/discounts/${sale.id}`, { ...SALE, name: 'Flash sale', percentOff: 30 });
    const afterEdit = await catalogVersion();
    expect(afterEdit).not.toBe(afterCreate);
    await send('POST', `/api/admin/discounts/${sale.id}/deactivate`);
    const afterSwitch = await catalogVersion();
    expect(afterSwitch).not.toBe(afterEdit);
    await create({ ...BREAK, name: 'Five or more', minQuantity: 5 });
    expect(await catalogVersion()).not.toBe(afterSwitch);
  });

  it('has no code for the checkout’s test-mode note without the demo', async () => {
    await create({ ...CODE, code: 'WELCOME10' });
    const config = await send('GET', '/api/payments/config', undefined, '');
    expect(config.json()).toEqual({
      provider: 'test',
      methods: 'card',
      demoCode: null,
      taxes: { charged: false, pricesIncludeTax: false },
    });
  });
});
