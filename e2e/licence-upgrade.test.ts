import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../src/shared/catalogue/artwork-schema';
import { pdfText } from '../test-support/pdf-text';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, fillCard, payWithTestCard, signInThrough } from './support/checkout-steps';
import { storeOfThisFile } from './support/test-server';

// A Personal licence upgraded to Commercial from the library (decision 0068): the buyer pays the difference of
// today's prices at the checkout, and the library then holds a Commercial line whose certificate says Commercial.
const { baseUrl, dataDir } = await storeOfThisFile();
const customer = { email: `upgrade-${Date.now()}@example.test`, password: 'upgrade buyer password' };
let browser: Browser;
let buyer: Awaited<ReturnType<typeof openPage>>;
/** Two demo artworks sold under both licences, one bought and upgraded at each width. */
let pieces: Artwork[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  await createCustomer(baseUrl, dataDir, customer);
  buyer = await openPage(browser, PHONE);
  const listed = await fetch(`${baseUrl}/api/artworks?limit=48`).then((r) => r.json() as Promise<{ items: Artwork[] }>);
  pieces = listed.items
    .filter(
      (a) =>
        a.payWhatYouWant === null &&
        a.licences.personal !== null &&
        a.licences.commercial !== null &&
        a.licences.commercial - a.licences.personal >= 1,
    )
    .slice(0, 2);
  expect(pieces).toHaveLength(2);
});
afterAll(async () => {
  await buyer?.context.close();
  await browser?.close();
});

const unexpectedLogs = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

async function look(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  const violations = await seriousAxeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
  await screenshot(page, `licence-upgrade-${name}-${width}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
    width,
  );
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

describe('licence upgrades in Chromium', () => {
  it.each([
    ['phone', PHONE, 0],
    ['desktop', DESKTOP, 1],
  ] as const)(
    'a Personal buyer upgrades to Commercial from the library and gets its certificate (%s)',
    async (_, viewport, at) => {
      const { page, errors } = buyer;
      await page.setViewportSize(viewport);
      if (!page.url().startsWith(baseUrl)) await signInThrough(page, baseUrl, '/downloads', customer);
      const piece = pieces[at]!;
      const difference = Math.round((piece.licences.commercial! - piece.licences.personal!) * 100) / 100;

      // Bought under Personal, the artwork page's first choice.
      await addToCart(page, baseUrl, piece.id);
      await payWithTestCard(page, baseUrl);

      // The library offers the upgrade at today's difference.
      await page.goto(`${baseUrl}/downloads`);
      const lines = page.getByRole('article', { name: piece.title });
      const personal = lines.filter({ hasText: 'Personal, non-commercial licence' });
      await personal.getByText('Personal, non-commercial licence').waitFor();
      const upgrade = personal.getByRole('button', { name: `Upgrade to Commercial — ${money(difference)}` });
      await upgrade.waitFor();
      await look(page, 'library', viewport.width);

      // The checkout charges the difference, as its own line.
      await upgrade.click();
      await page.waitForURL(`${baseUrl}/checkout`);
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await summary.getByText(`${piece.title} — Upgrade to Commercial`).waitFor();
      await page.getByRole('button', { name: `Pay ${money(difference)}` }).waitFor();
      await look(page, 'checkout', viewport.width);
      // The cart shows it as one line too, and the checkout takes it from there.
      await page.goto(`${baseUrl}/cart`);
      const cartLine = page.locator('.cart-line--upgrade', { hasText: piece.title });
      await cartLine.getByText(money(difference)).waitFor();
      await look(page, 'cart', viewport.width);
      await page.goto(`${baseUrl}/checkout`);
      await page.getByLabel('First name').fill('Nora');
      await page.getByLabel('Last name').fill('Buyer');
      await fillCard(page, '4242424242424242');
      await page.getByRole('button', { name: `Pay ${money(difference)}` }).click();
      await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });

      // The library: the Personal line says where its Commercial licence is, and the Commercial line has it.
      await page.goto(`${baseUrl}/downloads`);
      await page
        .getByText(/Upgraded to Commercial: its licence and certificate are in order/)
        .first()
        .waitFor();
      const commercial = lines.filter({ hasText: 'Upgraded from Personal' });
      await commercial.locator('.download-item__licence', { hasText: /^Commercial licence/ }).waitFor();
      await personal.getByText(/Upgraded to Commercial/).waitFor();
      expect(await personal.getByRole('button', { name: /Upgrade to Commercial/ }).count()).toBe(0);
      await look(page, 'library-upgraded', viewport.width);

      // The order history names the upgrade's line.
      await page.goto(`${baseUrl}/orders`);
      await page
        .locator('.order-card__line', { hasText: piece.title })
        .filter({ hasText: 'Commercial licence · Upgrade to Commercial' })
        .first()
        .waitFor();
      await page.goto(`${baseUrl}/downloads`);

      // Its certificate, as the buyer downloads the PDF.
      await commercial.getByRole('link', { name: `License certificate for ${piece.title}` }).click();
      await page.waitForURL(/\/licences\/LC-\d+-[A-Z2-9]{16}$/);
      expect(await page.locator('.certificate__licence').textContent()).toBe('Commercial licence');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download the certificate (PDF)' }).click(),
      ]);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const text = await pdfText(Buffer.concat(chunks));
      expect(text).toContain('Commercial licence');
      expect(text).toContain(piece.title);
      expect(text).not.toContain('Personal, non-commercial licence');
      expect(unexpectedLogs(errors)).toEqual([]);
    },
  );
});
