import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxDocumentContent } from '../src/shared/taxes/tax-document';
import { formatDocumentMoney } from '../src/shared/taxes/tax-document-format';
import { pdfText } from '../test-support/pdf-text';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
// A demo artwork no other browser test buys or edits.
const ARTWORK_ID = 17;
const customer = { email: `invoices-${Date.now()}@example.test`, password: 'invoices password' };

let browser: Browser;
let buyer: Awaited<ReturnType<typeof openPage>>;
let lastInvoice = '';
let lastOrder = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await createCustomer(baseUrl, dataDir, customer);
  buyer = await openPage(browser);
});
afterAll(async () => {
  await buyer?.context.close();
  await browser?.close();
});

const unexpectedLogs = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

async function shoot(page: Page, name: string, width: number) {
  await screenshot(page, `invoices-${name}-${width}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
    width,
  );
}

async function downloadedText(page: Page, link: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: await pdfText(Buffer.concat(chunks)) };
}

describe('invoices in Chromium', () => {
  it.each([PHONE, DESKTOP])(
    'lets the buyer open the invoice of a paid order from the order history at $width px, and download its PDF',
    async (viewport) => {
      const { page, errors } = buyer;
      await page.setViewportSize(viewport);
      if (!page.url().startsWith(baseUrl)) await signInThrough(page, baseUrl, '/orders', customer);
      await addToCart(page, baseUrl, ARTWORK_ID);
      await payWithTestCard(page, baseUrl);

      // The newest order comes first in the history, with its invoice.
      await page.goto(`${baseUrl}/orders`);
      const card = page.locator('.order-card').first();
      const link = card.getByRole('link', { name: /^Invoice INV-\d{6}$/ });
      await link.waitFor();
      const number = ((await link.textContent()) ?? '').replace('Invoice', '').trim();
      expect(number).not.toBe(lastInvoice);
      lastInvoice = number;
      lastOrder = ((await card.locator('.order-card__ref').textContent()) ?? '').trim();
      await shoot(page, 'order-history', viewport.width);

      await link.click();
      await page.waitForURL(`${baseUrl}/invoices/${number}`);
      await page.getByRole('heading', { name: 'Invoice', level: 1 }).waitFor();
      const sheet = page.getByRole('article', { name: 'Invoice' });
      expect(await sheet.locator('.tax-document__number').textContent()).toBe(number);
      await sheet.getByText(`Order ${lastOrder}`).waitFor();
      // The total the page shows is the document's, in its currency.
      const content = (await (
        await page.request.get(`${baseUrl}/api/tax-documents/${number}`)
      ).json()) as TaxDocumentContent;
      const total = formatDocumentMoney(content.totals.totalCents, content.currency);
      expect(await sheet.locator('.tax-document__grand dd').textContent()).toBe(total);
      expect(await page.title()).toContain(`Invoice ${number}`);
      await shoot(page, 'invoice', viewport.width);

      const pdf = await downloadedText(page, 'Download PDF');
      expect(pdf.name).toBe(`${number}.pdf`);
      expect(pdf.text).toContain(number);
      expect(pdf.text).toContain(total);
      expect(unexpectedLogs(errors)).toEqual([]);
    },
  );

  it('tells another customer, and a number never issued, that the document was not found', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const someone = { email: `invoices-other-${Date.now()}@example.test`, password: 'other invoices password' };
    await createCustomer(baseUrl, dataDir, someone);
    await signInThrough(page, baseUrl, `/invoices/${lastInvoice}`, someone);
    await page.getByText('This document was not found.').waitFor();
    expect(await page.locator('.tax-document').count()).toBe(0);
    await shoot(page, 'not-found', PHONE.width);
    await page.goto(`${baseUrl}/invoices/INV-999999`);
    await page.getByText('This document was not found.').waitFor();
    await context.close();
  });

  it('sends a signed-out visitor to sign in first', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/invoices/${lastInvoice}`);
    await page.waitForURL(`${baseUrl}/login?redirect=${encodeURIComponent(`/invoices/${lastInvoice}`)}`);
    await context.close();
  });

  it('links the invoice from the owner’s order page, and shows it to the owner', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await signInAsOwner(page, baseUrl, `/admin/orders/${lastOrder}`);
    const link = page.getByRole('link', { name: `Invoice ${lastInvoice}` });
    await link.waitFor();
    await shoot(page, 'admin-order', DESKTOP.width);
    await link.click();
    await page.waitForURL(`${baseUrl}/invoices/${lastInvoice}`);
    await page.getByRole('article', { name: 'Invoice' }).waitFor();
    await page.getByRole('link', { name: `← Order ${lastOrder}` }).waitFor();
    await context.close();
  });
});
