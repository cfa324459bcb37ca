import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViesTestServer, type ViesTestServer } from '../test-support/vies-test-server';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, fillCard, signInThrough } from './support/checkout-steps';
import { startTestServer, storeOfThisFile } from './support/test-server';

// The default store, registered for VAT nowhere.
const untaxed = await storeOfThisFile();

// VAT as buyers meet it, in stores of their own: one that adds VAT (registered for the EU's One-Stop Shop and the
// UK), one whose prices include it, and the shared store, which is registered nowhere and charges none.
const SELLER = {
  SELLER_NAME: 'Atelier Browser Test',
  SELLER_ADDRESS: '1 Test Street, Springfield',
  SELLER_COUNTRY: 'US',
  SELLER_TAX_ID: 'EU372999999',
};
const ARTWORK = 1;
const GERMAN_CARD = '4000002760000016';
const BRITISH_CARD = '4000008260000000';
const FRENCH_CARD = '4000002500000003';
const FRENCH_BUSINESS = 'FR40303265045';

type Store = Awaited<ReturnType<typeof startTestServer>> & { dataDir: string; price: number };

let browser: Browser;
let vies: ViesTestServer;
let adding: Store;
let including: Store;
const stores: Store[] = [];
let buyers = 0;

async function startStore(env: Record<string, string>): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-tax-'));
  const server = await startTestServer(dataDir, { ...SELLER, VIES_URL: vies.url, ...env });
  const artwork = (await (await fetch(`${server.url}/api/artworks/${ARTWORK}`)).json()) as { price: number };
  const store = { ...server, dataDir, price: artwork.price };
  stores.push(store);
  return store;
}

beforeAll(async () => {
  browser = await launchBrowser();
  vies = await startViesTestServer({ valid: [FRENCH_BUSINESS] });
  [adding, including] = await Promise.all([
    startStore({ TAX_REGISTRATIONS: 'eu,gb' }),
    startStore({ TAX_REGISTRATIONS: 'eu', PRICES_INCLUDE_TAX: 'true' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  for (const store of stores) {
    await store.close();
    fs.rmSync(store.dataDir, { recursive: true, force: true });
  }
  await vies?.close();
});

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (dollars: number) => Math.round(dollars * 100);
/** 19 % of the price, half up, as the store rounds each line. */
const vatOf = (price: number, rateBp: number) => Math.floor((cents(price) * rateBp * 2 + 10_000) / 20_000);

/** A new customer of the store, signed in at its checkout with the artwork in the cart. */
async function atCheckout(store: Store, viewport: typeof PHONE | typeof DESKTOP) {
  buyers += 1;
  const account = { email: `vat-${buyers}-${Date.now()}@example.test`, password: 'vat buyer password' };
  await createCustomer(store.url, store.dataDir, account);
  const shopper = await openPage(browser, viewport);
  await addToCart(shopper.page, store.url, ARTWORK);
  await signInThrough(shopper.page, store.url, '/checkout', account);
  await shopper.page.getByLabel('First name').fill('Vera');
  await shopper.page.getByLabel('Last name').fill('Buyer');
  return shopper;
}

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order Summary' });
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$/ });

async function pay(page: Page) {
  await payButton(page).click();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 20_000 });
}

describe('VAT at checkout', () => {
  it('adds 19 % for a German consumer, and shows it on the order complete', async () => {
    const { page, context, errors } = await atCheckout(adding, DESKTOP);
    const vat = vatOf(adding.price, 1900);
    await page.getByLabel('Country').selectOption('DE');
    await expect.poll(() => summary(page).textContent()).toContain('VAT 19 % (Germany)');
    expect(await summary(page).textContent()).toContain(money(cents(adding.price) + vat));
    await fillCard(page, GERMAN_CARD);
    await expect(payButton(page).textContent()).resolves.toContain(money(cents(adding.price) + vat));
    await screenshot(page, 'taxes-german-consumer-desktop');
    await pay(page);
    const facts = await page.locator('.order-complete__facts').textContent();
    expect(facts).toContain('VAT 19 % (Germany)');
    expect(facts).toContain(money(vat));

    // The invoice says what the order says: the seller, the German rate, the VAT and the total, and how the
    // country was known.
    await page.goto(`${adding.url}/orders`);
    const card = page.locator('.order-card').first();
    expect(await card.textContent()).toContain('VAT 19 % (Germany)');
    await card.getByRole('link', { name: /^Invoice INV-\d{6}$/ }).click();
    const sheet = page.getByRole('article', { name: 'Invoice' });
    await sheet.waitFor();
    const invoice = (await sheet.textContent()) ?? '';
    for (const expected of [
      SELLER.SELLER_NAME,
      SELLER.SELLER_TAX_ID,
      '19 %',
      money(vat),
      money(cents(adding.price) + vat),
    ])
      expect(invoice).toContain(expected);
    expect(invoice).toMatch(/Germany/);
    await screenshot(page, 'taxes-german-invoice-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the shown price where prices include VAT: the German consumer pays it, VAT inside', async () => {
    const { page, context } = await atCheckout(including, PHONE);
    await page.getByLabel('Country').selectOption('DE');
    await expect.poll(() => summary(page).textContent()).toContain('incl. VAT 19 % (Germany)');
    const total = await page.locator('dd.order-summary__total').textContent();
    expect(total).toBe(money(cents(including.price)));
    await fillCard(page, GERMAN_CARD);
    await screenshot(page, 'taxes-inclusive-phone');
    await pay(page);
    expect(await page.locator('.order-complete__facts').textContent()).toContain(money(cents(including.price)));
    await context.close();
  });

  it('charges a British consumer 20 %', async () => {
    const { page, context } = await atCheckout(adding, PHONE);
    await page.getByLabel('Country').selectOption('GB');
    await expect.poll(() => summary(page).textContent()).toContain('VAT 20 % (United Kingdom)');
    await fillCard(page, BRITISH_CARD);
    await pay(page);
    expect(await page.locator('.order-complete__facts').textContent()).toContain(
      money(cents(adding.price) + vatOf(adding.price, 2000)),
    );
    await context.close();
  });

  it('gives a French business with a valid VAT number the reverse charge', async () => {
    const { page, context } = await atCheckout(adding, DESKTOP);
    await page.getByLabel('Country').selectOption('FR');
    await expect.poll(() => summary(page).textContent()).toContain('VAT 20 % (France)');
    await page.getByLabel('VAT number (optional)').fill('FR 40 303 265 045');
    await page.getByLabel('VAT number (optional)').blur();
    await expect.poll(() => summary(page).textContent()).toContain('VAT: reverse charge');
    expect(await page.locator('dd.order-summary__total').textContent()).toBe(money(cents(adding.price)));
    await fillCard(page, FRENCH_CARD);
    await screenshot(page, 'taxes-reverse-charge-desktop');
    await pay(page);
    expect(await page.locator('.order-complete__facts').textContent()).toContain('VAT: reverse charge');
    await context.close();
  });

  it('asks where the buyer lives when the billing address and the card disagree, and taxes by the answer', async () => {
    const { page, context } = await atCheckout(adding, PHONE);
    await page.getByLabel('Country').selectOption('DE');
    await expect.poll(() => summary(page).textContent()).toContain('VAT 19 % (Germany)');
    await fillCard(page, BRITISH_CARD);
    await payButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Where do you live?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('your card was issued in the United Kingdom');
    await screenshot(page, 'taxes-country-question-phone');
    await dialog.getByRole('button', { name: 'I live in the United Kingdom' }).click();
    // The VAT changed with the country: the new total is shown and paid on the next press.
    await page.getByText('The VAT, and so your total, changed').waitFor();
    expect(await summary(page).textContent()).toContain('VAT 20 % (United Kingdom)');
    await pay(page);
    expect(await page.locator('.order-complete__facts').textContent()).toContain('VAT 20 % (United Kingdom)');
    await context.close();
  });
});

describe('a store registered nowhere', () => {
  it('shows Tax $0.00 as before, and asks no VAT number', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await addToCart(page, untaxed.baseUrl, 2);
    await page.goto(`${untaxed.baseUrl}/cart`);
    const totals = await page.locator('.order-summary dl').textContent();
    expect(totals).toContain('Tax$0.00');
    expect(totals).not.toContain('VAT');
    await context.close();
  });
});
