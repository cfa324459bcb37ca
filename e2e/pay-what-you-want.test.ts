import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_ORDER_MESSAGES } from '../src/shared/orders/free-order';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { createCustomer, fillCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// Pay what you want (decision 0059), through the pages at a phone's and a desktop's width: the owner marks a demo
// artwork in the editor, a card's quick add takes the suggested price, a buyer is refused 0.20 in plain words,
// pays an amount of their own with the test card (changed in the cart), and takes the artwork for 0 without a card
// form.

const { baseUrl, dataDir } = await storeOfThisFile();
// Demo artworks no other browser test buys or edits: one per width, each made pay what you want, minimum 0.
const ARTWORKS = { 390: 33, 1280: 34 } as const;
const SHOTS = process.env.PWYW_SHOTS ?? '';
const REFUSAL = 'Amounts between $0.00 and $0.50 cannot be charged by card: choose $0.00 or at least $0.50.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unexpectedLogs = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

/**
 * A full-page picture for a person to look at (PWYW_SHOTS names the folder), and the part it is about on its own
 * (a full page of a phone puts the sticky header over it), and no sideways scroll.
 */
async function shoot(page: Page, name: string, width: number, part?: Locator) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  if (SHOTS && part) await part.screenshot({ path: `${SHOTS}/${name}-${width}-part.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
    width,
  );
}

describe('pay what you want in Chromium', () => {
  it.each([PHONE, DESKTOP])(
    'is set by the owner, refuses 0.20, takes a chosen amount by card and 0 without one at $width px',
    async (viewport) => {
      const id = ARTWORKS[viewport.width];
      const title = ((await (await fetch(`${baseUrl}/api/artworks/${id}`)).json()) as { title: string }).title;

      // The owner: a suggested price below the minimum is refused naming the field, then minimum 0, suggested 5.
      const owner = await openPage(browser, viewport);
      try {
        const page = owner.page;
        await signInAsOwner(page, baseUrl, `/admin/edit/${id}`);
        await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();
        await page.getByRole('checkbox', { name: /Pay what you want/ }).check();
        expect(await page.getByRole('checkbox', { name: 'Commercial', exact: true }).count()).toBe(0);
        await page.getByLabel('Minimum price (USD)').fill('6');
        await page.getByLabel('Suggested price (USD)').fill('5');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await page.getByText(/suggested price must be at least the minimum price, \$6\.00/).waitFor();
        await page.getByLabel('Minimum price (USD)').fill('0');
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await page.getByText('Artwork updated successfully!').waitFor();
        await shoot(page, 'owner-form', viewport.width, page.locator('.artwork-form__licences').first());
        await page.reload();
        await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();
        expect(await page.getByRole('checkbox', { name: /Pay what you want/ }).isChecked()).toBe(true);
        expect(await page.getByLabel('Minimum price (USD)').inputValue()).toBe('0');
        expect(await page.getByLabel('Suggested price (USD)').inputValue()).toBe('5');
        expect(unexpectedLogs(owner.errors)).toEqual([]);
      } finally {
        await owner.context.close();
      }

      const account = { email: `pwyw-${viewport.width}-${Date.now()}@example.test`, password: 'pay what you want' };
      await createCustomer(baseUrl, dataDir, account);
      const { page, context, errors } = await openPage(browser, viewport);
      try {
        await signInThrough(page, baseUrl, '/downloads', account);

        // The shop's card: "Pay what you want", and its quick add puts the suggested price in the cart.
        await page.goto(`${baseUrl}/shop?q=${encodeURIComponent(title)}`);
        const card = page.getByRole('article').filter({ hasText: title }).first();
        await card.getByText('free or any amount').waitFor();
        await card.hover();
        await card.getByRole('button', { name: `Add ${title} to cart` }).click();
        await page.goto(`${baseUrl}/cart`);
        expect(await page.getByLabel(`Your price for ${title} (USD)`).inputValue()).toBe('5.00');
        await page.locator('.order-summary').getByText('$5.00').first().waitFor();

        // The artwork page: the amount starts at the suggested price, the minimum is said, 0.20 is refused.
        await page.goto(`${baseUrl}/artwork/${id}`);
        const amount = page.getByLabel('Your price (USD)');
        expect(await amount.inputValue()).toBe('5.00');
        await page.getByText('Minimum $0.00: enter 0 to download it for free.').waitFor();
        await page.locator('.artwork-page__info').getByText('Pay what you want').first().waitFor();
        await amount.fill('0.20');
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByText(REFUSAL).waitFor();
        expect(await amount.getAttribute('aria-invalid')).toBe('true');
        expect(await page.getByRole('button', { name: 'Added to Cart ✓' }).count()).toBe(0);
        await shoot(page, 'artwork-refused', viewport.width, page.locator('.artwork-page__info'));
        expect(await seriousAxeViolations(page)).toEqual([]);

        // A chosen amount, changed again in the cart, and paid by the test card.
        await amount.fill('6');
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
        await shoot(page, 'artwork-page', viewport.width);
        await page.goto(`${baseUrl}/cart`);
        const line = page.locator('.cart-line').filter({ hasText: title });
        const lineAmount = line.getByLabel(`Your price for ${title} (USD)`);
        expect(await lineAmount.inputValue()).toBe('6.00');
        expect(await line.getByRole('button', { name: 'Increase quantity' }).count()).toBe(0);
        await lineAmount.fill('0.2');
        await line.getByText(REFUSAL).waitFor();
        await lineAmount.fill('7.5');
        await page.locator('.order-summary').getByText('$7.50').first().waitFor();
        await shoot(page, 'cart', viewport.width, line);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.goto(`${baseUrl}/checkout`);
        await page.getByLabel('First name').fill('Nora');
        await page.getByLabel('Last name').fill('Chooser');
        await fillCard(page, '4242424242424242');
        await page.getByRole('button', { name: 'Pay $7.50' }).click();
        await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
        await shoot(page, 'paid', viewport.width);

        // The same artwork for 0: no card form, the free order's button, then the downloads.
        await page.goto(`${baseUrl}/artwork/${id}`);
        await amount.fill('0');
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
        await page.goto(`${baseUrl}/checkout`);
        const getIt = page.getByRole('button', { name: FREE_ORDER_MESSAGES.button });
        await getIt.waitFor();
        expect(await page.getByLabel('Card number').count()).toBe(0);
        await page.getByLabel('First name').fill('Nora');
        await page.getByLabel('Last name').fill('Chooser');
        await shoot(page, 'free-checkout', viewport.width);
        await getIt.click();
        await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
        const orderNumber = ((await page.locator('.order-complete__facts dd').first().textContent()) ?? '').replace(
          '#',
          '',
        );
        expect(orderNumber).toMatch(/^WA-[A-Z0-9]{8}$/);
        await page.getByRole('link', { name: 'Download Your Artwork' }).click();
        await page.waitForURL(`${baseUrl}/downloads`);
        await page.getByText(`Order #${orderNumber}`).first().waitFor();
        await shoot(page, 'downloads', viewport.width);
        expect(unexpectedLogs(errors)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
