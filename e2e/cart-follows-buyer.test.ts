import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer } from './support/checkout-steps';
import { storeOfThisFile } from './support/test-server';

// A signed-in buyer's cart and favourites follow them: what a visitor put in the cart is merged at sign-in, what
// the buyer adds signed in is saved to the account, and another browser signed in as the same buyer shows it all.

const { baseUrl, dataDir } = await storeOfThisFile();
const customer = { email: `follows-${Date.now()}@example.test`, password: 'cart follows password' };

interface DemoArtwork {
  id: number;
  title: string;
  payWhatYouWant: unknown;
}

let browser: Browser;
let first: Awaited<ReturnType<typeof openPage>>;
let second: Awaited<ReturnType<typeof openPage>>;
let picks: DemoArtwork[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  await createCustomer(baseUrl, dataDir, customer);
  // Four demo artworks at fixed prices: one quantity each, whatever the demo's order.
  const found: DemoArtwork[] = [];
  for (let id = 1; found.length < 4 && id < 30; id += 1) {
    const answer = await fetch(`${baseUrl}/api/artworks/${id}`);
    if (!answer.ok) continue;
    const artwork = (await answer.json()) as DemoArtwork;
    if (artwork.payWhatYouWant === null) found.push(artwork);
  }
  picks = found;
  first = await openPage(browser);
  second = await openPage(browser);
});
afterAll(async () => {
  await first?.context.close();
  await second?.context.close();
  await browser?.close();
});

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('/cart')}`);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/cart`);
}

async function favourite(page: Page, artwork: DemoArtwork) {
  await page.goto(`${baseUrl}/artwork/${artwork.id}`);
  await page.getByRole('button', { name: 'Add to favorites' }).click();
  await page.getByRole('button', { name: 'Remove from favorites' }).waitFor();
}

/** Waits until the cart page lists exactly these artworks (the mirror's first exchange comes after the page). */
async function cartShows(page: Page, titles: string[]) {
  await page.goto(`${baseUrl}/cart`);
  for (const title of titles) await page.locator('.cart-line__title', { hasText: title }).first().waitFor();
  await expect.poll(() => page.locator('.cart-line__title').count()).toBe(titles.length);
}

async function favouritesShow(page: Page, titles: string[]) {
  await page.goto(`${baseUrl}/favorites`);
  await page.getByRole('heading', { name: 'My Favorites', level: 1 }).waitFor();
  for (const title of titles) await page.getByRole('main').getByText(title, { exact: true }).first().waitFor();
  await page.getByText(`${titles.length} artworks saved`).waitFor();
}

async function checkBothWidths(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await screenshot(page, `cart-follows-buyer-${name}-${size}`);
    expect(await seriousAxeViolations(page), `${name} at ${size}`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size}`).toBeLessThanOrEqual(
      viewport.width,
    );
  }
}

describe('the cart and favourites follow a signed-in buyer in Chromium', () => {
  it('merges a visitor’s cart and favourites at sign-in, and saves what the buyer adds signed in', async () => {
    const [visitorPick, signedInPick, , favouritePick] = picks as [DemoArtwork, DemoArtwork, DemoArtwork, DemoArtwork];
    const { page, errors } = first;
    await addToCart(page, baseUrl, visitorPick.id);
    await favourite(page, favouritePick);
    await signIn(page);
    await cartShows(page, [visitorPick.title]);

    // Signed in: each change is saved to the account a moment later.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/account/cart') && response.request().method() === 'PUT',
    );
    await addToCart(page, baseUrl, signedInPick.id);
    expect((await saved).status()).toBe(200);
    const favouriteSaved = page.waitForResponse(
      (response) => response.url().endsWith('/api/account/favorites') && response.request().method() === 'PUT',
    );
    await favourite(page, signedInPick);
    expect((await favouriteSaved).status()).toBe(200);
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('shows the same cart and favourites in a second browser signed in as the buyer, merged with its own visitor’s cart', async () => {
    const [visitorPick, signedInPick, secondVisitorPick, favouritePick] = picks as [
      DemoArtwork,
      DemoArtwork,
      DemoArtwork,
      DemoArtwork,
    ];
    const { page, errors } = second;
    // This browser's visitor had a cart of its own: it joins the account's at sign-in.
    await addToCart(page, baseUrl, secondVisitorPick.id);
    await signIn(page);
    const all = [visitorPick.title, signedInPick.title, secondVisitorPick.title];
    await cartShows(page, all);
    await checkBothWidths(page, 'cart', () => cartShows(page, all));
    await favouritesShow(page, [favouritePick.title, signedInPick.title]);
    await checkBothWidths(page, 'favorites', () => favouritesShow(page, [favouritePick.title, signedInPick.title]));

    // The first browser, on its next page load, shows the merged cart too.
    await cartShows(first.page, all);
    expect(errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('leaves no cart behind at sign-out: the account keeps it, and signing in again brings it back', async () => {
    const { page } = first;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('heading', { name: 'Your cart is empty', level: 1 }).waitFor();
    await signIn(page);
    await cartShows(page, [picks[0]!.title, picks[1]!.title, picks[2]!.title]);
  });
});
