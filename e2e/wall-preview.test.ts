import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;
/** The demo artwork whose master prints up to 24 × 36 in (it offers 8 × 10 in too), found through the public API. */
let artworkId: number;

interface Detail {
  id: number;
  printSizes: Array<{ sizes: Array<{ name: string }> }>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (let id = 1; id <= 80 && !artworkId; id++) {
    const response = await fetch(`${baseUrl}/api/artworks/${id}`);
    if (!response.ok) continue;
    const detail = (await response.json()) as Detail;
    const names = detail.printSizes.flatMap((entry) => entry.sizes.map((size) => size.name));
    if (names.includes('24 × 36 in') && names.includes('8 × 10 in')) artworkId = detail.id;
  }
  if (!artworkId) throw new Error('No demo artwork prints at 24 × 36 in');
});
afterAll(() => browser?.close());

const widthOf = async (locator: Locator) =>
  (await locator.evaluate((element) => element.getBoundingClientRect())).width;

/** The drawn print's width ÷ the drawn sofa's, from the page's own layout. */
async function drawnRatio(dialog: Locator) {
  const [art, sofa] = await Promise.all([
    widthOf(dialog.getByTestId('wall-artwork')),
    widthOf(dialog.getByTestId('wall-sofa')),
  ]);
  return art / sofa;
}

const shoot = (page: Page, name: string) => screenshot(page, name);

/** Tab from the page's top until the button has focus, then press Enter: the keyboard way in. */
async function openByKeyboard(page: Page) {
  const button = page.getByRole('button', { name: 'View on a wall' });
  await button.waitFor();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await button.evaluate((element) => element === document.activeElement)) break;
  }
  expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'View on a wall' });
  await dialog.getByTestId('wall-artwork').waitFor();
  return { button, dialog };
}

describe('View on a wall', () => {
  it('draws the artwork at true scale beside an 84 in sofa, with its size, wall, frame and mat', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/artwork/${artworkId}`);
    // The dialog's code is not part of the page's first load.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name.split('/').pop() ?? ''),
    );
    expect(scripts.filter((name) => name.startsWith('wall-preview-dialog'))).toEqual([]);

    const { button, dialog } = await openByKeyboard(page);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await shoot(page, 'wall-desktop-1280-first');

    // The demo masters are upright (portrait): a print's width is its short side.
    const size = dialog.getByLabel('Print size');
    await size.selectOption('8 × 10 in');
    await dialog.getByTestId('wall-size-name').getByText('8 × 10 in (20.3 × 25.4 cm)').waitFor();
    expect(Math.abs((await drawnRatio(dialog)) / (8 / 84) - 1)).toBeLessThan(0.01);

    // The person is 5 ft 7 in (67 in) tall on the same scale.
    const personHeight = (
      await dialog.getByTestId('wall-person').evaluate((element) => element.getBoundingClientRect())
    ).height;
    expect(Math.abs(personHeight / (await widthOf(dialog.getByTestId('wall-sofa'))) / (67 / 84) - 1)).toBeLessThan(
      0.01,
    );

    await size.selectOption('24 × 36 in');
    await dialog.getByTestId('wall-size-name').getByText('24 × 36 in (61 × 91.4 cm)').waitFor();
    expect(Math.abs((await drawnRatio(dialog)) / (24 / 84) - 1)).toBeLessThan(0.01);

    // The wall's colour, by keyboard in its radio group.
    const surface = dialog.getByTestId('wall-surface');
    const whiteFill = await surface.getAttribute('fill');
    await dialog.getByRole('group', { name: 'Wall color' }).getByRole('radio', { name: 'Sage' }).check();
    await expect.poll(() => surface.getAttribute('fill')).not.toBe(whiteFill);
    expect(await surface.getAttribute('fill')).toBe('#a7b59d');

    // Frame: none takes it away, oak draws a wood grain.
    const frames = dialog.getByRole('group', { name: 'Frame' });
    await frames.getByRole('radio', { name: 'None' }).check();
    expect(await dialog.getByTestId('wall-frame').count()).toBe(0);
    await frames.getByRole('radio', { name: 'Oak' }).check();
    const frame = dialog.getByTestId('wall-frame');
    expect(await frame.getAttribute('data-frame')).toBe('oak');
    expect(await frame.getAttribute('fill')).toMatch(/^url\(#/);
    const printWidth = await widthOf(dialog.getByTestId('wall-artwork'));
    // 24 in print + 2 × 1 in frame.
    expect(Math.abs((await widthOf(frame)) / printWidth / (26 / 24) - 1)).toBeLessThan(0.01);

    // The mat: 2 in of white on each side, inside the frame; the print keeps its size.
    expect(await dialog.getByTestId('wall-mat').count()).toBe(0);
    await dialog.getByRole('checkbox', { name: /White mat/ }).check();
    await dialog.getByTestId('wall-mat').waitFor();
    expect(Math.abs((await widthOf(dialog.getByTestId('wall-mat'))) / printWidth / (28 / 24) - 1)).toBeLessThan(0.01);
    expect(Math.abs((await widthOf(frame)) / printWidth / (30 / 24) - 1)).toBeLessThan(0.01);
    expect(Math.abs((await drawnRatio(dialog)) / (24 / 84) - 1)).toBeLessThan(0.01);
    await dialog.getByText('Framed: 30 × 42 in (76.2 × 106.7 cm)').waitFor();

    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'wall-desktop-1280');

    // Focus stays inside: Tab through every stop and around again, Shift+Tab back past the first.
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // Opened again, the close button and a click on the backdrop close it too.
    await button.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await button.click();
    await dialog.waitFor();
    await page.mouse.click(4, 4);
    await dialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: the scene scales to the width and the controls follow below it', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/artwork/${artworkId}`);
    const { dialog } = await openByKeyboard(page);
    await dialog.getByLabel('Print size').selectOption('8 × 10 in');
    expect(Math.abs((await drawnRatio(dialog)) / (8 / 84) - 1)).toBeLessThan(0.01);

    const scene = await dialog.getByTestId('wall-scene').evaluate((element) => element.getBoundingClientRect());
    const controls = await dialog.locator('form').evaluate((element) => element.getBoundingClientRect());
    expect(scene.left).toBeGreaterThanOrEqual(0);
    expect(scene.right).toBeLessThanOrEqual(PHONE.width);
    expect(controls.top).toBeGreaterThanOrEqual(scene.bottom);
    await shoot(page, 'wall-phone-390');
    const overflow = await dialog.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      wide: [...element.querySelectorAll('*')]
        .filter((child) => child.getBoundingClientRect().right > element.getBoundingClientRect().right)
        .map((child) => `${child.tagName}.${child.getAttribute('class') ?? ''}`),
    }));
    expect(overflow.wide).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
    await dialog.getByRole('group', { name: 'Wall color' }).getByRole('radio', { name: 'Navy' }).check();
    await dialog.getByRole('group', { name: 'Frame' }).getByRole('radio', { name: 'White' }).check();
    await dialog.getByRole('checkbox', { name: /White mat/ }).check();
    await dialog.locator('form').scrollIntoViewIfNeeded();
    await shoot(page, 'wall-phone-390-navy-white-frame-mat');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
