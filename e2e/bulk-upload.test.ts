import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkBatch } from '#shared/catalogue/bulk-upload-schema.ts';
import { launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';
import { noisyMasterPng } from '../test-support/master-image';

// The owner drops 50 masters at once into the bulk upload: each is sent through tus with its own progress bar; one
// upload's connection is cut half-way, the page reloaded and the same file dropped again, and it resumes where it
// stopped; every master becomes a draft, reviewed in the grid (also at 390 px) and published in one step.

const { baseUrl } = await storeOfThisFile();
const COUNT = 50;
const RESUMED = 'resume_me-over-the_hills.png';
let browser: Browser;
let folder: string;

/** A flat master of the least printable size: a few KB, so 49 of them upload in moments. */
const flat = (index: number) =>
  sharp({ create: { width: 1200, height: 1500, channels: 3, background: { r: index * 5, g: 80, b: 200 - index * 3 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  browser = await launchBrowser();
  // Files on disk, as the owner's are: their modification time stays the same when dropped again, so the tus
  // client recognises the one it began.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-masters-'));
  for (let i = 1; i < COUNT; i++) {
    fs.writeFileSync(path.join(folder, `sunset_over-the_hills-${String(i).padStart(2, '0')}.png`), await flat(i));
  }
  fs.writeFileSync(path.join(folder, RESUMED), await noisyMasterPng(1200, 1600));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const batchOf = async (page: Page): Promise<BulkBatch> => {
  const id = await page.evaluate(() => localStorage.getItem('bulk-upload-batch'));
  // Polled every half second on a kept-alive connection: one the store closes as the next request leaves answers
  // ECONNRESET, which Playwright retries when asked (only that error).
  const response = await page.request.get(`${baseUrl}/api/admin/bulk-batches/${id}`, { maxRetries: 3 });
  return (await response.json()) as BulkBatch;
};

async function waitForBatch(page: Page, settled: (batch: BulkBatch) => boolean, ms = 300_000): Promise<BulkBatch> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const batch = await batchOf(page);
    if (settled(batch)) return batch;
    await page.waitForTimeout(500);
  }
  throw new Error(`the batch did not settle: ${JSON.stringify((await batchOf(page)).files.map((f) => f.status))}`);
}

const drop = (page: Page, names: string[]) =>
  page
    .locator('.uppy-Dashboard-input')
    .first()
    .setInputFiles(names.map((name) => path.join(folder, name)));

describe('the bulk upload in Chromium', () => {
  it('takes 50 masters at once, resumes a cut upload after a reload, and publishes the reviewed drafts', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInAsOwner(page, baseUrl, '/admin/bulk-upload');
    await page.getByLabel('Price for this batch').fill('9.5');
    await page.getByRole('button', { name: 'Start a batch' }).click();
    await page.locator('.uppy-Dashboard-input').first().waitFor({ state: 'attached' });

    // The second part of the large file never arrives: its connection is cut, every time, until the reload.
    let cut = 0;
    await page.route('**/api/admin/bulk-uploads/files/**', async (route) => {
      const offset = route.request().headers()['upload-offset'];
      if (route.request().method() === 'PATCH' && offset !== undefined && offset !== '0') {
        cut++;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await drop(page, fs.readdirSync(folder));
    // One progress bar per file.
    await expect.poll(() => page.locator('.uppy-Dashboard-Item').count()).toBe(COUNT);
    await waitForBatch(page, (b) => b.files.filter((f) => f.status === 'drafted').length === COUNT - 1);
    expect(cut).toBeGreaterThan(0);
    const before = await batchOf(page);
    expect(
      before.files.find((f) => f.fileName === RESUMED)?.status,
      JSON.stringify(before.files.filter((f) => f.status !== 'drafted')),
    ).toBe('uploading');
    await screenshot(page, 'bulk-upload-1280-interrupted');

    // The owner reloads and drops the same file again: the client asks where the server stopped and sends the rest.
    await page.unroute('**/api/admin/bulk-uploads/files/**');
    const resumedAt: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/bulk-uploads/files/'))
        resumedAt.push(request.headers()['upload-offset'] ?? '');
    });
    await page.reload();
    await page.locator('.uppy-Dashboard-input').first().waitFor({ state: 'attached' });
    await drop(page, [RESUMED]);
    const batch = await waitForBatch(page, (b) => b.files.every((f) => f.status === 'drafted'));
    expect(resumedAt).toEqual([String(5 * 1024 * 1024)]);
    expect(batch.files).toHaveLength(COUNT);
    expect(batch.files.every((f) => f.draft?.status === 'draft' && f.draft.price === 9.5)).toBe(true);
    expect(batch.files.find((f) => f.fileName === RESUMED)?.draft?.title).toBe('Resume Me Over the Hills');

    // Review: the grid lists every draft; one title is corrected in place, then all are published at once.
    // The grid asks for the batch every 2 s while a draft is being made.
    await expect.poll(() => page.getByTestId('bulk-draft').count(), { timeout: 30_000 }).toBe(COUNT);
    const title = page.getByLabel(`Title of ${RESUMED}`);
    await title.fill('Hills at Dusk');
    await title.blur();
    await expect
      .poll(async () => (await batchOf(page)).files.find((f) => f.fileName === RESUMED)?.draft?.title, {
        timeout: 15_000,
      })
      .toBe('Hills at Dusk');
    await screenshot(page, 'bulk-upload-1280-review');
    // The grid on a phone: each draft a card, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'bulk-upload-390-review');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('checkbox', { name: /^Select all \(/ }).click();
    await page.getByRole('button', { name: `Publish selected (${COUNT})` }).click();
    await page.getByText(`${COUNT} artworks are live.`).waitFor();
    const published = await batchOf(page);
    expect(published.files.every((f) => f.draft?.status === 'published')).toBe(true);
    // The cut connections (and Uppy saying so) are the only failures Chromium saw.
    expect(
      errors.filter((error) => !/ERR_CONNECTION_RESET|net::ERR_FAILED|looks like a network error/.test(error)),
    ).toEqual([]);
    await context.close();
  }, 600_000);
});
