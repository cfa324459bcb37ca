import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const cartBadge = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });

describe('shopping in Chromium', () => {
  it('browse → search → filter → detail → add to cart → quantities → clear', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop`);
    await page.getByText(/Showing 24 of \d+ artworks/).waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('sunburst');
    await page.waitForURL(/q=sunburst/);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const maxPrice = page.getByRole('slider', { name: 'Maximum price' });
    await maxPrice.focus();
    for (let i = 0; i < 16; i++) await maxPrice.press('ArrowLeft'); // 100 → 20
    await page.waitForURL(/maxPrice=20/);
    await page.getByText(/Showing \d+ of \d+ artworks for "sunburst"/).waitFor();
    const prices = await page.locator('.price-tag__price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(Number(price.replace('$', ''))).toBeLessThanOrEqual(20);

    const title = (await page.getByRole('article').first().getByRole('heading').textContent()) ?? '';
    await page.getByRole('article').first().getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
    await page.goBack();
    await page.getByRole('article').nth(1).hover();
    await page
      .getByRole('article')
      .nth(1)
      .getByRole('button', { name: /to cart$/ })
      .click();
    await cartBadge(page).getByText('2').waitFor();

    await cartBadge(page).click();
    await page.getByRole('heading', { name: 'Shopping Cart' }).waitFor();
    const firstLine = page.getByRole('group', { name: `Quantity of ${title}` });
    expect(await firstLine.getByRole('button', { name: 'Decrease quantity' }).isDisabled()).toBe(true);
    await firstLine.getByRole('button', { name: 'Increase quantity' }).click();
    await firstLine.getByRole('button', { name: 'Increase quantity' }).click();
    await firstLine.getByText('3').waitFor();
    await page
      .getByText(/ each$/)
      .first()
      .waitFor();
    await cartBadge(page).getByText('4').waitFor();
    await screenshot(page, 'cart-desktop');

    // The cart survives a reload: it lives in local storage.
    await page.reload();
    await page.getByText('4 items').waitFor();
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps favourites and clears them only on a second click', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop`);
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    for (const index of [0, 1]) {
      await cards.nth(index).hover();
      await cards
        .nth(index)
        .getByRole('button', { name: /to favorites$/ })
        .click();
    }
    await page.getByRole('navigation', { name: 'Main' }).getByLabel('2 favorites').waitFor();
    await page.goto(`${baseUrl}/favorites`);
    await page.getByText('2 artworks saved').waitFor();

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('button', { name: 'Click to Confirm' }).waitFor();
    // Left alone, the button disarms after three seconds.
    await page.getByRole('button', { name: 'Clear All' }).waitFor({ timeout: 4500 });
    expect(await page.getByText('2 artworks saved').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('button', { name: 'Click to Confirm' }).click();
    await page.getByRole('heading', { name: 'No Favorites Yet' }).waitFor();
    await context.close();
  });

  it('shares: copy link shows the toast, Escape closes the dialog and gives focus back', async () => {
    const { page, errors, context } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/artwork/1`);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Share this artwork' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    for (const option of [
      'Copy link',
      'Copy artwork details',
      'Email',
      'WhatsApp',
      'Facebook',
      'Twitter',
      'Pinterest',
      'LinkedIn',
      'Reddit',
      'Telegram',
    ]) {
      expect(await dialog.getByRole('button', { name: option, exact: true }).count(), option).toBe(1);
    }
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/artwork/1`);
    await screenshot(page, 'share-desktop');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Share');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    // The toast leaves by itself after three seconds.
    await page.getByText('Link copied to clipboard!').waitFor({ state: 'detached', timeout: 4500 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('browses the categories: search, list view, then the shop of one category', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/categories`);
    await page.getByRole('heading', { name: 'Art Categories', level: 1 }).waitFor();
    await page.getByText('Collection Overview').waitFor();
    await page.getByRole('searchbox', { name: 'Search categories' }).fill('SKYLINE');
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search categories' }).fill('zzz');
    await page.getByRole('heading', { name: 'No categories found' }).waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    expect(await page.getByRole('article').count()).toBe(10);
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('link', { name: 'Browse Urban' }).click();
    await page.waitForURL(`${baseUrl}/shop?category=urban`);
    await page.getByRole('heading', { name: 'Urban Collection' }).waitFor();
    await context.close();
  });
});

const AUDITED_PAGES = ['/', '/shop', '/artwork/1', '/cart', '/categories'];

describe('accessibility and phones', () => {
  it.each(AUDITED_PAGES)('%s has no serious or critical axe violation', async (path) => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const violations = await seriousAxeViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await context.close();
  });

  it.each(AUDITED_PAGES)('%s fits a 360 px wide phone without sideways scrolling', async (path) => {
    const { page, context } = await openPage(browser, { width: 360, height: 740 });
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('takes screenshots at 390 and 1280 px to look at', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, context } = await openPage(browser, viewport);
      for (const path of ['/', '/shop', '/artwork/1', '/categories', '/favorites', '/about']) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${path === '/' ? 'home' : path.slice(1).replace(/\//g, '-')}-${name}`);
      }
      expect(await page.title()).toContain('Wall Art Store');
      await context.close();
    }
  });
});
