import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { createDatabase } from '../src/server/db/database';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { E2E_OWNER, startTestServer } from './support/test-server';

// A store of its own that allows three code checks a minute per address, behind a proxy it trusts, so that each
// browser below comes from an address of its own. A buyer who guesses codes is told to wait, beside the field
// they typed in, and can still pay the cart's own prices. The owner reads a code paid past its limit (a payment
// that arrived for a checkout whose hold had run out) on the discounts page.
const LIMIT = 3;
const ARTWORK = 2;
let browser: Browser;
let store: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-quote-limit-'));
  store = await startTestServer(dataDir, { QUOTE_CODE_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'true' });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await store?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const viewports = [
  ['390 px', PHONE, '198.51.100.10'],
  ['1280 px', DESKTOP, '198.51.100.11'],
] as const;

describe('a buyer guessing discount codes', () => {
  for (const [name, viewport, address] of viewports) {
    it(`is told to wait after ${LIMIT} codes a minute and can still pay without one at ${name}`, async () => {
      const account = { email: `guesser-${address}@example.test`, password: 'code guesser password' };
      await createCustomer(store.url, dataDir, account);
      const { page, context, errors } = await openPage(browser, viewport);
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
      try {
        await signInThrough(page, store.url, '/orders', account);
        await addToCart(page, store.url, ARTWORK);
        await page.goto(`${store.url}/cart`);
        const summary = page.getByRole('complementary', { name: 'Order Summary' });
        for (let guess = 1; guess <= LIMIT; guess++) {
          await page.getByLabel('Discount code').fill(`GUESS-${guess}`);
          await page.getByRole('button', { name: 'Apply' }).click();
          await summary.getByRole('alert').getByText('This code is not valid.').waitFor();
        }
        await page.getByLabel('Discount code').fill('GUESS-4');
        await page.getByRole('button', { name: 'Apply' }).click();
        const alert = summary.getByRole('alert');
        await alert.getByText(CHECKOUT_MESSAGES.tooManyQuoteChecks).waitFor();
        expect(await page.getByLabel('Discount code').getAttribute('aria-describedby')).toBe(
          await alert.getAttribute('id'),
        );
        // The cart still shows its own total, so the buyer can go on without a code.
        expect(await summary.locator('.order-summary__total').last().textContent()).toMatch(/^\$\d+\.\d{2}$/);
        await screenshot(page, `quote-limit-cart-${viewport.width}`);

        expect(await payWithTestCard(page, store.url)).toMatch(/^[A-Za-z0-9_]{8}$/);
        // The browser's own console shows each 429 as a failed resource; nothing else may go wrong.
        expect(errors.filter((error) => !error.includes('429'))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

/**
 * A code limited to one use, paid twice: the two orders above are said to have used it, the later one by a payment
 * that came for a checkout whose hold had run out (how that is recorded is tested against the API).
 */
async function recordOverspentCode(code: string) {
  const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.sqlite') });
  try {
    const now = new Date().toISOString();
    const { id } = await db
      .insertInto('discounts')
      .values({
        kind: 'code',
        code,
        name: 'One use only',
        percent_off: 50,
        max_uses: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paid = await db.selectFrom('orders').select('id').where('paid_at', 'is not', null).orderBy('id').execute();
    expect(paid).toHaveLength(2);
    await db
      .updateTable('orders')
      .set({ discount_id: id })
      .where(
        'id',
        'in',
        paid.map((order) => order.id),
      )
      .execute();
    await db
      .insertInto('discount_overspends')
      .values({ discount_id: id, order_id: paid[1]!.id, reason: 'max-uses', created_at: now })
      .execute();
  } finally {
    await db.destroy();
  }
}

describe('the owner', () => {
  it('reads a code paid past its limit on the discounts page at 390 and 1280 px', async () => {
    await recordOverspentCode('ONCE-ONLY');
    for (const viewport of [PHONE, DESKTOP]) {
      const { page, context, errors } = await openPage(browser, viewport);
      try {
        await signInThrough(page, store.url, '/admin/discounts', E2E_OWNER);
        const row = page.getByRole('row').filter({ hasText: 'ONCE-ONLY' });
        await row.getByText('1 over the limit').waitFor();
        expect(await row.textContent()).toContain('2 / 1');
        await screenshot(page, `discount-overspent-${viewport.width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
