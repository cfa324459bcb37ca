import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { startTestServer } from './support/test-server';

// A store of its own, started with STORE_CURRENCY=gbp: its prices read in pounds on the server's first HTML and once
// the page has come alive, at a phone's width and a desktop's.
let browser: Browser;
let store: Awaited<ReturnType<typeof startTestServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-gbp-'));
  store = await startTestServer(dataDir, { STORE_CURRENCY: 'gbp' });
  browser = await launchBrowser();
});
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
