import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/server/db/database';
import { queuePack } from '../src/server/modules/print-pack';
import { waitForMail } from '../test-support/outbox';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { E2E_OWNER, storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
// A demo artwork no other browser test buys; its print file is drawn on its first download.
const ARTWORK_ID = 9;
const FILE_LINK = '/api/downloads/file/';
const customer = { email: `downloads-${Date.now()}@example.test`, password: 'downloads password' };

let browser: Browser;
// One session each, signed in once: sign-ins are rate-limited.
let buyer: Awaited<ReturnType<typeof openPage>>;
let owner: Awaited<ReturnType<typeof openPage>>;
let artwork: { title: string; artist: string; dimensions: string; format: string };
// The order as the buyer's screens name it ('Order #' and the intent's last 8) and as the owner's do (WA-…).
let shownNumber = '';
let orderNumber = '';

/**
 * These tests are about the master's own downloads (PNG, and a JPG made from it), which buyers get while an
 * artwork has no complete print pack. The worker would make this demo artwork's pack within seconds of its
 * purchase and take the master's buttons away mid-test, so its pack is recorded as failed first: then it is not
 * made again until the owner retries it, and the buyer keeps the master (e2e/print-pack-downloads.test.ts buys
 * another demo artwork for the pack).
 */
async function markPackFailed(artworkId: number) {
  const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.sqlite') });
  try {
    const row = await db
      .selectFrom('artworks')
      .select(['id', 'private_file_key', 'print_ratios', 'print_crops'])
      .where('id', '=', artworkId)
      .executeTakeFirstOrThrow();
    // One transaction, so the store's worker cannot claim the generation before it is marked failed.
    await db.transaction().execute(async (trx) => {
      const packId = await queuePack(trx, row, { priority: 0, now: new Date() });
      await trx
        .updateTable('print_packs')
        .set({ status: 'failed', last_error: 'Held for this test.' })
        .where('id', '=', packId!)
        .execute();
      await trx.updateTable('print_pack_files').set({ status: 'failed' }).where('pack_id', '=', packId!).execute();
    });
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  await markPackFailed(ARTWORK_ID);
  browser = await launchBrowser();
  artwork = (await (await fetch(`${baseUrl}/api/artworks/${ARTWORK_ID}`)).json()) as typeof artwork;
  await createCustomer(baseUrl, dataDir, customer);
  buyer = await openPage(browser);
  owner = await openPage(browser);
});
afterAll(async () => {
  await buyer?.context.close();
  await owner?.context.close();
  await browser?.close();
});

const orderRegion = (page: Page) => page.getByRole('region', { name: `Order #${shownNumber}` });
const itemOf = (page: Page) => orderRegion(page).getByRole('article', { name: artwork.title });
const unexpectedLogs = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));
const US_DATE = String.raw`[A-Z][a-z]+ \d{1,2}, \d{4}`;

/** Screenshots at the phone's and the desktop's width, to look at (not compared); and no sideways scrolling. */
async function shootBothWidths(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await screenshot(page, `downloads-${name}-${size}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size}`).toBeLessThanOrEqual(
      viewport.width,
    );
  }
}

describe('downloads, order history and refunds in Chromium', () => {
  it('sends a signed-out buyer to sign in, then shows an empty library', async () => {
    const { page } = buyer;
    await signInThrough(page, baseUrl, '/downloads', customer);
    await page.getByRole('heading', { name: 'My Downloads', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'No downloads yet' }).waitFor();
    await page.getByText('Purchase some artwork to see your downloads here.').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Artwork' }).getAttribute('href')).toBe('/shop');
    expect(await page.getByRole('main').getByRole('link', { name: 'Order history' }).getAttribute('href')).toBe(
      '/orders',
    );
  });

  it('buys a demo artwork with 4242 and downloads its print file: the stored private file, named from its title', async () => {
    const { page, errors } = buyer;
    await addToCart(page, baseUrl, ARTWORK_ID);
    shownNumber = await payWithTestCard(page, baseUrl);
    await page.getByRole('link', { name: 'Download Your Artwork' }).click();
    await page.waitForURL(`${baseUrl}/downloads`);

    const order = orderRegion(page);
    await order.getByText('Completed', { exact: true }).waitFor();
    await order.getByText(/^\$\d+\.\d{2}$/).waitFor();
    // US long date and time: 'November 21, 2026 at 3:05 PM'.
    await order.getByText(new RegExp(`^${US_DATE} at \\d{1,2}:\\d{2}\\s[AP]M$`)).waitFor();
    // One number per order, the receipt's: the store's reference (WA-…) is on the owner's pages.
    expect(await order.textContent()).not.toMatch(/WA-[A-Z0-9]+/);
    const item = itemOf(page);
    await item.getByText(artwork.dimensions, { exact: false }).waitFor();
    await item.getByText(new RegExp(`^Purchased ${US_DATE}$`)).waitFor();
    // The demo artworks come as PNG and JPG: the buyer chooses, PNG first.
    expect(await item.getByLabel('File format').inputValue()).toBe('png');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The page goes to the signed link; the answer is an attachment, so the browser saves it and the page stays.
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (response.url().includes(FILE_LINK)) answers.push(response);
    });
    const saved = page.waitForEvent('download', { timeout: 30_000 });
    await item.getByRole('button', { name: 'Download' }).click();
    // The demo's print file is drawn now, on its first download: the page says it is at work meanwhile.
    await item.getByText('Preparing your file...').waitFor();
    const download = await saved;
    await item.getByText(`Your download has started: ${artwork.title}.png.`).waitFor();
    expect(page.url()).toBe(`${baseUrl}/downloads`);

    expect(download.suggestedFilename()).toBe(`${artwork.title}.png`);
    const answer = answers.at(-1);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-disposition']).toBe(`attachment; filename="${artwork.title}.png"`);
    expect(answer?.headers()['content-type']).toBe('image/png');
    const key = new URL(download.url()).pathname.slice(FILE_LINK.length);
    const stored = fs.readFileSync(path.join(dataDir, 'private', key));
    const received = fs.readFileSync(await download.path());
    expect(received.length).toBeGreaterThan(100_000);
    expect(received.equals(stored)).toBe(true);
    expect(received.subarray(1, 4).toString()).toBe('PNG');

    // JPG: made from the PNG master on its first request and kept beside it (a 29 MP decode and encode, which on
    // a machine busy with other tests took longer than 30 s).
    await item.getByLabel('File format').selectOption('jpg');
    const savedJpg = page.waitForEvent('download', { timeout: 90_000 });
    await item.getByRole('button', { name: 'Download' }).click();
    const jpg = await savedJpg;
    expect(jpg.suggestedFilename()).toBe(`${artwork.title}.jpg`);
    const jpgKey = new URL(jpg.url()).pathname.slice(FILE_LINK.length);
    expect(jpgKey).toBe(`${key}.jpg`);
    const jpgBytes = fs.readFileSync(await jpg.path());
    expect(jpgBytes.equals(fs.readFileSync(path.join(dataDir, 'private', jpgKey)))).toBe(true);
    expect([...jpgBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await item.getByText(`Your download has started: ${artwork.title}.jpg.`).waitFor();
    expect(unexpectedLogs(errors)).toEqual([]);

    await shootBothWidths(page, 'library', () => itemOf(page).getByRole('button', { name: 'Download' }).waitFor());
  }, 180_000);

  it('lets the owner find the order, see its download, and refund it in full after confirming', async () => {
    const { page, errors } = owner;
    await signInThrough(page, baseUrl, '/admin/orders', E2E_OWNER);
    await page.getByRole('heading', { name: 'Orders and Sales', level: 1 }).waitFor();
    await page.getByText('Revenue, all time').waitFor();
    await page.getByRole('heading', { name: 'Top artworks by revenue' }).waitFor();

    await page.getByRole('searchbox', { name: 'Search orders' }).fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\?q=/);
    const orders = page.getByRole('region', { name: 'Orders', exact: true });
    await orders.getByText('1 order', { exact: true }).waitFor();
    const row = orders.getByRole('row').filter({ hasText: customer.email });
    await row.getByText('Completed').waitFor();
    await row.getByText(`#${shownNumber}`).waitFor();
    orderNumber = (await row.getByRole('link', { name: /^WA-/ }).textContent()) ?? '';
    expect(orderNumber).toMatch(/^WA-[A-Z0-9]+$/);
    await page.getByLabel('Status').selectOption('refunded');
    await page.getByRole('heading', { name: 'No orders found' }).waitFor();
    await page.getByLabel('Status').selectOption('all');
    await shootBothWidths(page, 'admin-orders', () => row.waitFor());

    await row.getByRole('link', { name: orderNumber }).click();
    await page.waitForURL(`${baseUrl}/admin/orders/${orderNumber}`);
    await page.getByRole('heading', { name: new RegExp(`Order ${orderNumber}`) }).waitFor();
    await page.getByText(/ending in 4242$/).waitFor();
    const log = page.getByRole('region', { name: 'Downloads' });
    // One row per link handed out: the PNG, then the JPG.
    await expect.poll(() => log.getByRole('cell', { name: artwork.title }).count()).toBe(2);
    await log.getByRole('cell', { name: 'PNG' }).waitFor();
    await log.getByRole('cell', { name: 'JPG' }).waitFor();
    await page.getByRole('region', { name: 'Status history' }).getByText('Completed').first().waitFor();
    await shootBothWidths(page, 'admin-order', () =>
      page.getByRole('button', { name: 'Refund', exact: true }).waitFor(),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The confirm dialog first: cancelling refunds nothing.
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
    await dialog.getByText(/downloads of this order end at once/).waitFor();
    await screenshot(page, 'downloads-admin-refund-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByRole('button', { name: /^Refund \$/ }).click();
    await page.getByText(/^Refunded \$\d+\.\d{2}\. The customer has been e-mailed\.$/).waitFor({ timeout: 15_000 });
    await page.getByText('This order has been refunded in full.').waitFor();
    await page.getByRole('region', { name: 'Status history' }).getByText('Refunded').first().waitFor();
    await waitForMail(dataDir, customer.email, /refund/i, 10_000);
    expect(unexpectedLogs(errors)).toEqual([]);
  });

  it('shows the buyer the refunded order without a Download, and in the order history', async () => {
    const { page, errors } = buyer;
    // The buyer's page still shows the order as it was before the refund: the server refuses, says why, and the
    // page shows the order as it now is.
    const refused = page.waitForResponse((response) => /\/api\/downloads\/\d+$/.test(new URL(response.url()).pathname));
    await itemOf(page).getByRole('button', { name: 'Download' }).click();
    const refusal = await refused;
    expect(refusal.status()).toBe(403);
    expect(await refusal.json()).toMatchObject({
      error: 'This order was refunded, so its downloads are no longer available.',
    });
    await orderRegion(page).getByText('Refunded', { exact: true }).waitFor();
    await orderRegion(page)
      .getByText('This order was refunded, so its downloads are no longer available.')
      .first()
      .waitFor();

    await page.goto(`${baseUrl}/downloads`);
    const order = orderRegion(page);
    await order.getByText('Refunded', { exact: true }).waitFor();
    await order.getByText('This order was refunded, so its downloads are no longer available.').waitFor();
    await itemOf(page).waitFor();
    expect(await order.getByRole('button', { name: /Download/ }).count()).toBe(0);
    await shootBothWidths(page, 'library-refunded', () => order.waitFor());

    await page.getByRole('main').getByRole('link', { name: 'Order history' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    await page.getByRole('heading', { name: 'Order History', level: 1 }).waitFor();
    const history = orderRegion(page);
    await history.getByText('Refunded', { exact: true }).waitFor();
    await history.getByText(artwork.title).waitFor();
    await history.getByText(`by ${artwork.artist}`).waitFor();
    await history.getByText(/ending in 4242/).waitFor();
    await history.getByRole('button', { name: 'Send receipt again' }).click();
    await history.getByText('The receipt is on its way to your e-mail address.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shootBothWidths(page, 'order-history', () => history.waitFor());
    expect(unexpectedLogs(errors)).toEqual([]);
  });

  it('lets the owner look up orders by e-mail on /orders-test, and shows a customer the not-found page', async () => {
    const { page } = owner;
    await page.goto(`${baseUrl}/orders-test`);
    await page.getByRole('heading', { name: 'Orders Test', level: 1 }).waitFor();
    await page.getByLabel('Email').fill('nobody@example.test');
    await page.getByRole('button', { name: 'Fetch Orders' }).click();
    await page.getByText('No orders found for this email address').waitFor();

    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Fetch Orders' }).click();
    const order = orderRegion(page);
    await order.getByText(`by ${artwork.artist}`).waitFor();
    await order.getByText(`Format: ${artwork.format}`).waitFor();
    // The line keeps the Dimensions the listing showed when it was bought: the owner's text, or, once the print
    // pack has learnt the master's size (an earlier purchase here made the pack), the sizes it prints at.
    const now = (await (await fetch(`${baseUrl}/api/artworks/${ARTWORK_ID}`)).json()) as typeof artwork;
    const shown = [artwork.dimensions, now.dimensions].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await order.getByText(new RegExp(`^Dimensions: (${shown.join('|')})$`)).waitFor();
    await order.getByText(/^Downloads: \d+$/).waitFor();
    await order.getByText(new RegExp(`^Purchased ${US_DATE}$`)).waitFor();
    expect(await order.getByRole('link', { name: `View downloads of ${artwork.title}` }).getAttribute('href')).toBe(
      `/admin/orders/${orderNumber}`,
    );
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'downloads-orders-test-desktop');

    // Anyone else: the page does not exist.
    const response = await buyer.page.goto(`${baseUrl}/orders-test`);
    expect(response?.status()).toBe(404);
    await buyer.page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Fetch Orders' }).count()).toBe(0);
    expect(buyer.page.url()).toBe(`${baseUrl}/orders-test`);
  });
});
