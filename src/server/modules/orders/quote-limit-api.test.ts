import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { insertTestDiscount } from '#test-support/discount-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// The cart's quote needs no sign-in: the quotes that try a discount code or a VAT number are counted per address
// (QUOTE_CODE_RATE_LIMIT, 30 a minute by default), in the database, so the limit holds across instances.
describe.each(TEST_ENGINES)('the quote limit on codes and VAT numbers on %s', (engine) => {
  let t: TestApp;
  let artworkId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Quiet Harbour', price: 20 }])) as [number];
    await insertTestDiscount(t.db, { code: 'SPRING', percent_off: 10 });
  });
  afterAll(() => t.close());

  /** One quote from `address`; each test asks from an address of its own, so their counts do not mix. */
  const quote = (address: string, extra: { code?: string; vatNumber?: string; country?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: artworkId, quantity: 1 }], ...extra },
      remoteAddress: address,
    });
  const statusesOf = async (count: number, ask: (index: number) => ReturnType<typeof quote>) => {
    const statuses: number[] = [];
    // One after the other: the 31st must come after the first 30.
    for (let index = 0; index < count; index++) statuses.push((await ask(index)).statusCode);
    return statuses;
  };

  it('answers 30 code quotes a minute from one address, then 429 with Retry-After and a message', async () => {
    const statuses = await statusesOf(30, (index) =>
      quote('10.7.0.1', { code: index % 2 ? 'SPRING' : `GUESS${index}` }),
    );
    expect(statuses).toEqual(Array(30).fill(200));

    const limited = await quote('10.7.0.1', { code: 'SPRING' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ error: CHECKOUT_MESSAGES.tooManyQuoteChecks });

    // Another address has its own count.
    const elsewhere = await quote('10.7.0.2', { code: 'SPRING' });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json<CartQuote>().code).toMatchObject({ code: 'SPRING', applied: true });
  });

  it('does not count quotes of quantities and a country, nor a blank code', async () => {
    const statuses = await statusesOf(40, (index) =>
      quote('10.7.1.1', index % 2 ? { country: 'FR' } : { code: '   ', vatNumber: '' }),
    );
    expect(statuses).toEqual(Array(40).fill(200));
    // The plain quotes spent nothing of the address's allowance for codes.
    expect((await quote('10.7.1.1', { code: 'SPRING' })).statusCode).toBe(200);
  });

  it('counts VAT-number quotes with the code quotes', async () => {
    const statuses = await statusesOf(30, (index) =>
      quote('10.7.2.1', index < 20 ? { country: 'FR', vatNumber: 'FR40303265045' } : { code: 'SPRING' }),
    );
    expect(statuses).toEqual(Array(30).fill(200));
    const limited = await quote('10.7.2.1', { country: 'FR', vatNumber: 'FR40303265045' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // A plain quote from the same address still answers while its codes are refused.
    expect((await quote('10.7.2.1', { country: 'FR' })).statusCode).toBe(200);
  });
});

describe('the quote limit set by QUOTE_CODE_RATE_LIMIT', () => {
  let t: TestApp;
  let artworkId: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { QUOTE_CODE_RATE_LIMIT: '2' });
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Quiet Harbour', price: 20 }])) as [number];
  });
  afterAll(() => t.close());

  it('refuses the third code quote a minute', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: { items: [{ id: artworkId, quantity: 1 }], code: 'NOPE' },
        remoteAddress: '10.7.3.1',
      });
    expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([200, 200, 429]);
  });
});
