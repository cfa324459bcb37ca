// Steps of a purchase as a customer takes them, for browser tests that need a paid order (copied from
// checkout.test.ts, which checks each step itself).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { linkToken, waitForMail } from '../../test-support/outbox';

export interface Account {
  email: string;
  password: string;
}

const post = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A confirmed account, made through the API as the sign-up page and the e-mailed link would. */
export async function createCustomer(baseUrl: string, dataDir: string, account: Account): Promise<void> {
  expect((await post(baseUrl, '/api/auth/sign-up', account)).ok).toBe(true);
  const mail = await waitForMail(dataDir, account.email, /Confirm/);
  expect((await post(baseUrl, '/api/auth/confirm', { token: linkToken(mail, '/confirm-email') })).ok).toBe(true);
}

/** Opens a page that needs an account, signs in on the page it is sent to, and comes back to it. */
export async function signInThrough(page: Page, baseUrl: string, path: string, account: Account): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(`${baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('heading', { name: 'Sign In Required', level: 1 }).waitFor();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}${path}`);
}

export async function addToCart(page: Page, baseUrl: string, ...ids: number[]): Promise<void> {
  for (const id of ids) {
    await page.goto(`${baseUrl}/artwork/${id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
  }
}

/** Types the card as a person would, so the formatting as you type is what the fields end up holding. */
export async function fillCard(
  page: Page,
  number: string,
  { expiry = '1234', cvc = '123', postalCode = '12345' } = {},
): Promise<void> {
  await page.getByLabel('Card number').fill('');
  await page.getByLabel('Card number').pressSequentially(number.replace(/\s/g, ''));
  await page.getByLabel('Expiry (MM / YY)').fill('');
  await page.getByLabel('Expiry (MM / YY)').pressSequentially(expiry);
  await page.getByLabel('CVC', { exact: true }).fill(cvc);
  await page.getByLabel('Postal code').fill(postalCode);
}

/** Buys what is in the cart with 4242 4242 4242 4242; returns the order number the success screen shows. */
export async function payWithTestCard(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/checkout`);
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Buyer');
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 15_000 });
  const shown = ((await page.locator('.order-complete__facts dd').first().textContent()) ?? '').replace('#', '');
  expect(shown).toMatch(/^[A-Za-z0-9_]{8}$/);
  return shown;
}
