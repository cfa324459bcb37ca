import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtworkSet, SetList } from '../src/shared/sets/set-schema';
import { SET_COVER_TEXTS } from '../src/shared/sets/set-cover';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// A set's cover drawn by the store as a gallery-wall mockup (decision 0073): the owner chooses it on /admin/sets,
// sees it being drawn and then ready, and a visitor sees it on the set's page and in the shop's sets, on a phone
// and a desktop.
const { baseUrl, dataDir } = await storeOfThisFile();
const customer = { email: `set-cover-${Date.now()}@example.test`, password: 'set cover buyer password' };
let browser: Browser;
let set: ArtworkSet;

beforeAll(async () => {
  browser = await launchBrowser();
  const sets = await fetch(`${baseUrl}/api/sets`).then((r) => r.json() as Promise<SetList>);
  // The demo's set with the most pieces: the fullest wall.
  set = [...sets.items].sort((a, b) => b.pieces.length - a.pieces.length)[0]!;
});
afterAll(() => browser?.close());

/** Waits until the image has loaded, and answers its drawn size. */
async function loadedSize(page: Page, selector: string) {
  await page.waitForFunction(
    (css) => {
      const image = document.querySelector<HTMLImageElement>(css);
      return image !== null && image.complete && image.naturalWidth > 0;
    },
    selector,
    { timeout: 30_000 },
  );
  return page
    .locator(selector)
    .first()
    .evaluate((image: HTMLImageElement) => ({
      natural: image.naturalWidth,
      shown: image.getBoundingClientRect().width,
      src: image.currentSrc,
    }));
}

describe("a set's gallery-wall cover in Chromium", () => {
  it('the owner chooses the mockup cover and sees it drawn', async () => {
    expect(set.cover?.mockup).toBe(false);
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInAsOwner(page, baseUrl, '/admin/sets');
    await page.getByRole('button', { name: `Edit ${set.title}` }).click();
    const form = page.getByRole('form', { name: `Edit ${set.title}` });
    await form.getByLabel('Cover picture').selectOption({ label: SET_COVER_TEXTS.mockupOption });
    await expectNoSeriousViolations(page);
    await screenshot(page, 'set-cover-owner-form-desktop');
    await form.getByRole('button', { name: 'Save Set' }).click();
    await page.getByText(`The set “${set.title}” is saved.`).waitFor();
    // The list asks again while the store draws it; two CPUs shared by many: a generous wait.
    await page.getByText(SET_COVER_TEXTS.ready).waitFor({ timeout: 150_000 });
    await expectNoSeriousViolations(page);
    await screenshot(page, 'set-cover-owner-list-desktop');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'a visitor sees the gallery wall on the set’s page and in the shop’s sets (%s)',
    async (name, viewport) => {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/sets/${set.id}`);
      await page.getByRole('heading', { level: 1, name: set.title }).waitFor();
      const cover = page.getByRole('img', {
        name: `${set.title}: its ${set.pieces.length} artworks framed on a living-room wall`,
      });
      await cover.waitFor();
      const size = await loadedSize(page, '.set-page__cover');
      expect(size.src).toMatch(/\/set-covers\/\d+-[0-9a-f]{12}-(800|1600)\.webp$/);
      expect(size.shown).toBeGreaterThan(viewport.width * 0.3);
      await expectNoSeriousViolations(page);
      await screenshot(page, `set-cover-page-${name}`);

      // The page's share image is the wall too.
      const html = await fetch(page.url(), { headers: { accept: 'text/html' } }).then((r) => r.text());
      expect(html).toMatch(/<meta property="og:image" content="[^"]*\/set-covers\//);

      await page.goto(`${baseUrl}/shop?filter=sets`);
      await page.getByRole('heading', { level: 1, name: 'Sets of Artworks' }).waitFor();
      const card = page.locator('.set-card', { has: page.getByRole('link', { name: set.title }) });
      expect(await card.locator('img').getAttribute('src')).toMatch(/\/set-covers\//);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `set-cover-shop-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it('a buyer’s order history heads the set’s lines with its name, on a phone and a desktop', async () => {
    await createCustomer(baseUrl, dataDir, customer);
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInThrough(page, baseUrl, '/orders', customer);
    await page.goto(`${baseUrl}/sets/${set.id}`);
    await page.getByRole('button', { name: 'Add Set to Cart' }).click();
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('link', { name: set.title }).waitFor();
    await payWithTestCard(page, baseUrl);
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/orders`);
      const heading = page.locator('.order-card__set', { hasText: `Set: ${set.title}` });
      await heading.waitFor();
      expect(await page.locator('.order-card__line--in-set').count()).toBe(set.pieces.length);
      await expectNoSeriousViolations(page);
      await screenshot(page, `set-cover-orders-${name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
