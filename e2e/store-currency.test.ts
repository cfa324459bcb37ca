import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { E2E_OWNER, startTestServer } from './support/test-server';

// A store of its own, started with STORE_CURRENCY=gbp: its prices read in pounds on the server's first HTML and once
// the page has come alive, at a phone's width and a desktop's. Before that it sold in dollars (the default): the
// order paid then still reads in dollars after the owner moved the store to pounds.
let browser: Browser;
let store: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;
const customer = { email: 'dollar-buyer@example.test', password: 'dollar buyer password' };
/** The dollar order as the buyer's pages name it ('Order #' and the intent's last 8). */
let shownNumber = '';

/** The store as it first ran, in dollars: a customer buys a demo artwork, then the store stops. */
async function buyInDollars() {
  const dollars = await startTestServer(dataDir);
  try {
    await createCustomer(dollars.url, dataDir, customer);
    const { page, context } = await openPage(browser, DESKTOP);
    await signInThrough(page, dollars.url, '/downloads', customer);
    await addToCart(page, dollars.url, 1);
    shownNumber = await payWithTestCard(page, dollars.url);
    await context.close();
  } finally {
    await dollars.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-gbp-'));
  browser = await launchBrowser();
  await buyInDollars();
  store = await startTestServer(dataDir, { STORE_CURRENCY: 'gbp' });
  // Two starts: the first seeds the demo catalogue (most of the time), the second finds it there.
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await store?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const POUNDS = /^£\d+\.\d{2}$/;

describe('a store in pounds sterling', () => {
  it('renders its prices in pounds on the server', async () => {
    for (const url of ['/', '/artwork/1']) {
      const html = await (await fetch(`${store.url}${url}`, { headers: { accept: 'text/html' } })).text();
      expect(html, url).toMatch(/class="price-tag__price">£\d+\.\d{2}</);
      expect(html, url).not.toMatch(/class="price-tag__price">\$/);
    }
    const artwork = await (await fetch(`${store.url}/artwork/1`, { headers: { accept: 'text/html' } })).text();
    expect(artwork).toContain('"priceCurrency":"GBP"');
  });

  for (const [name, viewport] of [
    ['390 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    it(`shows £ on the home page's cards, the artwork page and the cart at ${name}`, async () => {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto(`${store.url}/`);
      const featured = page.getByRole('region', { name: 'Featured Artworks' });
      await featured.getByRole('article').first().waitFor();
      const cardPrices = await featured.locator('.price-tag__price').allTextContents();
      expect(cardPrices.length).toBeGreaterThan(0);
      for (const price of cardPrices) expect(price).toMatch(POUNDS);

      await page.goto(`${store.url}/artwork/1`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('.price-tag--large .price-tag__price').first().textContent()).toMatch(POUNDS);
      for (const price of await page.locator('.licence-choice__price').allTextContents()) expect(price).toMatch(POUNDS);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();

      // Straight to the cart (a page the browser renders): its prices wait for nothing but the store's settings.
      await page.goto(`${store.url}/cart`);
      await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
      await expect.poll(() => page.locator('dd.order-summary__total').textContent()).toMatch(POUNDS);
      const linePrice = (await page.locator('.cart-line__price p').first().textContent()) ?? '';
      expect(linePrice.trim()).toMatch(/^£\d+\.\d{2}/);
      expect(await page.locator('.cart').textContent()).not.toContain('$');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

const DOLLARS = /^\$\d+\.\d{2}$/;

describe('an order paid in dollars, after the store moved to pounds', () => {
  it('reads in dollars in the buyer’s order history and library', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInThrough(page, store.url, '/orders', customer);
    const history = page.getByRole('region', { name: `Order #${shownNumber}` });
    await history.getByText('Completed', { exact: true }).waitFor();
    expect(await history.locator('.order-card__total strong').textContent()).toMatch(DOLLARS);
    expect(await history.locator('.order-card__amount').first().textContent()).toMatch(DOLLARS);
    expect(await history.textContent()).not.toContain('£');

    await page.goto(`${store.url}/downloads`);
    const library = page.getByRole('region', { name: `Order #${shownNumber}` });
    expect(await library.locator('.download-order__total').textContent()).toMatch(DOLLARS);
    // What was paid reads in dollars; an upgrade to Commercial is a new sale, offered in today's currency.
    const paidText = await library.evaluate((region) => {
      const copy = region.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.download-item__upgrade').forEach((offer) => offer.remove());
      return copy.textContent;
    });
    expect(paidText).not.toContain('£');
    await library.getByRole('button', { name: /^Upgrade to Commercial — £\d+\.\d{2}$/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in dollars in the owner’s list, the order and its refund', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInThrough(page, store.url, '/admin/orders', E2E_OWNER);
    const row = page.getByRole('region', { name: 'Orders', exact: true }).getByRole('row').filter({
      hasText: customer.email,
    });
    await row.getByText('Completed').waitFor();
    await row.getByText(DOLLARS).waitFor();
    expect(await row.textContent()).not.toContain('£');

    const orderNumber = (await row.getByRole('link', { name: /^WA-/ }).textContent()) ?? '';
    await row.getByRole('link', { name: orderNumber }).click();
    await page.waitForURL(`${store.url}/admin/orders/${orderNumber}`);
    const total = page.locator('.order-detail__facts div').filter({ has: page.getByText('Total', { exact: true }) });
    expect(await total.locator('dd').textContent()).toMatch(DOLLARS);
    const lines = page.getByRole('region', { name: 'Items' });
    expect(await lines.textContent()).toMatch(/\$\d+\.\d{2}/);
    expect(await lines.textContent()).not.toContain('£');
    await page.getByText(/^Full refund \(\$\d+\.\d{2}\)$/).waitFor();
    await page.getByText('Partial refund').click();
    await page.getByText('Amount to refund (USD)').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
