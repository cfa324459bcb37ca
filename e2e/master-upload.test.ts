import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// The owner chooses a master in the upload form: it is sent at once, and the form says what it can print, or
// why the store refused it, under the file.

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a53b4' } })
    .png()
    .toBuffer();

describe('the master in the owner’s upload form, in Chromium', () => {
  it('shows what a chosen master can print, and why a small one is refused', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInAsOwner(page, baseUrl, '/admin');
    await page.getByRole('heading', { name: 'Admin - Upload Artwork' }).waitFor();
    const picker = page.getByLabel('Or upload the full-resolution file (kept private)');
    await expect(page.getByText(/PNG, JPEG or TIFF master .*· 1 file, 300 MB each/).count()).resolves.toBe(1);

    await picker.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await flatPng(1000, 1400) });
    await page.getByRole('alert').filter({ hasText: 'The master was not accepted' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'master was not accepted' }).textContent()).toContain(
      '1000 × 1400 px can print at most A5 at 150 DPI; a master must print 8 × 10 in at 150 DPI (1200 × 1500 px) at least.',
    );
    await page.getByRole('button', { name: 'Remove small.png' }).click();

    await picker.setInputFiles({ name: 'master.png', mimeType: 'image/png', buffer: await flatPng(3600, 5400) });
    await page.getByText('3600 × 5400 px — up to 12 × 18 in at 300 DPI').waitFor();
    // The refused upload's 400 is logged by Chromium as a failed resource; nothing else may be.
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });
});
