import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the owner's workspace in Chromium", () => {
  it('uploads an artwork, finds it in the shop with its renditions, edits it, changes status in bulk and deletes it', async () => {
    const { page, errors, context } = await openPage(browser);
    const title = `Owner Upload ${Date.now()}`;
    await signInAsOwner(page, baseUrl, '/admin');
    await page.getByRole('heading', { name: 'Admin - Upload Artwork' }).waitFor();
    expect(await page.getByLabel('Price (USD)').inputValue()).toBe('5.9');
    expect(await page.getByLabel('Original price (optional)').inputValue()).toBe('');
    expect(await page.getByLabel('Dimensions').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Upload Artwork' }).isDisabled()).toBe(true);

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A bold terracotta composition made in the browser test.');
    await page.getByLabel('Category').selectOption('modern');
    await page.getByLabel('Tags').fill('bold, terracotta, , test');
    const image = await sharp({ create: { width: 1800, height: 2250, channels: 3, background: '#b4532a' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Preview image', { exact: true })
      .setInputFiles({ name: 'terracotta.png', mimeType: 'image/png', buffer: image });
    await page.getByRole('button', { name: 'Remove terracotta.png' }).waitFor();
    expect(await page.getByRole('button', { name: 'Upload Artwork' }).isDisabled()).toBe(true);
    await page.getByLabel('Google Drive download link').fill('https://drive.google.com/file/d/e2e/view');
    await page.getByLabel('Featured').check();
    await screenshot(page, 'admin-upload-desktop');
    await page.getByRole('button', { name: 'Upload Artwork' }).click();
    await page.getByText('Artwork uploaded successfully!').waitFor();
    await page.getByRole('button', { name: '+ Add New Artwork' }).waitFor();

    // In the shop, with the server-made renditions in srcset.
    await page.goto(`${baseUrl}/shop?q=${encodeURIComponent(title)}`);
    const card = page.getByRole('article').filter({ hasText: title });
    await card.waitFor();
    const srcset = (await card.locator('img').getAttribute('srcset')) ?? '';
    expect(srcset).toMatch(/previews\/.+-400\.webp 400w, .+-800\.webp 800w, .+-1600\.webp 1600w/);

    // Edit from the dashboard: change the price only.
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    await page.getByText('1 of').waitFor();
    await screenshot(page, 'admin-dashboard-desktop');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    await page.getByLabel('Price (USD)').fill('7.5');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Artwork updated successfully!').waitFor();
    await page.waitForURL(`${baseUrl}/admin/dashboard`, { timeout: 5000 });

    // Bulk: clear Featured, set New Arrival, for the selection.
    await page.getByRole('searchbox', { name: 'Search' }).fill(title);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('$7.50').waitFor();
    await page.getByRole('checkbox', { name: 'Select all shown artworks' }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await bulk.getByText('1 selected').waitFor();
    await bulk.getByRole('button', { name: 'Change Status' }).click();
    await page.getByText('Please select artworks and choose at least one status to change.').waitFor();
    await bulk.getByLabel('Featured').selectOption('no');
    await bulk.getByLabel('New Arrival').selectOption('yes');
    await bulk.getByRole('button', { name: 'Change Status' }).click();
    await page.getByText('Updated the status of 1 artworks.').waitFor();
    await row.getByText('New Arrival').waitFor();
    expect(await row.getByText('Featured').count()).toBe(0);

    // Delete, after confirming.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this artwork?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Deleted "${title}".`).waitFor();
    await page.getByRole('heading', { name: 'No artworks found' }).waitFor();
    const gone = await page.request.get(`${baseUrl}/api/artworks?q=${encodeURIComponent(title)}`);
    expect(((await gone.json()) as { total: number }).total).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
