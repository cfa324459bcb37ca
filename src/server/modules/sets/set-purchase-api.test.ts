import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quarterOf } from '#shared/taxes/tax-report.ts';
import type { TaxReport } from '#shared/taxes/tax-report-schema.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { TAXED_STORE } from '#test-support/tax-orders.ts';
import { testCardIssuedIn } from '#test-support/tax-settings.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Buying a set: one order line per piece, carrying the set, that add up to the set's price, each taxed on its own
// (tax rounded per line, half up) and counted so in the quarter's OSS report.
describe.each(TEST_ENGINES)('buying a set, on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;
  let ids: number[];
  let set: OwnerSet;

  beforeAll(async () => {
    t = await createTestApp(engine, TAXED_STORE);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    ids = await insertTestArtworks(t.db, [
      { title: 'North', price: 12.99 },
      { title: 'South', price: 7.45 },
      { title: 'East', price: 3.33 },
    ]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sets',
      payload: { title: 'Compass', artworkIds: ids, percentOff: 17 },
      headers: { cookie: owner },
    });
    expect(made.statusCode, made.body).toBe(201);
    set = made.json<OwnerSet>();
  });
  afterAll(() => t.close());

  it('makes one line per piece, adding up to the set, each with its VAT, and the OSS report per piece', async () => {
    const paid = await buyWithTestCard(
      t,
      buyer,
      { items: [], sets: [{ setId: set.id }], email: 'buyer@shop.test' },
      { country: 'FR', cardNumber: testCardIssuedIn('FR') },
    );
    const lines = await t.db
      .selectFrom('order_items')
      .select(['artwork_id', 'set_id', 'line_total_cents', 'net_cents', 'tax_cents', 'tax_rate_bp', 'quantity'])
      .where('order_id', '=', paid.orderId)
      .orderBy('id')
      .execute();
    // 2377 less 17 % (404.09 → 404) = 1973.
    expect(set.personal?.price).toBe(19.73);
    expect(lines.map((line) => line.artwork_id)).toEqual(ids);
    expect(lines.every((line) => line.set_id === set.id && line.quantity === 1)).toBe(true);
    expect(lines.reduce((sum, line) => sum + line.line_total_cents, 0)).toBe(1973);
    // France's 20 %, on each line and rounded there, half up.
    for (const line of lines) {
      expect(line.tax_rate_bp).toBe(2000);
      expect(line.tax_cents).toBe(Math.floor((line.net_cents * 2000 * 2 + 10_000) / 20_000));
    }
    const order = await t.db
      .selectFrom('orders')
      .select(['amount_cents', 'tax_cents'])
      .where('id', '=', paid.orderId)
      .executeTakeFirstOrThrow();
    const lineTax = lines.reduce((sum, line) => sum + line.tax_cents, 0);
    expect(order.tax_cents).toBe(lineTax);
    expect(order.amount_cents).toBe(1973 + lineTax);

    const report = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tax/report?quarter=${quarterOf(new Date())}`,
      headers: { cookie: owner },
    });
    expect(report.statusCode, report.body).toBe(200);
    const france = report.json<TaxReport>().rows.find((row) => row.country === 'FR');
    expect(france).toMatchObject({ scheme: 'oss', netCents: 1973, taxCents: lineTax, invoices: 1 });
  });
});
