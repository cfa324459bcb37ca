import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/server/db/database';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
// A demo artwork no other browser test buys, a 2:1 panorama (Neon District): its 9600 × 4800 px master is drawn, and
// its pack made, by the server's own worker once it is paid for.
const ARTWORK_ID = 14;
const SHOTS = '/tmp/demo-shots';
const customer = { email: `pack-${Date.now()}@example.test`, password: 'print pack password' };

let browser: Browser;
let buyer: Awaited<ReturnType<typeof openPage>>;
let title = '';

beforeAll(async () => {
  const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.sqlite') });
  try {
    const row = await db.selectFrom('artworks').select('title').where('id', '=', ARTWORK_ID).executeTakeFirstOrThrow();
    title = row.title;
  } finally {
    await db.destroy();
  }
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  await createCustomer(baseUrl, dataDir, customer);
  buyer = await openPage(browser);
});
afterAll(async () => {
  await buyer?.context.close();
  await browser?.close();
});

async function shoot(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size}`).toBeLessThanOrEqual(
      viewport.width,
    );
  }
}

describe('the print pack in My Downloads, in Chromium', () => {
  it('prepares the pack once paid, then lists its ratio files, downloads one and the ZIP', async () => {
    const { page } = buyer;
    await signInThrough(page, baseUrl, '/downloads', customer);
    await addToCart(page, baseUrl, ARTWORK_ID);
    await payWithTestCard(page, baseUrl);
    await page.goto(`${baseUrl}/downloads`);
    const item = page.getByRole('article', { name: title });
    // The worker draws the master and cuts the files meanwhile; the page follows it without a reload.
    const preparing = item.getByRole('status').filter({ hasText: /Preparing your files \(\d of 6\)/ });
    await preparing.waitFor();
    await shoot(page, 'my-downloads-preparing', () => preparing.waitFor());

    const files = item.getByRole('region', { name: /Print files/ });
    await files.waitFor({ timeout: 90_000 });
    expect(await preparing.count()).toBe(0);
    const rows = files.getByRole('listitem');
    expect(await rows.count()).toBe(6);
    await expect.poll(() => rows.first().textContent()).toContain('2:3');
    // 9600 × 4800 px: its 2:3 crop, 7200 × 4800 px on its side, is 16 × 24 in at 300 DPI.
    expect(await rows.first().textContent()).toContain('16 × 24 in');
    expect(await rows.first().textContent()).toContain('40.6 × 61 cm');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      rows.nth(2).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${title} – 4x5 (4x5, 8x10, 16x20 in).jpg`);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: /^Download all \(ZIP, \d+(\.\d)? MB\)$/ }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`${title} – print pack.zip`);
    await files
      .getByText(/Your download has started/)
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'my-downloads-ready', () => files.waitFor());
  }, 180_000);

  it("shows the artwork's Print sizes (from the seeded master size) and the Download Guide's table", async () => {
    const { page } = buyer;
    await page.goto(`${baseUrl}/artwork/${ARTWORK_ID}`);
    const sizes = page.getByRole('definition').filter({ hasText: '16 × 24 in' });
    await page.getByText('Print sizes', { exact: true }).waitFor();
    expect(await sizes.textContent()).toContain('A3 (29.7 × 42 cm)');
    await shoot(page, 'artwork-print-sizes', () => page.getByText('Print sizes', { exact: true }).waitFor());

    await page.goto(`${baseUrl}/download-guide`);
    const table = page.getByRole('table', { name: /Which file fits which frame/ });
    await table.waitFor();
    expect(await table.textContent()).toContain('50 × 70 cm (19.7 × 27.6 in)');
    await shoot(page, 'download-guide', () => table.waitFor());
  });
});
