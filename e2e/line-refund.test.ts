import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../src/shared/catalogue/artwork-schema';
import type { SetList } from '../src/shared/sets/set-schema';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// Refunding one line of an order (decision 0071): a buyer pays for a set and an artwork; the owner refunds the set
// alone from the order's page on a phone, sees its lines refunded on a desktop, and the buyer's library keeps only
// the artwork.
const { baseUrl, dataDir } = await storeOfThisFile();
const customer = { email: `line-refund-${Date.now()}@example.test`, password: 'line refund buyer password' };
let browser: Browser;
let set: SetList['items'][number];
let lone: Artwork;
let orderPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('refunding one line of an order in Chromium', () => {
  it('a buyer pays for a set and an artwork', async () => {
    await createCustomer(baseUrl, dataDir, customer);
    const sets = await fetch(`${baseUrl}/api/sets`).then((r) => r.json() as Promise<SetList>);
    set = sets.items[0]!;
    const listed = await fetch(`${baseUrl}/api/artworks?limit=24`).then(
      (r) => r.json() as Promise<{ items: Artwork[] }>,
    );
    const inSet = new Set(set.pieces.map((piece) => piece.id));
    lone = listed.items.find((a) => !inSet.has(a.id) && a.payWhatYouWant === null && (a.licences.personal ?? 0) > 0)!;

    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInThrough(page, baseUrl, '/downloads', customer);
    await page.goto(`${baseUrl}/sets/${set.id}`);
    await page.getByRole('button', { name: 'Add Set to Cart' }).click();
    await addToCart(page, baseUrl, lone.id);
    await payWithTestCard(page, baseUrl);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the owner refunds the set alone, after a confirmation of its amount (phone)', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInAsOwner(page, baseUrl, `/admin/orders?q=${encodeURIComponent(customer.email)}`);
    const link = page.getByRole('link', { name: /^WA-/ }).first();
    await link.waitFor();
    orderPath = `/admin/orders/${(await link.textContent()) ?? ''}`;
    await link.click();
    await page.waitForURL(`${baseUrl}${orderPath}`);
    const items = page.getByRole('region', { name: 'Items' });
    const refundSet = items.getByRole('button', { name: /^Refund this set: / });
    await refundSet.waitFor();
    // One action for the set's lines together, one for the artwork's line.
    expect(await refundSet.count()).toBe(1);
    await items.getByRole('button', { name: new RegExp(`^Refund this line: “${lone.title}”`) }).waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, 'line-refund-order-phone');

    await refundSet.click();
    const dialog = page.getByRole('dialog', { name: 'Refund this set?' });
    await dialog.getByText(/will be paid back to the customer's card for “/).waitFor();
    const amount = ((await dialog.getByText(/^\$\d+\.\d{2} will be paid back/).textContent()) ?? '').split(' ')[0]!;
    expect(amount).toMatch(/^\$\d+\.\d{2}$/);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'line-refund-dialog-phone');
    await dialog.getByRole('button', { name: `Refund ${amount}` }).click();
    await items.getByText(new RegExp(`^Refunded \\${amount} for “`)).waitFor({ timeout: 20_000 });
    await expect.poll(() => items.getByText('Refunded', { exact: true }).count()).toBe(set.pieces.length);
    await page.getByText(`(${amount} refunded)`).waitFor();
    await screenshot(page, 'line-refund-done-phone');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the order shows the set’s lines refunded and the artwork’s still refundable (desktop)', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInAsOwner(page, baseUrl, orderPath);
    const items = page.getByRole('region', { name: 'Items' });
    await expect.poll(() => items.getByText('Refunded', { exact: true }).count()).toBe(set.pieces.length);
    await items.getByRole('button', { name: new RegExp(`^Refund this line: “${lone.title}”`) }).waitFor();
    expect(await items.getByRole('button', { name: /^Refund this set/ }).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Refund' })
      .getByText(/Partial refund/)
      .waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, 'line-refund-order-desktop');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'the buyer’s library keeps only the artwork (%s)',
    async (name, viewport) => {
      const { page, errors, context } = await openPage(browser, viewport);
      await signInThrough(page, baseUrl, '/downloads', customer);
      await page.getByRole('article', { name: lone.title }).waitFor();
      for (const piece of set.pieces) expect(await page.getByRole('article', { name: piece.title }).count()).toBe(0);
      await expectNoSeriousViolations(page);
      await screenshot(page, `line-refund-library-${name}`);
      // The order history keeps every line, the set's marked refunded.
      await page.getByRole('link', { name: 'Order history' }).click();
      await page.waitForURL(`${baseUrl}/orders`);
      await expect.poll(() => page.getByText('· Refunded').count()).toBe(set.pieces.length);
      await expectNoSeriousViolations(page);
      await screenshot(page, `line-refund-orders-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
