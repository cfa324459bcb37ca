import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_ORDER_MESSAGES } from '../src/shared/orders/free-order';
import { waitForMail } from '../test-support/outbox';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, signInThrough } from './support/checkout-steps';
import { addPercentCode } from './support/discount-codes';
import { storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
// A demo artwork no other browser test buys, and a code of this run for 100 % off.
const FREE_ARTWORK = 24;
const CODE = `FREE-${Date.now()}`;

let browser: Browser;

beforeAll(async () => {
  await addPercentCode(dataDir, { code: CODE, name: 'Free (browser test)', percentOff: 100 });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('free orders in Chromium', () => {
  it.each([
    { width: 'phone', size: PHONE },
    { width: 'desktop', size: DESKTOP },
  ])(
    'completes a 100 percent code order without a card form and shows the downloads ($width)',
    async ({ width, size }) => {
      const account = { email: `free-${width}-${Date.now()}@example.test`, password: 'free order password' };
      await createCustomer(baseUrl, dataDir, account);
      const { page, context, errors } = await openPage(browser, size);
      try {
        await addToCart(page, baseUrl, FREE_ARTWORK);
        await page.goto(`${baseUrl}/cart`);
        await page.getByLabel('Discount code').fill(CODE);
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.getByText(`Code ${CODE} applied`).waitFor();

        await signInThrough(page, baseUrl, '/checkout', account);
        const getIt = page.getByRole('button', { name: FREE_ORDER_MESSAGES.button });
        await getIt.waitFor();
        await page.getByText(FREE_ORDER_MESSAGES.noPaymentNeeded).waitFor();
        expect(await page.getByLabel('Card number').count()).toBe(0);
        expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
        await page.getByLabel('First name').fill('Nora');
        await page.getByLabel('Last name').fill('Free');
        await screenshot(page, `free-order-checkout-${width}`);

        await getIt.click();
        await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
        const facts = page.locator('.order-complete__facts');
        const orderNumber = ((await facts.locator('dd').first().textContent()) ?? '').replace('#', '');
        // No payment intent: the order's own number.
        expect(orderNumber).toMatch(/^WA-[A-Z0-9]{8}$/);
        expect(await facts.textContent()).toContain(FREE_ORDER_MESSAGES.paidWith);
        expect(await page.getByRole('link', { name: 'Download Your Artwork' }).getAttribute('href')).toBe('/downloads');
        await screenshot(page, `free-order-complete-${width}`);

        const receipt = await waitForMail(dataDir, account.email, new RegExp(`receipt for order #${orderNumber}`));
        expect(receipt.text).toContain(FREE_ORDER_MESSAGES.noPaymentTaken);

        await page.getByRole('link', { name: 'Download Your Artwork' }).click();
        await page.waitForURL(`${baseUrl}/downloads`);
        await page.getByText(`Order #${orderNumber}`).first().waitFor();
        await screenshot(page, `free-order-downloads-${width}`);
        expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
