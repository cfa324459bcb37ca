// What a visitor does on a server-rendered page before the app's scripts have run is not lost (decision 0024):
// the scripts are held back, as on a slow phone, while the test types and presses like a person who does not wait
// for them, and arrive when the test lets them (not after a fixed time: a busy machine could outrun it).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
/** Scripts arrive at the latest after this, should a test never let them. */
const HOLD_SCRIPTS_MAX_MS = 30_000;
/** Per page: lets its held-back scripts arrive. */
const releases = new WeakMap<Page, () => void>();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * A page whose built scripts (/assets/*.js) arrive only once the test waits for the app to start. Not openPage's page: that one waits for the app
 * to start after each goto, and these tests must act before it does. Records console errors (a CSP refusal of the
 * inline recorder shows up as one).
 */
async function pageWithScriptsHeldBack(viewport: { width: number; height: number } = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const held = new Promise<void>((resolve) => {
    releases.set(page, resolve);
    setTimeout(resolve, HOLD_SCRIPTS_MAX_MS);
  });
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
    await held;
    await route.continue().catch(() => undefined); // the page may be gone by then
  });
  return { context, page, errors };
}

const appStarted = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-ready'));
const untilAppStarted = (page: Page) => {
  releases.get(page)?.();
  return page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 20_000 });
};

async function firstArtworkId(): Promise<number> {
  const response = await fetch(`${baseUrl}/api/artworks?limit=1`);
  const page = (await response.json()) as { items: Array<{ id: number }> };
  return page.items[0]!.id;
}

describe('input before the app has started', () => {
  it('filters the categories by what was typed into their search before the app started', async () => {
    const { page, errors, context } = await pageWithScriptsHeldBack();
    await page.goto(`${baseUrl}/categories`, { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search categories' });
    await search.waitFor();
    expect(await page.locator('.category-card').count()).toBe(10);
    await search.pressSequentially('nature');
    expect(await appStarted(page), 'typed before the app started').toBe(false);

    await untilAppStarted(page);
    await expect.poll(() => page.locator('.category-card').count()).toBe(1);
    expect(await page.locator('.category-card h2').textContent()).toBe('Nature');
    expect(await search.inputValue()).toBe('nature');
    // The box goes on working as usual, caret and all.
    await search.press('Backspace');
    await search.press('Backspace');
    expect(await search.inputValue()).toBe('natu');
    expect(await page.locator('.category-card').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches the shop for what was typed, and Enter pressed, before the app started', async () => {
    const { page, errors, context } = await pageWithScriptsHeldBack(PHONE);
    await page.goto(`${baseUrl}/shop`, { waitUntil: 'commit' });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.waitFor();
    await search.pressSequentially('PEAKS');
    // Without the app, Enter would send the form: a page load that throws the typed text away.
    await search.press('Enter');
    expect(await appStarted(page), 'typed before the app started').toBe(false);

    await untilAppStarted(page);
    await page.waitForURL(/[?&]q=PEAKS/);
    await page.getByText('Showing 1 of 1 artworks for "PEAKS"').waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves the page where the visitor scrolled it before the app started', async () => {
    const { page, errors, context } = await pageWithScriptsHeldBack(PHONE);
    await page.goto(`${baseUrl}/shop`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(await appStarted(page), 'scrolled before the app started').toBe(false);

    await untilAppStarted(page);
    // Long enough for React Router's scroll restoration, which runs in the first render's layout effect.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // A navigation in the app still starts its page at the top.
    await page.locator('a[href^="/artwork/"]').filter({ visible: true }).first().click();
    await page.waitForURL(/\/artwork\/\d+$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Add to Cart pressed before the app started as pending, then adds the artwork once', async () => {
    const id = await firstArtworkId();
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const { page, errors, context } = await pageWithScriptsHeldBack(viewport);
      await page.goto(`${baseUrl}/artwork/${id}`, { waitUntil: 'commit' });
      const addToCart = page.getByRole('button', { name: 'Add to Cart' });
      await addToCart.waitFor();
      await addToCart.click();
      // An impatient second press is the same request, not a second copy.
      await addToCart.click();
      expect(await appStarted(page), 'pressed before the app started').toBe(false);
      expect(await addToCart.getAttribute('aria-busy')).toBe('true');
      await screenshot(page, `add-to-cart-pending-${name}`);

      await untilAppStarted(page);
      await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
      expect(await page.getByRole('button', { name: 'Added to Cart ✓' }).getAttribute('aria-busy')).toBeNull();
      const cart = await page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('wall-art-store.cart') ?? '[]') as Array<{
            artwork: { id: number };
            quantity: number;
          }>,
      );
      expect(cart.map((item) => [item.artwork.id, item.quantity])).toEqual([[id, 1]]);
      if (name === 'desktop')
        await page.getByRole('navigation', { name: 'Main' }).getByLabel('1 items in cart').waitFor();
      await screenshot(page, `add-to-cart-added-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
