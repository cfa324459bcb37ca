import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ORDER_MESSAGES } from '../src/shared/orders/guest-orders';
import { linkToken, waitForMail } from '../test-support/outbox';
import { DESKTOP, launchBrowser, openPage, PHONE } from './support/browser';
import { addToCart, fillCard } from './support/checkout-steps';
import { E2E_OWNER, storeOfThisFile } from './support/test-server';

// Guest checkout (decision 0058) in Chromium, on a store with GUEST_CHECKOUT=true; a store with it unset still sends
// a signed-out visitor to sign in.

const { baseUrl: unsetUrl } = await storeOfThisFile();
const guests = await storeOfThisFile({ GUEST_CHECKOUT: 'true' });
const store = { url: guests.baseUrl };
const { dataDir } = guests;
// Demo artworks no other browser test buys.
const ARTWORKS = { phone: 22, desktop: 23 } as const;
const SHOTS = '/tmp/shots-guest';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('guest checkout in Chromium', () => {
  it('with GUEST_CHECKOUT unset, /checkout sends a signed-out visitor to sign in', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    try {
      await page.goto(`${unsetUrl}/checkout`);
      await page.waitForURL(`${unsetUrl}/login?redirect=${encodeURIComponent('/checkout')}`);
      await page.getByRole('heading', { name: 'Sign In Required', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it.each([
    { width: 'phone', size: PHONE },
    { width: 'desktop', size: DESKTOP },
  ] as const)(
    'a guest buys by card, opens the e-mailed link in a fresh browser, downloads, asks for the links again and signs up later ($width)',
    async ({ width, size }) => {
      const email = `guest-${width}-${Date.now()}@example.test`;
      const { page, context, errors } = await openPage(browser, size);
      try {
        await addToCart(page, store.url, ARTWORKS[width]);
        await page.goto(`${store.url}/checkout`);
        await page.getByText('Checking out as a guest.').waitFor();
        expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
          `/login?redirect=${encodeURIComponent('/checkout')}`,
        );
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('First name').fill('Gus');
        await page.getByLabel('Last name').fill('Guest');
        await fillCard(page, '4242424242424242');
        await shot(page, `guest-checkout-${width}`);
        await page.getByRole('button', { name: /^Pay / }).click();
        await page.getByRole('heading', { name: 'Order Complete!' }).waitFor({ timeout: 20_000 });
        // The downloads are on the success screen itself.
        await page.getByRole('heading', { name: 'Your downloads' }).waitFor();
        await page.locator('.download-item').first().waitFor();
        await shot(page, `guest-complete-${width}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }

      // The receipt's link, in a fresh browser with no session.
      const receipt = await waitForMail(dataDir, email, /receipt/i, 15_000);
      const token = /\/guest-orders\/(WA-[A-Z0-9]+\.\d+\.[A-Za-z0-9_-]{32})/.exec(receipt.text ?? '')?.[1];
      expect(token).toBeTruthy();
      const fresh = await openPage(browser, size);
      try {
        const { page } = fresh;
        await page.goto(`${store.url}/guest-orders/${token}`);
        const item = page.locator('.download-item').first();
        await item.waitFor();
        const saved = page.waitForEvent('download', { timeout: 60_000 });
        await item.getByRole('button', { name: 'Download' }).click();
        const file = await saved;
        expect(file.suggestedFilename()).toMatch(/\.png$/);
        const invoiceLink = page.getByRole('link', { name: /^Invoice / });
        const invoiceSaved = page.waitForEvent('download', { timeout: 30_000 });
        await invoiceLink.click();
        expect((await invoiceSaved).suggestedFilename()).toMatch(/\.pdf$/);
        await shot(page, `guest-order-page-${width}`);

        // "Send me my links again", signed out, on /downloads.
        await page.goto(`${store.url}/downloads`);
        await page.getByRole('heading', { name: 'Bought as a guest?' }).waitFor();
        await page.getByLabel('Email').fill(email);
        await page.getByRole('button', { name: 'Send me my links again' }).click();
        await page.getByText(GUEST_ORDER_MESSAGES.linksAgainSent).waitFor();
        await shot(page, `guest-links-again-${width}`);
        const again = await waitForMail(dataDir, email, /Your orders/, 15_000);
        expect(again.text).toContain(`/guest-orders/${token}`);
        expect(fresh.errors).toEqual([]);
      } finally {
        await fresh.context.close();
      }

      // The owner revokes the link from the order's page; the guest's page then says so.
      const orderNumber = token!.split('.')[0]!;
      const owner = await openPage(browser, size);
      try {
        const { page } = owner;
        await page.goto(`${store.url}/login`);
        await page.getByLabel('Email').fill(E2E_OWNER.email);
        await page.getByLabel('Password', { exact: true }).fill(E2E_OWNER.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL((url) => url.pathname !== '/login');
        await page.goto(`${store.url}/admin/orders/${orderNumber}`);
        await page.getByRole('heading', { name: 'Guest link' }).waitFor();
        await page.getByRole('button', { name: 'Revoke link' }).click();
        await page.getByText('The link has been revoked.').waitFor();
        await shot(page, `guest-owner-revoked-${width}`);
        await page.getByRole('button', { name: 'Make a new link' }).click();
        await page.getByText('New link (the old ones no longer work)').waitFor();
      } finally {
        await owner.context.close();
      }
      const revoked = await openPage(browser, size);
      try {
        await revoked.page.goto(`${store.url}/guest-orders/${token}`);
        await revoked.page.getByText(GUEST_ORDER_MESSAGES.revoked).waitFor();
        await shot(revoked.page, `guest-order-revoked-${width}`);
      } finally {
        await revoked.context.close();
      }

      // Signing up later with the same address: after confirming, the order is in the account's library.
      const password = 'guest later password';
      expect((await post(`${store.url}/api/auth/sign-up`, { email, password })).ok).toBe(true);
      const confirm = await waitForMail(dataDir, email, /Confirm/);
      expect((await post(`${store.url}/api/auth/confirm`, { token: linkToken(confirm, '/confirm-email') })).ok).toBe(
        true,
      );
      const account = await openPage(browser, size);
      try {
        const { page } = account;
        await page.goto(`${store.url}/login?redirect=${encodeURIComponent('/downloads')}`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL(`${store.url}/downloads`);
        await page.locator('.download-item').first().waitFor();
        await shot(page, `guest-joined-library-${width}`);
      } finally {
        await account.context.close();
      }
    },
    180_000,
  );
});
