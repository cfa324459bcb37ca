import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, waitForMail } from '../test-support/outbox';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart as addToCartAt, fillCard } from './support/checkout-steps';
import { storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
let browser: Browser;
// One customer, signed in once through the checkout's own 'Sign In Required' step: sign-ins are rate-limited.
let shopper: Awaited<ReturnType<typeof openPage>>;
const customer = { email: `checkout-${Date.now()}@example.test`, password: 'checkout password' };

const post = (path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A confirmed account, made through the API as the sign-up page and the e-mailed link would. */
async function createCustomer() {
  expect((await post('/api/auth/sign-up', customer)).ok).toBe(true);
  const mail = await waitForMail(dataDir, customer.email, /Confirm/);
  expect((await post('/api/auth/confirm', { token: linkToken(mail, '/confirm-email') })).ok).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await createCustomer();
  shopper = await openPage(browser);
});
afterAll(async () => {
  await shopper?.context.close();
  await browser?.close();
});

const cartBadge = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$/ });
const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('wall-art-store.cart') ?? '[]') as unknown[]);
const priceOf = async (id: number) =>
  ((await (await fetch(`${baseUrl}/api/artworks/${id}`)).json()) as { price: number }).price;
const usd = (dollars: number) => `$${dollars.toFixed(2)}`;

const addToCart = (page: Page, ...ids: number[]) => addToCartAt(page, baseUrl, ...ids);

async function fillContact(page: Page) {
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Buyer');
}

async function expectOrderComplete(page: Page) {
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
  const orderNumber = ((await page.locator('.order-complete__facts dd').first().textContent()) ?? '').replace('#', '');
  expect(orderNumber).toMatch(/^[A-Za-z0-9]{8}$/);
  expect(await page.getByRole('link', { name: 'Download Your Artwork' }).getAttribute('href')).toBe('/downloads');
  expect(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
  expect(await storedCart(page)).toEqual([]);
  return orderNumber;
}

describe('checkout in Chromium', () => {
  it('asks a signed-out visitor to sign in, then brings them back to the checkout', async () => {
    const { page } = shopper;
    await page.goto(`${baseUrl}/checkout`);
    // Redirected to /login?redirect=/checkout, which says 'Sign In Required' and offers an account.
    await page.waitForURL(`${baseUrl}/login?redirect=%2Fcheckout`);
    await page.getByRole('heading', { name: 'Sign In Required', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe(
      '/register?redirect=%2Fcheckout',
    );
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    // Nothing in the cart yet.
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Shop' }).getAttribute('href')).toBe('/shop');
  });

  it('pays for two artworks with 4242 4242 4242 4242: Order Complete!, an empty cart and a receipt', async () => {
    const { page, errors } = shopper;
    await addToCart(page, 1, 2);
    const total = (await priceOf(1)) + (await priceOf(2));
    await page.goto(`${baseUrl}/checkout`);
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: '← Back to Cart' }).getAttribute('href')).toBe('/cart');
    expect(await page.getByLabel('Email').inputValue()).toBe(customer.email);
    await page.getByText('Credit or Debit Card').waitFor();
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await summary.getByText('Processing Fee').waitFor();
    expect(await payButton(page).textContent()).toBe(`Pay ${usd(total)}`);

    // The e-mail is required: without an '@' the Pay button waits for it.
    await page.getByLabel('Email').fill('nora');
    await page.getByText('Please enter your email address above to continue').waitFor();
    expect(await payButton(page).isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(customer.email);

    // First and last name are required, and nothing is charged without them.
    await payButton(page).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Last name is required').waitFor();

    await fillContact(page);
    await fillCard(page, '4242424242424242');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.getByLabel('Expiry (MM / YY)').inputValue()).toBe('12 / 34');
    await screenshot(page, 'checkout-filled-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await payButton(page).click();
    const orderNumber = await expectOrderComplete(page);
    await screenshot(page, 'checkout-complete-desktop');
    expect(await cartBadge(page).textContent()).toBe('Cart');

    const receipt = await waitForMail(
      dataDir,
      customer.email,
      new RegExp(`Your receipt for order #${orderNumber}`),
      10_000,
    );
    expect(receipt.text).toContain(usd(total));
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('keeps the cart and the form after a declined card, and pays on the next try', async () => {
    const { page } = shopper;
    await addToCart(page, 3);
    await page.goto(`${baseUrl}/checkout`);
    await fillContact(page);

    // The form's own checks, at their fields, before anything is charged.
    await fillCard(page, '4242', { expiry: '12' });
    await payButton(page).click();
    await page.getByText('Your card number is incomplete.').waitFor();
    await page.getByText("Your card's expiration date is incomplete.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('number');

    await fillCard(page, '4000000000000002');
    await payButton(page).click();
    await page.getByRole('alert').getByText('Your card was declined.').waitFor();
    await screenshot(page, 'checkout-declined-desktop');
    expect(await storedCart(page)).toHaveLength(1);
    expect(await cartBadge(page).textContent()).toContain('1');
    expect(await page.getByLabel('First name').inputValue()).toBe('Nora');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    expect(await payButton(page).isEnabled()).toBe(true);

    await fillCard(page, '4242424242424242');
    await payButton(page).click();
    await expectOrderComplete(page);
  });

  it('asks for authentication with 4000 0025 0000 3155: failing it is an error, completing it pays', async () => {
    const { page } = shopper;
    await addToCart(page, 4);
    await page.goto(`${baseUrl}/checkout`);
    await fillContact(page);
    await fillCard(page, '4000002500003155');
    await payButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
    await dialog.waitFor();
    await screenshot(page, 'checkout-authentication-desktop');
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await page
      .getByText(
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      )
      .waitFor();
    expect(await storedCart(page)).toHaveLength(1);

    await payButton(page).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Complete authentication' }).click();
    await expectOrderComplete(page);
  });

  it('pays on the payment test page and shows the intent id, or why it failed', async () => {
    const { page } = shopper;
    await page.goto(`${baseUrl}/stripe-test`);
    await page.getByRole('heading', { name: 'Payment Test', level: 1 }).waitFor();
    await page.getByText('4000 0025 0000 3155').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('test@example.com');
    await fillCard(page, '4000000000000002');
    await payButton(page).click();
    await page.getByText('Payment failed: Your card was declined.').waitFor();
    await fillCard(page, '4242424242424242');
    await payButton(page).click();
    await page.getByText(/^Payment successful! Payment Intent ID \S+$/).waitFor({ timeout: 15_000 });
  });

  it('shows the form on a phone and asks a signed-out visitor of the payment test to sign in', async () => {
    const visitor = await openPage(browser, PHONE);
    await visitor.page.goto(`${baseUrl}/stripe-test`);
    await visitor.page.waitForURL(`${baseUrl}/login?redirect=%2Fstripe-test`);
    await visitor.page.getByRole('heading', { name: 'Sign In Required', level: 1 }).waitFor();
    await visitor.context.close();

    const { page } = shopper;
    await page.setViewportSize(PHONE);
    await addToCart(page, 5);
    await page.goto(`${baseUrl}/checkout`);
    await fillContact(page);
    await fillCard(page, '4242424242424242');
    await screenshot(page, 'checkout-filled-phone');
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
