import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_MESSAGES } from '../src/shared/orders/checkout-return';
import { waitForMail } from '../test-support/outbox';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { addToCart, createCustomer, fillCard, signInThrough } from './support/checkout-steps';
import { startTestServer } from './support/test-server';

// A store of its own with PAYMENT_METHODS=automatic, GUEST_CHECKOUT=true and the built-in test provider: a signed-in
// buyer pays with the test wallet, with the test redirect method (its bank approves; or declines, and they pay again)
// and by card, and a guest pays with the wallet and at the bank too, at a phone's width and a desktop's. Screenshots go to SCREENSHOT_DIR (or screenshots/) to be looked at by eye.
let browser: Browser;
let store: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
const shots = process.env.SCREENSHOT_DIR ?? path.resolve('screenshots');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-methods-'));
  browser = await launchBrowser();
  store = await startTestServer(dataDir, { PAYMENT_METHODS: 'automatic', GUEST_CHECKOUT: 'true' });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await store?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function shot(page: Page, name: string) {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

const SIZES = [
  { width: 'phone', size: PHONE, artwork: 3 },
  { width: 'desktop', size: DESKTOP, artwork: 4 },
];

/** The checkout with the contact details filled (a guest's address too) and the method chosen. */
async function checkoutWith(page: Page, method: 'Card' | 'Test Wallet' | 'Test Bank', guestEmail?: string) {
  if (guestEmail) await page.getByLabel('Email').fill(guestEmail);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Methods');
  await page.getByRole('radio', { name: new RegExp(`^${method}`) }).check();
}

/** With guest checkout on, /checkout takes a signed-out visitor: the buyer signs in on the way to their orders. */
async function signInToCheckout(page: Page, account: { email: string; password: string }) {
  await signInThrough(page, store.url, '/orders', account);
  await page.goto(`${store.url}/checkout`);
  await page.getByLabel('First name').waitFor();
}

/**
 * At the test bank: declined first (a clear message on the return page, and back to the checkout, whose cart pays
 * the same order again), then approved, back on the success screen naming the bank. Screenshots under `shotName`.
 */
async function declineThenApproveAtBank(page: Page, shotName: string, guestEmail?: string) {
  await checkoutWith(page, 'Test Bank', guestEmail);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/payments\/test-bank\?payment_intent=/);
  await page.getByRole('heading', { name: 'Approve your payment' }).waitFor();
  await shot(page, shotName);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(/\/checkout\/return\?payment_intent=.*redirect_status=failed/);
  await page.getByRole('heading', { name: 'Payment not completed' }).waitFor();
  expect(await page.getByRole('alert').textContent()).toBe(RETURN_MESSAGES.failed);
  await shot(page, `${shotName}-declined`);

  await page.getByRole('link', { name: 'Back to Checkout' }).click();
  await page.waitForURL(`${store.url}/checkout`);
  await checkoutWith(page, 'Test Bank', guestEmail);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/payments\/test-bank\?payment_intent=/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/checkout\/return\?payment_intent=.*redirect_status=succeeded/);
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
  expect(await page.locator('.order-complete__facts').textContent()).toContain('Test Bank');
  await shot(page, `${shotName}-complete`);
}

const orderNumberOn = async (page: Page) =>
  ((await page.locator('.order-complete__facts dd').first().textContent()) ?? '').replace('#', '');

describe('wallets and local methods with the built-in test provider', () => {
  it.each(SIZES)('pays with the test wallet ($width)', async ({ width, size, artwork }) => {
    const account = { email: `wallet-${width}@example.test`, password: 'wallet buyer password' };
    await createCustomer(store.url, dataDir, account);
    const { page, context, errors } = await openPage(browser, size);
    try {
      await addToCart(page, store.url, artwork);
      await signInToCheckout(page, account);
      await checkoutWith(page, 'Test Wallet');
      expect(await page.getByLabel('Card number').count()).toBe(0);
      await shot(page, `methods-wallet-checkout-${width}`);
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('.order-complete__facts').textContent()).toContain('Test Wallet (Visa ••4242)');
      await shot(page, `methods-wallet-complete-${width}`);
      const receipt = await waitForMail(dataDir, account.email, new RegExp(await orderNumberOn(page)));
      expect(receipt.text).toContain('Paid with: Test Wallet (Visa ••4242)');
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(SIZES)(
    'pays at the test bank: declined, a clear message and paying again, then approved ($width)',
    async ({ width, size, artwork }) => {
      const account = { email: `bank-${width}@example.test`, password: 'bank buyer password' };
      await createCustomer(store.url, dataDir, account);
      const { page, context, errors } = await openPage(browser, size);
      try {
        await addToCart(page, store.url, artwork + 2);
        await signInToCheckout(page, account);
        await declineThenApproveAtBank(page, `methods-bank-${width}`);

        // The cart is done with, and the order is paid in the buyer's history.
        await page.goto(`${store.url}/orders`);
        await page.getByText('Test Bank').first().waitFor({ timeout: 10_000 });
        expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.each(SIZES)('still pays by card among the methods ($width)', async ({ width, size, artwork }) => {
    const account = { email: `card-${width}@example.test`, password: 'card buyer password' };
    await createCustomer(store.url, dataDir, account);
    const { page, context, errors } = await openPage(browser, size);
    try {
      await addToCart(page, store.url, artwork + 4);
      await signInToCheckout(page, account);
      await checkoutWith(page, 'Card');
      await fillCard(page, '4242424242424242');
      await shot(page, `methods-card-checkout-${width}`);
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('.order-complete__facts').textContent()).toContain('Visa ••4242');
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** The guest's order page, from the link on the success screen: its files are there to download. */
async function guestLibraryShown(page: Page) {
  await page.getByRole('heading', { name: 'Your downloads' }).waitFor();
  await page.locator('.download-item').first().waitFor();
}

describe('a guest paying with wallets and local methods', () => {
  it.each(SIZES)('pays with the test wallet without an account ($width)', async ({ width, size, artwork }) => {
    const email = `wallet-guest-${width}@example.test`;
    const { page, context, errors } = await openPage(browser, size);
    try {
      await addToCart(page, store.url, artwork + 6);
      await page.goto(`${store.url}/checkout`);
      await page.getByText('Checking out as a guest.').waitFor();
      await checkoutWith(page, 'Test Wallet', email);
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
      expect(await page.locator('.order-complete__facts').textContent()).toContain('Test Wallet (Visa ••4242)');
      await guestLibraryShown(page);
      const receipt = await waitForMail(dataDir, email, new RegExp(await orderNumberOn(page)));
      expect(receipt.text).toContain('Paid with: Test Wallet (Visa ••4242)');
      expect(receipt.text).toMatch(/\/guest-orders\/WA-/);
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(SIZES)(
    'pays at the test bank without an account: declined, then approved, and back to their downloads ($width)',
    async ({ width, size, artwork }) => {
      const email = `bank-guest-${width}@example.test`;
      const { page, context, errors } = await openPage(browser, size);
      try {
        await addToCart(page, store.url, artwork + 8);
        await page.goto(`${store.url}/checkout`);
        await declineThenApproveAtBank(page, `methods-bank-guest-${width}`, email);
        // The success screen's button leads to the guest's own order page, signed, with the files.
        await page.getByRole('link', { name: 'Download Your Artwork' }).click();
        await page.waitForURL(/\/guest-orders\/WA-/);
        await page.locator('.download-item').first().waitFor();
        expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
