import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the storefront in Chromium', () => {
  it('opens the home page with featured works, new arrivals and categories', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Art that turns a wall');
    const featured = page.getByRole('region', { name: 'Featured Artworks' });
    await featured.getByRole('article').first().waitFor();
    expect(await featured.getByRole('article').count()).toBe(4);
    const newArrivals = page.getByRole('region', { name: 'New Arrivals' });
    expect(await newArrivals.getByRole('article').count()).toBe(3);
    const categories = page.getByRole('region', { name: 'Browse by Category' });
    expect(await categories.getByRole('link').filter({ hasText: 'artworks' }).count()).toBe(6);
    // The header's links, and the footer's.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Shop', 'Categories', 'Favorites', 'Downloads', 'About', 'Cart', 'Login']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count(), label).toBe(1);
    }
    const footer = page.getByRole('contentinfo');
    expect(await footer.locator('a[href="/shop?category=nature"]').count()).toBe(1);
    expect(await footer.locator('a[href="/cookie-policy"]').count()).toBe(1);
    await screenshot(page, 'home-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('browses the shop: search and category live in the URL, paging, then an artwork', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop`);
    await page.getByText(/Showing 24 of \d+ artworks/).waitFor();
    await screenshot(page, 'shop-desktop');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText(/Showing 24 of \d+ artworks/).waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('PEAKS');
    await page.waitForURL(/q=PEAKS/);
    await page.getByText(/Showing 1 of 1 artworks for "PEAKS"/).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);

    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('botanical');
    await page.waitForURL(/category=botanical/);
    await page.getByRole('heading', { name: 'Botanical Collection' }).waitFor();
    await page.getByText('Showing 6 of 6 artworks in Botanical').waitFor();

    await page.reload();
    await page.getByText('Showing 6 of 6 artworks in Botanical').waitFor();

    const firstTitle = await page.getByRole('article').first().getByRole('heading').textContent();
    await page.getByRole('article').first().getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: firstTitle ?? '' }).waitFor();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.getByRole('link', { name: 'Botanical' }).getAttribute('href')).toBe(
      '/shop?category=botanical',
    );
    // The licences this artwork is sold under (e2e/licences.test.ts may have added Commercial to a botanical one).
    const licences = page.locator('.spec-list dt', { hasText: 'License' }).locator('xpath=following-sibling::dd[1]');
    expect(await licences.textContent()).toMatch(/^Personal( or Commercial)?$/);
    expect(await page.getByRole('region', { name: 'Related Artworks' }).getByRole('article').count()).toBe(4);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByLabel('1 items in cart').waitFor();
    await screenshot(page, 'artwork-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows 'Artwork not found' for an unknown artwork", async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto(`${baseUrl}/artwork/999999`);
    // The first response already says so, to crawlers too: status 404 and the not-found page in the HTML.
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain('Artwork not found');
    await page.getByRole('heading', { name: 'Artwork not found' }).waitFor();
    await page.getByText("The artwork you're looking for doesn't exist.").waitFor();
    await page.getByRole('link', { name: 'Back to Shop' }).click();
    await page.waitForURL(`${baseUrl}/shop`);
    await context.close();
  });

  it("paints an artwork page's main picture from the server's HTML, then comes alive", async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/artwork/1`);
    // The picture is named in <head> (a preload) and rendered by the server: no script is needed to show it.
    const picture = await page.evaluate(() => ({
      preloaded: document.head.querySelector('link[rel="preload"][as="image"][fetchpriority="high"]') !== null,
      rendered: document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]')?.complete ?? false,
    }));
    expect(picture).toEqual({ preloaded: true, rendered: true });
    // Hydrated: the like button, which needs the app, now works.
    await page
      .getByRole('button', { name: /add to favorites/i })
      .first()
      .click();
    await page
      .getByRole('button', { name: /remove from favorites/i })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens and closes the menu at phone width', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/shop`);
    await page.getByText(/Showing 24 of/).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await nav.isVisible()).toBe(true);
    await screenshot(page, 'menu-phone');
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await expect.poll(() => nav.isVisible()).toBe(false);
    // Nothing may stick out sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
