import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
/** A demo artwork no other browser test changes. */
const TITLE = 'Golden Peaks';
/** The demo's master is drawn and its pack made on demand, in a child process: allow for a slow machine. */
const PACK_MS = 60_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Where the crop box says it is, in whole percent of the picture. */
async function positionOf(box: Locator): Promise<{ left: number; top: number }> {
  const label = (await box.getAttribute('aria-label')) ?? '';
  const match = /(\d+) % from the left, (\d+) % from the top/.exec(label);
  if (!match) throw new Error(`The crop box says no position: '${label}'`);
  return { left: Number(match[1]), top: Number(match[2]) };
}

async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Drags the crop box by this many CSS pixels with the mouse (pointer events). */
async function drag(page: Page, box: Locator, dx: number, dy: number) {
  const at = await box.boundingBox();
  if (!at) throw new Error('The crop box is not on screen');
  const [x, y] = [at.x + at.width / 2, at.y + at.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

describe("the owner's print pack in Chromium", () => {
  it('shows the pack on the edit page, moves crops by keyboard and by dragging, saves, and follows the files to Ready', async () => {
    const { page, errors, context } = await openPage(browser);
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    await page.getByRole('searchbox', { name: 'Search' }).fill(TITLE);
    await page.getByText('1 of').waitFor();
    await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
    await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();

    // The section, once the store knows the master's size (until then it says it is preparing).
    const section = page.getByRole('region', { name: 'Print pack' });
    await section.waitFor();
    await section.getByText(/^Master: \d+ × \d+ px — .+ at 300 DPI$/).waitFor({ timeout: PACK_MS });
    const ratios = section.getByRole('group', { name: 'Ratios offered' });
    expect(await ratios.getByRole('checkbox').count()).toBe(6);
    expect(await ratios.getByRole('checkbox', { name: /^4:5/ }).isChecked()).toBe(true);
    const save = section.getByRole('button', { name: 'Save print pack' });
    expect(await save.isDisabled()).toBe(true);

    // 4:5: to the top-left corner with Shift+arrows (the box stops at the edges), then a step right and down.
    const picker = section.getByRole('group', { name: 'Crop to edit' });
    await picker.getByRole('button', { name: /^4:5/ }).click();
    const fourFive = section.getByRole('application', { name: /^4:5 crop/ });
    await fourFive.focus();
    await press(page, 'Shift+ArrowLeft', 12);
    await press(page, 'Shift+ArrowUp', 12);
    expect(await positionOf(fourFive)).toEqual({ left: 0, top: 0 });
    await press(page, 'ArrowRight', 1);
    await press(page, 'ArrowDown', 1);
    const stepped = await positionOf(fourFive);
    expect(stepped.left).toBeLessThanOrEqual(1);
    expect(stepped.top).toBeLessThanOrEqual(1);
    await drag(page, fourFive, 400, 400);
    const dragged = await positionOf(fourFive);
    expect(dragged.left).toBeGreaterThanOrEqual(stepped.left);
    expect(dragged.top).toBeGreaterThanOrEqual(stepped.top);
    expect(dragged.left + dragged.top).toBeLessThan(100);

    // 2:3, narrower than the demo's 4:5 master, has room to move sideways: to the left edge, 3 steps right, then a
    // drag to the right edge and back a little.
    await picker.getByRole('button', { name: /^2:3/ }).click();
    const twoThree = section.getByRole('application', { name: /^2:3 crop/ });
    await twoThree.focus();
    await press(page, 'Shift+ArrowLeft', 12);
    expect((await positionOf(twoThree)).left).toBe(0);
    await press(page, 'ArrowRight', 3);
    expect((await positionOf(twoThree)).left).toBe(3);
    await drag(page, twoThree, 2000, 0);
    const rightEdge = (await positionOf(twoThree)).left;
    expect(rightEdge).toBeGreaterThan(3);
    await press(page, 'ArrowLeft', 2);
    const moved = await positionOf(twoThree);
    expect(moved.left).toBe(rightEdge - 2);
    await picker.getByRole('button', { name: /^2:3, moved/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-print-pack-desktop');

    // Save: the pack is made again, and the files reach Ready.
    await save.click();
    await section.getByText('Print pack saved. Its files are being made again.').waitFor();
    const progress = section.getByRole('status').filter({ hasText: /^(Queued|Making \d+ of \d+|Ready|Failed.*)$/ });
    // The answer to Save is the new pack, queued: it shows before the first file can be ready.
    expect(await progress.textContent()).toMatch(/^(Queued|Making \d+ of \d+)$/);
    await progress.filter({ hasText: /^Ready$/ }).waitFor({ timeout: PACK_MS });
    expect(await section.getByText(/^Ready: \d+ × \d+ px/).count()).toBeGreaterThan(0);
    expect(await save.isDisabled()).toBe(true);

    // What was saved is what the page shows again.
    await page.reload();
    await section.getByText(/^Master: /).waitFor({ timeout: PACK_MS });
    await section.getByRole('group', { name: 'Crop to edit' }).getByRole('button', { name: /^2:3/ }).click();
    expect(await positionOf(section.getByRole('application', { name: /^2:3 crop/ }))).toEqual(moved);

    // The dashboard shows the pack's state beside the artwork.
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(TITLE);
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.getByText('Ready', { exact: true }).waitFor({ timeout: PACK_MS });
    expect(errors).toEqual([]);
    await context.close();
  });
});
