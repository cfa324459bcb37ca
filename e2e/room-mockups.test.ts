import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
// A demo artwork no other browser test looks at: its room mockups are turned off here.
const ARTWORK_ID = 5;
const SHOTS = '/work/notes/shots/mockups-ui';

let browser: Browser;
let title = '';

interface Media {
  url: string;
  mockup?: string;
}

const mediaOf = async () =>
  (await (await fetch(`${baseUrl}/api/artworks/${ARTWORK_ID}`)).json()) as { title: string; media: Media[] };

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
  // The demo catalogue's mockups are queued at the store's first start and made in the background, one at a time.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const artwork = await mediaOf();
    title = artwork.title;
    if (artwork.media.some((item) => item.mockup)) break;
    if (Date.now() > deadline) throw new Error(`no mockups on artwork ${ARTWORK_ID} in time`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}, 150_000);
afterAll(() => browser?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('room mockups in Chromium', () => {
  it.each([DESKTOP, PHONE])('shows the demo artwork’s mockups in its gallery at $width px', async (viewport) => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/artwork/${ARTWORK_ID}`);
    const thumb = page.getByRole('button', { name: `Show ${title} in a living room` });
    await thumb.click();
    const shown = page.locator('.media-viewer__main img');
    expect(await shown.getAttribute('alt')).toBe(`${title} in a living room`);
    expect(await shown.getAttribute('srcset')).toMatch(/mockups\/5-living-room-[0-9a-f]{12}-1600\.webp 1600w/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.media-viewer__main img');
      return img?.complete && img.naturalWidth > 0;
    });
    // The thumbnails of every mockup loaded too.
    for (const room of ['a bedroom', 'an office'])
      await page.getByRole('button', { name: `Show ${title} in ${room}` }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await shot(page, `artwork-page-with-mockups-${viewport.width}`);
    await page.locator('.media-viewer').screenshot({ path: `${SHOTS}/gallery-${viewport.width}.png` });
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('lets the owner turn them off in the artwork form, after which the page shows none', async () => {
    const { page, context } = await openPage(browser);
    await signInAsOwner(page, baseUrl, `/admin/edit/${ARTWORK_ID}`);
    await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    const previews = page.getByRole('list', { name: 'Room mockups made' }).getByRole('img');
    await previews.first().waitFor();
    expect(await previews.count()).toBe(3);
    const show = page.getByRole('checkbox', { name: 'Show room mockups' });
    expect(await show.isChecked()).toBe(true);
    expect(await page.getByLabel('First scene').inputValue()).toBe('living-room');
    expect(await page.getByRole('radio', { name: 'Picture' }).isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const controls = page.locator('.artwork-form__mockups');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await shot(page, `admin-form-${viewport.width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await controls.screenshot({ path: `${SHOTS}/admin-mockup-controls-${viewport.width}.png` });
    }
    await page.setViewportSize(DESKTOP);

    await show.uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Artwork updated successfully!').waitFor();
    expect((await mediaOf()).media.filter((item) => item.mockup)).toEqual([]);

    await page.goto(`${baseUrl}/artwork/${ARTWORK_ID}`);
    await page.locator('.media-viewer__main img').waitFor();
    expect(await page.getByRole('button', { name: new RegExp(`Show ${title} in `) }).count()).toBe(0);
    await context.close();
  });
});
