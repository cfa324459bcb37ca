import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunnelReport } from '../src/shared/analytics/funnel-schema';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
/** A demo artwork at a fixed price; other browser tests may count it too, so the test compares before and after. */
const ARTWORK_ID = 9;
let browser: Browser;
let title: string;
let before: FunnelReport['artworks'][number] | undefined;
let views = 0;

/** The artwork's row of the owner's funnel, read as the owner's page reads it. */
async function funnelRow(page: Page) {
  const response = await page.context().request.get(`${baseUrl}/api/admin/funnel`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as FunnelReport).artworks.find((row) => row.artworkId === ARTWORK_ID);
}

/** Waits until the beacons sent so far have been answered (the app sends them without waiting). */
async function untilBeaconsAnswered(expected: number, answered: () => number) {
  const deadline = Date.now() + 5_000;
  while (answered() < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(answered()).toBeGreaterThanOrEqual(expected);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const artwork = (await (await fetch(`${baseUrl}/api/artworks/${ARTWORK_ID}`)).json()) as { title: string };
  title = artwork.title;
  const { page, context } = await openPage(browser, DESKTOP);
  await signInAsOwner(page, baseUrl, '/admin/funnel');
  before = await funnelRow(page);
  await context.close();
});
afterAll(() => browser?.close());

describe("the owner's funnel in Chromium", () => {
  it('counts a visitor’s views (a page load and a move inside the app), the cart, the checkout and the sale', async () => {
    // A visitor with a browser of their own, so no other test's visits share their daily hash.
    const { page, context, errors } = await openPage(browser, DESKTOP, {
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 funnel-${Date.now()}`,
    });
    let answered = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/api/funnel/beacon') && response.status() === 204) answered += 1;
    });
    const account = { email: `funnel-${Date.now()}@example.test`, password: 'funnel visitor password' };
    await createCustomer(baseUrl, dataDir, account);
    await signInThrough(page, baseUrl, '/orders', account);

    // The shop searched for the artwork (a page load), then its card followed inside the app (no new HTML).
    await page.goto(`${baseUrl}/shop?q=${encodeURIComponent(title)}`);
    await page.locator(`a[href="/artwork/${ARTWORK_ID}"]`).first().click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    views += 1;
    await untilBeaconsAnswered(views, () => answered);

    await addToCart(page, baseUrl, ARTWORK_ID);
    views += 1;
    await payWithTestCard(page, baseUrl);
    // The views, the cart and one checkout: each beacon answered before the owner looks.
    await untilBeaconsAnswered(views + 2, () => answered);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('at %s width: the owner sees the views and the sale per artwork, with charts', async (name, viewport) => {
    const { page, errors } = await openPage(browser, viewport);
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Views and Sales' }).click();
    await page.getByRole('heading', { name: 'Views and Sales', level: 1 }).waitFor();

    const row = page.locator('.funnel-table tbody tr', { has: page.getByRole('link', { name: title, exact: true }) });
    await row.waitFor();
    const cell = async (label: string) =>
      Number(((await row.locator(`td[data-label="${label}"]`).textContent()) ?? '').replace(/,/g, ''));
    expect(await cell('Views')).toBe((before?.views ?? 0) + views);
    expect(await cell('Carts')).toBe((before?.carts ?? 0) + 1);
    expect(await cell('Checkouts')).toBeGreaterThanOrEqual((before?.checkouts ?? 0) + 1);
    expect(await cell('Sales')).toBe((before?.sales ?? 0) + 1);
    const revenue = (await row.locator('td[data-label="Revenue"]').textContent()) ?? '';
    expect(Number(revenue.replace(/[^0-9.]/g, ''))).toBeGreaterThan((before?.revenueCents ?? 0) / 100);

    // The charts are drawn (Chart.js, fetched for this page alone) and the range is the last 30 days.
    await page.getByRole('img', { name: /^Per day: \d+ views/ }).waitFor();
    await expect
      .poll(() =>
        page
          .locator('.funnel-chart canvas')
          .first()
          .evaluate((canvas: HTMLCanvasElement) => canvas.width),
      )
      .toBeGreaterThan(0);
    expect(page.url()).toBe(`${baseUrl}/admin/funnel`);

    // Another range: the address keeps it, and an impossible one says which date to fix.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.waitForURL(/\/admin\/funnel\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    await row.waitFor();
    await page.getByLabel('From').fill('2099-01-01');
    await page.getByRole('alert').getByText('The last day must be on or after the first.').waitFor();

    const sidewaysScroll = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sidewaysScroll).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await row.waitFor();
    await page.getByRole('img', { name: /^Per day: \d+ views/ }).waitFor();
    await screenshot(page, `admin-funnel-e2e-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
