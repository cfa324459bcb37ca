import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../test-support/pdf-text';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { createCustomer, fillCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
// A demo artwork no other browser test buys or edits; the owner offers it under a commercial licence here.
const ARTWORK_ID = 21;
const COMMERCIAL_PRICE = '49.50';
const customer = { email: `licences-${Date.now()}@example.test`, password: 'licences password' };

let browser: Browser;
let buyer: Awaited<ReturnType<typeof openPage>>;
let title = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await createCustomer(baseUrl, dataDir, customer);
  buyer = await openPage(browser);
  title = ((await (await fetch(`${baseUrl}/api/artworks/${ARTWORK_ID}`)).json()) as { title: string }).title;
});
afterAll(async () => {
  await buyer?.context.close();
  await browser?.close();
});

const unexpectedLogs = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

async function shoot(page: Page, name: string, width: number) {
  await screenshot(page, `licences-${name}-${width}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
    width,
  );
}

describe('licence tiers in Chromium', () => {
  it('lets the owner set the commercial licence’s price on a demo artwork, through the form', async () => {
    const { page, context } = await openPage(browser);
    await signInAsOwner(page, baseUrl, `/admin/edit/${ARTWORK_ID}`);
    await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    // The demo offers both licences; its master, drawn by code, counts as the artwork's download.
    expect(await page.getByRole('checkbox', { name: 'Personal (at the Price above)' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Commercial', exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Commercial price (USD)').fill(COMMERCIAL_PRICE);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Artwork updated successfully!').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Commercial', exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Commercial price (USD)').inputValue()).toBe('49.5');
    await screenshot(page, 'licences-artwork-form-1280');
    await context.close();
  });

  it.each([PHONE, DESKTOP])(
    'buys the commercial licence at $width px and finds it, with its certificate, on My Downloads',
    async (viewport) => {
      const { page, errors } = buyer;
      await page.setViewportSize(viewport);
      if (!page.url().startsWith(baseUrl)) await signInThrough(page, baseUrl, '/downloads', customer);

      // The artwork page: Personal first and chosen, the price follows the choice.
      await page.goto(`${baseUrl}/artwork/${ARTWORK_ID}`);
      const choice = page.getByRole('group', { name: 'License' });
      const radios = choice.getByRole('radio');
      expect(await radios.count()).toBe(2);
      expect(await radios.first().getAttribute('value')).toBe('personal');
      expect(await radios.first().isChecked()).toBe(true);
      await choice.getByRole('radio', { name: /Commercial/ }).check();
      await page.locator('.artwork-page__info').getByText(`$${COMMERCIAL_PRICE}`).first().waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
      await shoot(page, 'artwork-page', viewport.width);

      // The cart line names the licence and its price.
      await page.goto(`${baseUrl}/cart`);
      const line = page.locator('.cart-line').filter({ hasText: title });
      await line.getByText('Commercial licence').waitFor();
      await line.getByText(`$${COMMERCIAL_PRICE}`).waitFor();
      await shoot(page, 'cart', viewport.width);

      // Paid with the test card, under a name the certificate must print as written.
      await page.goto(`${baseUrl}/checkout`);
      await page.getByLabel('First name').fill('Łukasz');
      await page.getByLabel('Last name').fill('Żółć');
      await fillCard(page, '4242424242424242');
      await page.getByRole('button', { name: `Pay $${COMMERCIAL_PRICE}` }).click();
      await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });

      // My Downloads: the line's licence and its certificate.
      await page.goto(`${baseUrl}/downloads`);
      const item = page.getByRole('article', { name: title }).first();
      await item.getByText('Commercial licence').waitFor();
      await shoot(page, 'downloads', viewport.width);
      await item.getByRole('link', { name: `License certificate for ${title}` }).click();
      await page.waitForURL(/\/licences\/LC-\d+-[A-Z2-9]{16}$/);
      await page.getByText('This certificate is genuine').waitFor();
      await page.getByText('Łukasz Żółć').waitFor();
      expect(await page.locator('.certificate__licence').textContent()).toBe('Commercial licence');
      await shoot(page, 'certificate', viewport.width);

      // The PDF, as the buyer downloads it.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download the certificate (PDF)' }).click(),
      ]);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const text = await pdfText(Buffer.concat(chunks));
      expect(text).toContain('Łukasz Żółć');
      expect(text).toContain('Commercial licence');
      expect(text).toContain(title);

      // The order history names the licence and links the same certificate.
      const certificatePath = new URL(page.url()).pathname;
      await page.goto(`${baseUrl}/orders`);
      const historyLink = page.getByRole('link', { name: `License certificate for ${title}` }).first();
      expect(await historyLink.getAttribute('href')).toMatch(/^\/licences\/LC-/);
      await page.locator('.order-card__licence', { hasText: 'Commercial licence' }).first().waitFor();
      expect(certificatePath).toMatch(/^\/licences\/LC-/);
      expect(unexpectedLogs(errors)).toEqual([]);
    },
  );

  it('keeps the chosen licence through Buy Now', async () => {
    const { page } = buyer;
    await page.goto(`${baseUrl}/artwork/${ARTWORK_ID}`);
    await page
      .getByRole('group', { name: 'License' })
      .getByRole('radio', { name: /Commercial/ })
      .check();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await summary.getByText('Commercial licence', { exact: true }).waitFor();
    await summary.getByText(`$${COMMERCIAL_PRICE}`).first().waitFor();
  });

  it('says plainly that a changed certificate number is not valid', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/licences/LC-1-AAAAAAAAAAAAAAAA`);
    await page.getByText('This is not a valid license certificate.').waitFor();
    await page.getByText(/No license certificate has this number/).waitFor();
    expect(await page.getByText('Łukasz').count()).toBe(0);
    await context.close();
  });

  it('lets the owner save new commercial terms as version 2, which the licence terms page then shows', async () => {
    const { page, context } = await openPage(browser);
    await signInAsOwner(page, baseUrl, '/admin/licences');
    const form = page.getByRole('form', { name: 'Commercial licence', exact: true });
    await form.getByText(/^Version 1, saved/).waitFor();
    await form.getByLabel('Summary').fill('Use the artwork at home, at work and in what you make for clients.');
    await form.getByRole('button', { name: 'Save the commercial terms' }).click();
    await page.getByText('Saved as version 2.').waitFor();
    await screenshot(page, 'licences-admin-terms-1280');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/license-terms`);
      await page.getByText('terms version 2').waitFor();
      await page.getByText('Use the artwork at home, at work and in what you make for clients.').waitFor();
      await shoot(page, 'license-terms-page', viewport.width);
    }
    await context.close();
  });
});
