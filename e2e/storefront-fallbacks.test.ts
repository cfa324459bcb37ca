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

// What a visitor sees when pictures or the catalogue cannot be loaded.
describe('storefront fallbacks in Chromium', () => {
  it("shows 'Image unavailable' with a stock picture when a server-rendered card's picture fails before the app starts", async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.route('**/files/**', (route) => route.abort());
    await page.goto(`${baseUrl}/shop`);
    const firstCard = page.getByRole('article').first();
    await firstCard.getByText('Image unavailable').waitFor();
    expect(await firstCard.locator('img').getAttribute('src')).toMatch(/^\/stock\/stock-\d{2}\.svg$/);
    expect(await firstCard.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'shop-images-failed-phone');
    await context.close();
  });

  it('fills the hero with stock pictures when the artworks cannot be loaded', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/about`);
    await page.route('**/api/artworks**', (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('alert').waitFor();
    const tiles = page.locator('.hero__collage img');
    await expect.poll(() => tiles.count()).toBe(4);
    const sources = await tiles.evaluateAll((images) => images.map((img) => img.getAttribute('src')));
    expect(sources.every((src) => /^\/stock\/stock-\d{2}\.svg$/.test(src ?? ''))).toBe(true);
    await context.close();
  });

  it('offers the way back from a shop page past the last one', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop?page=99`);
    await page.getByRole('heading', { name: 'No artwork found' }).waitFor();
    await page.getByRole('button', { name: 'Go to page 1' }).click();
    await page.getByRole('article').first().waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops the search box at the 100 characters the catalogue accepts', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${baseUrl}/shop`);
    await page.getByRole('searchbox').fill('a'.repeat(150));
    expect((await page.getByRole('searchbox').inputValue()).length).toBe(100);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')?.length).toBe(100);
    await page
      .getByText(/No artwork found|Showing/)
      .first()
      .waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
