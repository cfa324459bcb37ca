import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quarterBounds, TAX_REPORT_MESSAGES } from '#shared/taxes/tax-report.ts';
import type { TaxReport, TaxSettingsView } from '#shared/taxes/tax-report-schema.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { generateTaxOrders, TAXED_STORE } from '#test-support/tax-orders.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

type Method = 'GET' | 'PUT';

describe.each(TEST_ENGINES)('the owner’s tax API on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { ...TAXED_STORE, INVOICE_FIRST_NUMBER: '1000', VIES_URL: 'https://vies.test/' });
    owner = await signedInCookie(t.app, t.db, 'owner@tax.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@tax.test', 'customer');
  });
  afterAll(() => t.close());

  const send = (method: Method, url: string, payload?: object, cookie = owner) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });

  it('is the owner’s alone: 401 signed out, 403 for a customer, on every route', async () => {
    const routes: Array<[Method, string, object?]> = [
      ['GET', '/api/admin/tax/settings'],
      ['GET', '/api/admin/tax/report?quarter=2026-Q4'],
      ['GET', '/api/admin/tax/report.csv?quarter=2026-Q4'],
      ['PUT', '/api/admin/tax/eur-rates/2026-Q4', { rate: '1.1' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await send(method, url, payload, '')).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method, url, payload, buyer)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await send('GET', '/api/admin/tax/report?quarter=2026-Q4')).json<TaxReport>().storedEurRate).toBeNull();
  });

  it('shows the settings it runs with, the next numbers and the rates the registrations charge', async () => {
    const before = (await send('GET', '/api/admin/tax/settings')).json<TaxSettingsView>();
    expect(before).toMatchObject({
      seller: { name: 'Atelier Test GmbH', country: 'DE', taxId: 'DE123456789' },
      registrations: ['eu', 'gb', 'no'],
      currency: 'usd',
      pricesIncludeTax: false,
      invoice: { prefix: 'INV-', nextNumber: 1000, nextDisplay: 'INV-001000' },
      creditNote: { prefix: 'CN-', nextNumber: 1, nextDisplay: 'CN-000001' },
      viesConfigured: true,
      stripeTax: false,
      ratesDate: '2025-08-01',
    });
    // The 27 member states (Germany domestic, the others OSS), the UK and Norway.
    expect(before.rates).toHaveLength(29);
    expect(before.rates.find((rate) => rate.country === 'DE')).toEqual({
      country: 'DE',
      scheme: 'domestic',
      rateBp: 1900,
    });
    expect(before.rates.find((rate) => rate.country === 'FI')).toEqual({ country: 'FI', scheme: 'oss', rateBp: 2550 });
    expect(before.rates.find((rate) => rate.country === 'NO')).toEqual({ country: 'NO', scheme: 'no', rateBp: 2500 });

    const orders = await generateTaxOrders(t.db, t.config, {
      count: 12,
      seed: 7,
      paidIn: [quarterBounds('2026-Q4')!],
      refundsUntil: new Date('2026-12-31T00:00:00Z'),
    });
    const refunds = orders.reduce((sum, order) => sum + order.refunds.length, 0);
    expect(refunds).toBeGreaterThan(0);
    const after = (await send('GET', '/api/admin/tax/settings')).json<TaxSettingsView>();
    expect(after.invoice).toEqual({ prefix: 'INV-', nextNumber: 1012, nextDisplay: 'INV-001012' });
    expect(after.creditNote.nextNumber).toBe(1 + refunds);
  });

  it.each([
    ['missing', ''],
    ['a fifth quarter', 'quarter=2026-Q5'],
    ['no dash', 'quarter=2026Q4'],
    ['lower case', 'quarter=2026-q4'],
    ['a month', 'quarter=2026-10'],
    ['a year too early', 'quarter=1999-Q4'],
    ['twice', 'quarter=2026-Q3&quarter=2026-Q4'],
    ['a script', 'quarter=%3Cscript%3E'],
  ])('refuses a bad quarter (%s) with 400 naming `quarter`, for JSON and CSV', async (_name, query) => {
    for (const path of ['/api/admin/tax/report', '/api/admin/tax/report.csv']) {
      const response = await send('GET', `${path}?${query}`);
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(Object.keys(response.json<{ details: object }>().details)).toEqual(['quarter']);
    }
  });

  it('refuses a bad quarter in the rate’s address with 400 naming `quarter`', async () => {
    const response = await send('PUT', '/api/admin/tax/eur-rates/2026-Q9', { rate: '1.1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ details: { quarter: [TAX_REPORT_MESSAGES.quarter] } });
  });

  it.each(['0', '-1.08', 'abc', '1,0815', '1.1234567', '1e3', 'Infinity', '', '99999', '1.08%20EUR'])(
    'refuses the rate %j with 400 naming `eurRate` (report) or `rate` (kept)',
    async (rate) => {
      for (const path of ['/api/admin/tax/report', '/api/admin/tax/report.csv']) {
        const response = await send('GET', `${path}?quarter=2026-Q4&eurRate=${rate}`);
        expect(response.statusCode, `${path} ${rate}`).toBe(400);
        expect(response.json()).toMatchObject({ details: { eurRate: [TAX_REPORT_MESSAGES.eurRate] } });
      }
      const kept = await send('PUT', '/api/admin/tax/eur-rates/2026-Q4', { rate });
      expect(kept.statusCode).toBe(400);
      expect(Object.keys(kept.json<{ details: object }>().details)).toEqual(['rate']);
    },
  );

  it('refuses a rate that is not a number or text, and no body, with 400 naming `rate`', async () => {
    for (const payload of [{ rate: null }, { rate: true }, { rate: -2 }, {}]) {
      const response = await send('PUT', '/api/admin/tax/eur-rates/2026-Q4', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json<{ details: object }>().details)).toEqual(['rate']);
    }
    const numeric = await send('PUT', '/api/admin/tax/eur-rates/2026-Q3', { rate: 1.0815 });
    expect(numeric.json()).toEqual({ quarter: '2026-Q3', rate: '1.0815' });
  });
});

describe.each(TEST_ENGINES)('the tax API of a store without registrations, and of one in euros, on %s', (engine) => {
  let plain: TestApp;
  let euros: TestApp;
  let plainOwner: string;
  let euroOwner: string;

  beforeAll(async () => {
    plain = await createTestApp(engine);
    euros = await createTestApp(engine, { ...TAXED_STORE, STORE_CURRENCY: 'eur', PRICES_INCLUDE_TAX: 'true' });
    plainOwner = await signedInCookie(plain.app, plain.db, 'owner@plain.test', 'admin');
    euroOwner = await signedInCookie(euros.app, euros.db, 'owner@euro.test', 'admin');
  });
  afterAll(async () => {
    await plain.close();
    await euros.close();
  });

  it('shows no registrations and no rates when no tax is charged', async () => {
    const response = await plain.app.inject({ url: '/api/admin/tax/settings', headers: { cookie: plainOwner } });
    expect(response.json()).toMatchObject({
      seller: { name: null, address: null, country: null, taxId: null },
      registrations: [],
      rates: [],
      invoice: { nextNumber: 1, nextDisplay: 'INV-000001' },
      viesConfigured: false,
    });
  });

  it('has no euro figures in a store that charges euros, and keeps no rate for it', async () => {
    const get = (url: string) => euros.app.inject({ url, headers: { cookie: euroOwner } });
    const report = (await get('/api/admin/tax/report?quarter=2026-Q4&eurRate=1.2')).json<TaxReport>();
    expect(report).toMatchObject({ currency: 'eur', eurRate: null, totals: { eurNetCents: null } });
    expect((await get('/api/admin/tax/report.csv?quarter=2026-Q4&eurRate=1.2')).body).toBe(
      'Country,Country name,Scheme,Treatment,Rate %,Net (EUR),Tax (EUR),Invoices,Credit notes\r\n',
    );
    const kept = await euros.app.inject({
      method: 'PUT',
      url: '/api/admin/tax/eur-rates/2026-Q4',
      payload: { rate: '1.2' },
      headers: { cookie: euroOwner },
    });
    expect(kept.statusCode).toBe(400);
    expect(kept.json()).toMatchObject({ details: { rate: [TAX_REPORT_MESSAGES.eurStore] } });
    expect((await get('/api/admin/tax/settings')).json()).toMatchObject({ currency: 'eur', pricesIncludeTax: true });
  });
});
