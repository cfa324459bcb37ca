import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatByteSize } from '../src/client/features/store-export/byte-size';
import { readZip } from '../test-support/read-zip';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const sidewaysScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the owner's export page in Chromium", () => {
  it('at desktop width: the archive’s size before the download, then the download of that size', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    // From the listings page's header, as the owner finds it.
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Export' }).click();
    await page.getByRole('heading', { name: 'Export the Store', level: 1 }).waitFor();

    const told = page.getByTestId('archive-size');
    await told.waitFor();
    const bytes = Number(/\(([\d,]+) bytes\)/.exec(await told.innerText())?.[1]?.replace(/,/g, ''));
    expect(bytes).toBeGreaterThan(10_000);
    const link = page.getByRole('link', { name: `Download the store (${formatByteSize(bytes)})` });
    await link.waitFor();
    await screenshot(page, 'admin-export-e2e-desktop');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^store-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = await download.path();
    const received = fs.statSync(file).size;
    // The store's background work (room mockups, print packs) may add a file between the two: close, not exact.
    expect(Math.abs(received - bytes) / bytes).toBeLessThan(0.05);
    const entries = await readZip(fs.readFileSync(file));
    expect(entries[0]?.name).toBe('manifest.json');
    const manifest = JSON.parse(entries[0]!.bytes.toString('utf8')) as {
      tables: Array<{ name: string; rows: number }>;
    };
    expect(manifest.tables.find((table) => table.name === 'artworks')?.rows).toBeGreaterThan(0);
    expect(entries.some((entry) => entry.name.startsWith('files/public/'))).toBe(true);

    const csv = await context.request.get(`${baseUrl}/api/admin/export/products.csv`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\n')[0]).toMatch(/^Title,URL handle,Description,Vendor,Product category,/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at phone width: both downloads within the screen', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInAsOwner(page, baseUrl, '/admin/export');
    await page.getByTestId('archive-size').waitFor();
    await page.getByRole('link', { name: 'Download products CSV' }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-export-e2e-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
