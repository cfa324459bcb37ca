import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../src/shared/catalogue/artwork-schema';
import type { DownloadList } from '../src/shared/orders/downloads-schema';
import type { SetList } from '../src/shared/sets/set-schema';
import { readZip } from '../test-support/read-zip';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// Sets (decisions 0066 and 0067): the owner makes one from the dashboard's selection, and a visitor finds it under
// the shop's sets and opens its page, on a phone and a desktop; a buyer downloads each piece and the whole set.
const { baseUrl, dataDir } = await storeOfThisFile();
const customer = { email: `sets-${Date.now()}@example.test`, password: 'sets buyer password' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SET_TITLE = 'Harbour and Hills';

describe('sets of artworks in Chromium', () => {
  it('the owner makes a set from the dashboard', async () => {
    const listed = await fetch(`${baseUrl}/api/artworks?limit=24`).then(
      (r) => r.json() as Promise<{ items: Artwork[] }>,
    );
    const pieces = listed.items.filter((a) => a.payWhatYouWant === null && (a.licences.personal ?? 0) > 0).slice(0, 2);
    expect(pieces).toHaveLength(2);

    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    for (const piece of pieces)
      await page
        .getByRole('checkbox', { name: `Select ${piece.title}` })
        .first()
        .check();
    await page.getByRole('link', { name: 'Make a Set' }).click();
    await page.waitForURL(/\/admin\/sets\?new=/);
    const form = page.getByRole('form', { name: 'New set' });
    await form.getByLabel('Title').fill(SET_TITLE);
    await form.getByLabel('Description').fill('Two prints for one wall.');
    for (const piece of pieces) await form.getByText(piece.title, { exact: true }).first().waitFor();
    await form.getByRole('spinbutton', { name: 'Percentage off' }).fill('20');
    await expectNoSeriousViolations(page);
    await screenshot(page, 'sets-owner-form-desktop');
    await form.getByRole('button', { name: 'Make the Set' }).click();
    await page.getByText(`The set “${SET_TITLE}” is saved.`).waitFor();
    await page.getByRole('link', { name: SET_TITLE }).waitFor();
    await screenshot(page, 'sets-owner-list-desktop');

    const sets = await fetch(`${baseUrl}/api/sets`).then((r) => r.json() as Promise<SetList>);
    const made = sets.items.find((set) => set.title === SET_TITLE);
    expect(made?.pieces.map((piece) => piece.id)).toEqual(pieces.map((piece) => piece.id));
    const sum = pieces.reduce((total, piece) => total + Math.round(piece.licences.personal! * 100), 0);
    expect(made?.personal).toEqual({ price: (sum - Math.floor((sum * 20 * 2 + 100) / 200)) / 100, sum: sum / 100 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('a visitor finds the set under the shop’s sets and opens it (%s)', async (name, viewport) => {
    const { page, errors, context } = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/shop`);
    await page.getByRole('link', { name: /Shop sets of artworks/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Sets of Artworks' }).waitFor();
    // The demo's three sets and the owner's.
    expect(await page.locator('.set-card').count()).toBeGreaterThanOrEqual(4);
    await expectNoSeriousViolations(page);
    await screenshot(page, `sets-shop-${name}`);

    await page.getByRole('link', { name: SET_TITLE }).click();
    await page.getByRole('heading', { level: 1, name: SET_TITLE }).waitFor();
    await page.getByRole('heading', { name: 'In this set' }).waitFor();
    expect(await page.locator('.set-pieces li').count()).toBe(2);
    await page.getByText(/instead of/).waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, `sets-page-${name}`);
    // The set on a wall: the planner opens with the set's pieces.
    await page.getByRole('button', { name: 'Plan a gallery wall' }).click();
    const planner = page.getByRole('dialog', { name: 'Plan a gallery wall' });
    await planner.waitFor();
    await screenshot(page, `sets-page-wall-${name}`);
    await page.keyboard.press('Escape');
    await planner.waitFor({ state: 'hidden' });

    // The page is there for crawlers too: its own title, JSON-LD and a place in the sitemap.
    const html = await fetch(page.url(), { headers: { accept: 'text/html' } }).then((r) => r.text());
    expect(html).toContain(`<title>${SET_TITLE} | `);
    expect(html).toContain('"isRelatedTo"');
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`).then((r) => r.text());
    expect(sitemap).toContain(new URL(page.url()).pathname);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the sets on the home page and on each piece’s page', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Sets of Artworks' }).waitFor();
    const sets = await fetch(`${baseUrl}/api/sets`).then((r) => r.json() as Promise<SetList>);
    const made = sets.items.find((set) => set.title === SET_TITLE)!;
    await page.goto(`${baseUrl}/artwork/${made.pieces[0]!.id}`);
    const inSets = page.getByRole('region', { name: 'In these sets' });
    await inSets.getByRole('link', { name: SET_TITLE }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a buyer pays for the set and downloads each piece’s print pack and the whole set’s ZIP', async () => {
    await createCustomer(baseUrl, dataDir, customer);
    const sets = await fetch(`${baseUrl}/api/sets`).then((r) => r.json() as Promise<SetList>);
    const made = sets.items.find((set) => set.title === SET_TITLE)!;
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInThrough(page, baseUrl, '/downloads', customer);
    await page.goto(`${baseUrl}/sets/${made.id}`);
    await page.getByRole('button', { name: 'Add Set to Cart' }).click();
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('link', { name: SET_TITLE }).waitFor();
    await page.getByText(/A set of 2 artworks/).waitFor();
    await screenshot(page, 'sets-cart-phone');
    await payWithTestCard(page, baseUrl);

    await page.goto(`${baseUrl}/downloads`);
    for (const piece of made.pieces) {
      const item = page.getByRole('article', { name: piece.title });
      const files = item.getByRole('region', { name: /Print files/ });
      await files.waitFor({ timeout: 150_000 });
      const [zip] = await Promise.all([
        page.waitForEvent('download'),
        files.getByRole('button', { name: /^Download all \(ZIP/ }).click(),
      ]);
      expect(zip.suggestedFilename()).toBe(`${piece.title} – print pack.zip`);
    }

    // The whole set: one ZIP, each piece's pack in a folder named after it, beside the pieces' own downloads.
    const group = page.getByRole('region', { name: SET_TITLE });
    for (const piece of made.pieces) await group.getByRole('article', { name: piece.title }).waitFor();
    const [whole] = await Promise.all([
      page.waitForEvent('download'),
      group.getByRole('button', { name: /^Download the whole set \(ZIP, \d+(\.\d)? [KM]B\)$/ }).click(),
    ]);
    expect(whole.suggestedFilename()).toBe(`${SET_TITLE} – whole set.zip`);
    await group.getByText(`Your download has started: ${SET_TITLE} – whole set.zip.`).waitFor();
    const entries = await readZip(fs.readFileSync(await whole.path()));
    const library = await page.evaluate(() => fetch('/api/downloads').then((r) => r.json() as Promise<DownloadList>));
    const bought = library.orders[0]!.items;
    expect(entries.map((entry) => entry.name)).toEqual(
      bought.flatMap((item) => [
        `${item.title}/Which file fits which frame.txt`,
        ...item.pack!.files.map((file) => `${item.title}/${file.fileName}`),
      ]),
    );
    expect(entries.filter((entry) => entry.name.endsWith('.jpg')).every((entry) => entry.bytes.length > 1000)).toBe(
      true,
    );
    // Each piece's own packs (one each) and the set's ZIP (one each).
    expect(bought.map((item) => item.downloads)).toEqual(made.pieces.map(() => 2));

    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      await group.waitFor();
      await expectNoSeriousViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `sets-downloads-${name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 360_000);
});
