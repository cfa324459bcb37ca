import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderSummary } from '../src/shared/orders/checkout-schema';
import type { ArtworkSet, SetCompletionAnswer, SetList } from '../src/shared/sets/set-schema';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { storeOfThisFile } from './support/test-server';

// Completing a set (decision 0070): a buyer who owns a piece of the demo's trio sees the price of the rest on the
// set's page and in the cart and pays it; a cart holding part of the trio offers the set instead and swaps it in.
const { baseUrl, dataDir } = await storeOfThisFile();
let browser: Browser;
let trio: ArtworkSet;

beforeAll(async () => {
  browser = await launchBrowser();
  const sets = await fetch(`${baseUrl}/api/sets`).then((r) => r.json() as Promise<SetList>);
  const found = sets.items.find((set) => set.pieces.length === 3);
  if (!found) throw new Error('the demo has no set of three');
  trio = found;
});
afterAll(() => browser?.close());

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

describe('completing a set in Chromium', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'a buyer who owns one piece is offered the rest at the completed price and pays it (%s)',
    async (name, viewport) => {
      const customer = { email: `complete-${name}-${Date.now()}@example.test`, password: 'complete set password' };
      await createCustomer(baseUrl, dataDir, customer);
      const { page, errors, context } = await openPage(browser, viewport);
      await signInThrough(page, baseUrl, '/downloads', customer);
      const [first, ...rest] = trio.pieces;
      await addToCart(page, baseUrl, first!.id);
      await payWithTestCard(page, baseUrl);

      const answer = await page.request.get(`${baseUrl}/api/sets/${trio.id}/completion`);
      expect(answer.status()).toBe(200);
      const completion = (await answer.json()) as SetCompletionAnswer;
      const price = completion.personal!.price!;
      expect(completion.personal).toMatchObject({ owned: 1, setPrice: trio.personal!.price });
      // The rest costs less than the set, and no more than the other two bought one by one.
      expect(price).toBeLessThan(trio.personal!.price);
      expect(price).toBeLessThanOrEqual(rest.reduce((sum, piece) => sum + piece.price!, 0) + 1e-9);

      await page.goto(`${baseUrl}/sets/${trio.id}`);
      const note = page.getByRole('status').filter({ hasText: 'You own 1 of 3' });
      await note.waitFor();
      expect(await note.textContent()).toContain(`complete the set for ${dollars(price)}`);
      await expectNoSeriousViolations(page);
      await screenshot(page, `complete-set-page-${name}`);

      await page.getByRole('button', { name: 'Add Set to Cart' }).click();
      await page.goto(`${baseUrl}/cart`);
      await page.getByText('You own 1 of them already').waitFor();
      await page.locator('.cart-line__price').getByText(dollars(price)).waitFor();
      await expectNoSeriousViolations(page);
      await screenshot(page, `complete-set-cart-${name}`);

      await page.goto(`${baseUrl}/checkout`);
      await page.getByRole('button', { name: `Pay ${dollars(price)}` }).waitFor();
      await payWithTestCard(page, baseUrl);
      const orders = (await (
        await page.request.get(`${baseUrl}/api/orders/${encodeURIComponent(customer.email)}`)
      ).json()) as { orders: OrderSummary[] };
      const bought = orders.orders.find((order) => order.items.some((item) => item.setId === trio.id))!;
      expect(bought.status).toBe('paid');
      expect(bought.items.map((item) => item.artworkId)).toEqual(rest.map((piece) => piece.id));
      expect(bought.amount).toBe(Math.round(price * 100));

      // Owning the whole set now, the page says so and offers nothing to buy.
      await page.goto(`${baseUrl}/sets/${trio.id}`);
      await page.getByText('You own all 3 artworks of this set under this license.').waitFor();
      expect(await page.getByRole('button', { name: 'Add Set to Cart' }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    360_000,
  );

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'a cart holding two pieces suggests the set and swaps them for it (%s)',
    async (name, viewport) => {
      const { page, errors, context } = await openPage(browser, viewport);
      const [first, second, third] = trio.pieces;
      await addToCart(page, baseUrl, first!.id, second!.id);
      await page.goto(`${baseUrl}/cart`);
      const save = Math.round((first!.price! + second!.price! + third!.price! - trio.personal!.price) * 100) / 100;
      const suggestion = page.getByRole('region', { name: 'Complete a set' });
      await suggestion.getByText(`Add the other 1 and save ${dollars(save)}`).waitFor();
      await expectNoSeriousViolations(page);
      await screenshot(page, `complete-set-suggestion-${name}`);

      await suggestion.getByRole('button', { name: /^Buy the whole set for/ }).click();
      await page.getByText('A set of 3 artworks').waitFor();
      await suggestion.waitFor({ state: 'detached' });
      expect(await page.locator('.cart__items .cart-line').count()).toBe(1);
      await page.locator('.order-summary').getByText(dollars(trio.personal!.price)).first().waitFor();
      await expectNoSeriousViolations(page);
      await screenshot(page, `complete-set-swapped-${name}`);
      expect(errors).toEqual([]);
      await context.close();
    },
    240_000,
  );
});
