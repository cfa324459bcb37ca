import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../test-support/pdf-text';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;
/** Three demo artworks whose print packs offer sizes, found through the public API. */
const artworks: Array<{ id: number; title: string; smallest: string }> = [];

interface Detail {
  id: number;
  title: string;
  printSizes: Array<{ sizes: Array<{ name: string }> }>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (let id = 1; id <= 80 && artworks.length < 3; id++) {
    const response = await fetch(`${baseUrl}/api/artworks/${id}`);
    if (!response.ok) continue;
    const detail = (await response.json()) as Detail;
    const names = detail.printSizes.flatMap((entry) => entry.sizes.map((size) => size.name));
    if (names.length >= 3) artworks.push({ id: detail.id, title: detail.title, smallest: names[0]! });
  }
  if (artworks.length < 3) throw new Error('Fewer than three demo artworks with print sizes');
});
afterAll(() => browser?.close());

const shoot = (page: Page, name: string) => screenshot(page, name);

/** Where the frames are drawn, rounded to whole pixels: changes when the layout does. */
const drawing = (dialog: Locator) =>
  dialog
    .getByTestId('gallery-frame')
    .evaluateAll((frames) =>
      frames.map((frame) => {
        const box = frame.getBoundingClientRect();
        return [Math.round(box.x), Math.round(box.y)].join(',');
      }),
    )
    .then((boxes) => boxes.join(' '));

const overall = (dialog: Locator) => dialog.getByTestId('gallery-overall').textContent();

async function addToCart(page: Page, id: number) {
  await page.goto(`${baseUrl}/artwork/${id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
}

async function openPlanner(page: Page) {
  const button = page.getByRole('button', { name: 'Plan a gallery wall' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Plan a gallery wall' });
  await dialog.getByTestId('gallery-scene').waitFor();
  return dialog;
}

/** Chooses a layout and waits for the overall size to change from what it was. */
async function chooseLayout(dialog: Locator, name: string, before: string | null) {
  await dialog.getByRole('group', { name: 'Layout' }).getByRole('radio', { name }).check();
  await expect.poll(() => overall(dialog)).not.toBe(before);
  return overall(dialog);
}

async function downloadGuideText(page: Page, dialog: Locator): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download hanging guide (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Hanging guide.pdf');
  const file = await download.path();
  return (await pdfText(fs.readFileSync(file))).replace(/\s+/g, ' ');
}

describe('Plan a gallery wall', () => {
  it('from the cart: three layouts drawn to scale, units, and the hanging guide PDF', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    for (const artwork of artworks) await addToCart(page, artwork.id);
    await page.goto(`${baseUrl}/cart`);
    // The planner's code is not part of the cart's first load.
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop() ?? ''),
    );
    expect(loaded.filter((name) => name.startsWith('gallery-wall-dialog'))).toEqual([]);

    const dialog = await openPlanner(page);
    expect(await dialog.getByTestId('gallery-frame').count()).toBe(3);
    // The first piece at its smallest size, so the three layouts differ in their overall size.
    await dialog.getByLabel(`1. ${artworks[0]!.title}`).selectOption(artworks[0]!.smallest);
    const row = await overall(dialog);
    expect(row).toMatch(/^Overall: [\d /]+ × [\d /]+ in$/);
    const rowDrawing = await drawing(dialog);
    await shoot(page, 'gallery-1280-row');

    const grid = await chooseLayout(dialog, 'Grid', row);
    const gridDrawing = await drawing(dialog);
    expect(gridDrawing).not.toBe(rowDrawing);
    await shoot(page, 'gallery-1280-grid');
    const salon = await chooseLayout(dialog, 'Salon', grid);
    expect(salon).not.toBe(row);
    expect(await drawing(dialog)).not.toBe(gridDrawing);
    await shoot(page, 'gallery-1280-salon');

    await dialog.getByRole('group', { name: 'Units' }).getByRole('radio', { name: 'Centimetres' }).check();
    await expect.poll(() => overall(dialog)).toMatch(/^Overall: [\d.]+ × [\d.]+ cm$/);
    expect(await dialog.getByLabel('Centre height (cm)').inputValue()).toBe('145');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const shown = (await overall(dialog))!.replace('Overall: ', '');
    const text = await downloadGuideText(page, dialog);
    expect(text).toContain(`Overall size: ${shown}`);
    expect(text).toContain('salon layout');
    for (let frame = 1; frame <= 3; frame++) {
      expect(text).toMatch(new RegExp(`Outer size of frame ${frame}: [\\d.]+ × [\\d.]+ cm`));
      expect(text).toMatch(
        new RegExp(`[Nn]ail for frame ${frame}: [\\d.]+ cm from the left, [\\d.]+ cm from the top, [\\d.]+ cm above`),
      );
    }
    expect(text).toMatch(/Frame \d+ to frame \d+ \((side by side|one above the other)\): 5 cm/);
    await shoot(page, 'gallery-1280-cm');

    // A hook lower than a frame is tall cannot be hung: said at the field, and nothing to download.
    await dialog.getByLabel("Hook's drop (cm)").fill('29');
    await dialog.getByRole('alert').filter({ hasText: "The hook's drop must be less" }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Download hanging guide (PDF)' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('from the favourites, on a 390 px phone: the drawing fits, the controls follow it', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    for (const artwork of artworks.slice(0, 2)) {
      await page.goto(`${baseUrl}/artwork/${artwork.id}`);
      await page.getByRole('button', { name: 'Add to favorites' }).click();
    }
    await page.goto(`${baseUrl}/favorites`);
    const dialog = await openPlanner(page);
    expect(await dialog.getByTestId('gallery-frame').count()).toBe(2);
    const scene = await dialog.getByTestId('gallery-scene').evaluate((element) => element.getBoundingClientRect());
    const controls = await dialog.locator('form').evaluate((element) => element.getBoundingClientRect());
    expect(scene.left).toBeGreaterThanOrEqual(0);
    expect(scene.right).toBeLessThanOrEqual(PHONE.width);
    expect(controls.top).toBeGreaterThanOrEqual(scene.bottom);
    const overflow = await dialog.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      wide: [...element.querySelectorAll('*')]
        .filter((child) => child.getBoundingClientRect().right > element.getBoundingClientRect().right + 0.5)
        .map((child) => `${child.tagName}.${child.getAttribute('class') ?? ''}`),
    }));
    expect(overflow.wide).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    await shoot(page, 'gallery-390-row');

    const row = await overall(dialog);
    await chooseLayout(dialog, 'Salon', row);
    await shoot(page, 'gallery-390-salon');
    const text = await downloadGuideText(page, dialog);
    expect(text).toContain('2 artworks, salon layout');
    expect(text).toContain(`Overall size: ${(await overall(dialog))!.replace('Overall: ', '')}`);
    expect(text).toMatch(/Outer size of frame 2: [\d /]+ × [\d /]+ in/);
    expect(text).toMatch(/[Nn]ail for frame 1: [\d /]+ in from the left, [\d /]+ in from the top, [\d /]+ in above/);
    await dialog.locator('form').scrollIntoViewIfNeeded();
    await shoot(page, 'gallery-390-controls');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
