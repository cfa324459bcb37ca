import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_ETSY_ROWS, etsyListingsCsv, shopifyProductsCsv } from '../test-support/import-fixtures';
import { startPictureServer, type PictureServer } from '../test-support/picture-server';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// The owner moves a catalogue in: Etsy's listings CSV of 120 (eight rows broken, one of them pointing at a private
// address), then the same file again, then a Shopify CSV with continuation rows. Pictures come from a local https
// server the store admits by name in tests only.

const { baseUrl } = await storeOfThisFile();
let browser: Browser;
let pictures: PictureServer;
const IMPORTED = /^(.* Print No\. \d+|Sunset Over Hills|Ink Botanical)$/;

beforeAll(async () => {
  [browser, pictures] = await Promise.all([launchBrowser(), startPictureServer()]);
});
afterAll(async () => {
  await browser?.close();
  await pictures?.close();
});

async function uploadCsv(page: Page, name: string, csv: string) {
  await page.getByLabel('Etsy listings CSV or Shopify products CSV').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Read the file' }).click();
}

const picturesLine = (page: Page, total: number) =>
  page.getByText(new RegExp(`^Pictures: ${total} of ${total} \\(`)).waitFor({ timeout: 90_000 });

/** The imported drafts are taken away again, so the store the other browser tests share is as it was. */
async function removeImported(page: Page) {
  return page.evaluate(async (pattern) => {
    const list = (await (await fetch('/api/admin/artworks')).json()) as { items: Array<{ id: number; title: string }> };
    const ids = list.items.filter((a) => new RegExp(pattern).test(a.title)).map((a) => a.id);
    if (ids.length === 0) return 0;
    const response = await fetch('/api/artworks', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids, delete: true }),
    });
    return response.ok ? ids.length : -response.status;
  }, IMPORTED.source);
}

describe('importing from Etsy and Shopify, in Chromium', () => {
  it('imports 120 Etsy listings with the broken rows named, then the same file without duplicates', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInAsOwner(page, baseUrl, '/admin/import');
    await page.getByRole('heading', { name: 'Import from Etsy or Shopify' }).waitFor();
    await uploadCsv(page, 'EtsyListingsDownload.csv', etsyListingsCsv(pictures.origin));

    await page.getByRole('heading', { name: `Rows that cannot be imported (${BROKEN_ETSY_ROWS.length})` }).waitFor();
    const refused = page.getByRole('table', { name: 'Rows that cannot be imported' }).getByRole('row');
    for (const [index, broken] of BROKEN_ETSY_ROWS.entries()) {
      const cells = await refused
        .nth(index + 1)
        .getByRole('cell')
        .allTextContents();
      expect(cells.slice(0, 2)).toEqual([String(broken.row), broken.field]);
      expect(cells[2]).toContain(broken.reason);
    }
    // The private and link-local addresses are refused by name, before anything is fetched.
    await expect(page.getByRole('cell', { name: /10\.0\.0\.7 is a private address/ }).count()).resolves.toBe(1);
    await page.getByRole('heading', { name: 'Listings to import (112)' }).waitFor();
    await screenshot(page, 'catalogue-import-understood-1280');

    await page.getByLabel(/1 EUR = … USD/).fill('1.1');
    await page.getByRole('button', { name: 'Import 112 listings as drafts' }).click();
    await page.getByText('112 drafts created, 0 drafts filled in, 0 imported before, 0 refused.').waitFor();
    await picturesLine(page, 112);
    expect(await page.getByText(/^Pictures: 112 of 112 \(112 fetched, 0 failed\)/).count()).toBe(1);
    expect(pictures.requests.filter((p) => p.startsWith('/pictures/etsy-')).length).toBe(112 + 11);
    await screenshot(page, 'catalogue-import-progress-1280');

    // Again: every listing is known; nothing is made, nothing fetched.
    const fetched = pictures.requests.length;
    await uploadCsv(page, 'EtsyListingsDownload.csv', etsyListingsCsv(pictures.origin));
    await page.getByRole('heading', { name: 'Listings to import (0; 112 imported before)' }).waitFor();
    expect(await page.getByRole('button', { name: 'Import 0 listings as drafts' }).isDisabled()).toBe(true);
    expect(pictures.requests.length).toBe(fetched);

    expect(await removeImported(page)).toBe(112);
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it('imports a Shopify CSV whose images are on continuation rows', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInAsOwner(page, baseUrl, '/admin/import');
    await uploadCsv(page, 'products_export_1.csv', shopifyProductsCsv(pictures.origin, 'old'));
    const listings = page.getByRole('table', { name: 'Listings to import' });
    await listings.waitFor();
    const sunset = await listings
      .getByRole('row', { name: /Sunset Over Hills/ })
      .getByRole('cell')
      .allTextContents();
    expect(sunset).toEqual(['2', 'Sunset Over Hills', '$14.00', '3', 'SUN-HILLS', 'New draft']);
    const refusedCells = await page
      .getByRole('table', { name: 'Rows that cannot be imported' })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .allTextContents();
    expect(refusedCells).toEqual([
      '7',
      'Variant Price',
      '"free" is not a price (digits, at most two decimals)',
      'Broken Price',
    ]);

    await page.getByRole('button', { name: 'Import 2 listings as drafts' }).click();
    await picturesLine(page, 2);
    expect(pictures.requests.filter((p) => p.startsWith('/pictures/sunset-')).sort()).toEqual([
      '/pictures/sunset-1.jpg',
      '/pictures/sunset-2.jpg',
      '/pictures/sunset-3.jpg',
    ]);
    expect(await removeImported(page)).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the understood rows readably on a phone', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInAsOwner(page, baseUrl, '/admin/import');
    await uploadCsv(page, 'EtsyListingsDownload.csv', etsyListingsCsv(pictures.origin, 30));
    await page.getByRole('heading', { name: /^Rows that cannot be imported/ }).waitFor();
    // Wide tables scroll inside their box: the page itself is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'catalogue-import-understood-390');
    await context.close();
  });
});
