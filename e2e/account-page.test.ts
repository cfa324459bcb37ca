import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, DELETED_ACCOUNT_LABEL } from '../src/shared/accounts/account';
import { linkToken, waitForMail } from '../test-support/outbox';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// The buyer's account page (decision 0074): a new address from the e-mailed link, a new password, a copy of their
// data, the account deleted; then the owner still has the order and its invoice, without the person.

const { baseUrl, dataDir } = await storeOfThisFile();
const ARTWORK_ID = 17;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unexpectedLogs = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

async function look(page: Page, name: string, width: number) {
  await screenshot(page, `account-${name}-${width}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(
    width,
  );
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function downloaded(page: Page, link: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

describe('the account page in Chromium', () => {
  it.each([PHONE, DESKTOP])(
    'a buyer changes e-mail and password, downloads their data and deletes the account at $width px',
    async (viewport) => {
      const stamp = `${viewport.width}-${Date.now()}`;
      const customer = { email: `acct-${stamp}@example.test`, password: 'account first password' };
      const newEmail = `moved-${stamp}@example.test`;
      await createCustomer(baseUrl, dataDir, customer);
      const { page, errors, context } = await openPage(browser, viewport);
      await signInThrough(page, baseUrl, '/account', customer);
      await addToCart(page, baseUrl, ARTWORK_ID);
      const shownNumber = await payWithTestCard(page, baseUrl);

      // The header links the page.
      if (viewport.width < 861) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
      await page.waitForURL(`${baseUrl}/account`);
      await page.getByRole('heading', { name: 'My Account', level: 1 }).waitFor();
      await page.getByTestId('account-email').getByText(customer.email).waitFor();
      await look(page, 'page', viewport.width);

      // A new address: nothing changes until the link mailed to it is followed.
      const email = page.getByRole('region', { name: 'Change e-mail' });
      await email.getByLabel('New e-mail address').fill(newEmail);
      await email.getByLabel('Current password', { exact: true }).fill(customer.password);
      await email.getByRole('button', { name: 'Send confirmation link' }).click();
      await email.getByText(ACCOUNT_MESSAGES.emailChangeSent).waitFor();
      await page.getByText(`${newEmail}: follow the link we mailed there.`).waitFor();
      await look(page, 'email-sent', viewport.width);
      const mail = await waitForMail(dataDir, newEmail, /Confirm your new e-mail/);
      await page.goto(`${baseUrl}/confirm-new-email?token=${linkToken(mail, '/confirm-new-email')}`);
      await page.getByText(ACCOUNT_MESSAGES.emailChanged).waitFor();
      await waitForMail(dataDir, customer.email, /was changed/);
      await page.getByRole('link', { name: 'Go to your account' }).click();
      await page.getByTestId('account-email').getByText(newEmail).waitFor();

      // A new password: this browser stays signed in.
      const password = page.getByRole('region', { name: 'Change password' });
      await password.getByLabel('Current password', { exact: true }).fill('not the password');
      await password.getByLabel('New password', { exact: true }).fill('account second password');
      await password.getByLabel('Repeat the new password', { exact: true }).fill('account second password');
      await password.getByRole('button', { name: 'Change password' }).click();
      await password.getByText(ACCOUNT_MESSAGES.wrongPassword).first().waitFor();
      await password.getByLabel('Current password', { exact: true }).fill(customer.password);
      await password.getByRole('button', { name: 'Change password' }).click();
      await password.getByText(ACCOUNT_MESSAGES.passwordChanged).waitFor();

      // Their data: the order is in it.
      const json = await downloaded(page, 'Download as JSON');
      expect(json.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(json.text) as { sections: { account: { email: string }; orders: { number: string }[] } };
      expect(data.sections.account.email).toBe(newEmail);
      expect(data.sections.orders.map((order) => order.number)).toEqual([shownNumber]);
      const csv = await downloaded(page, 'Download as CSV');
      expect(csv.text).toContain(`orders,1,number,${shownNumber}`);

      // Deleted, after the password: signed out and told.
      const danger = page.getByRole('region', { name: 'Delete the account' });
      await danger.getByLabel('Password', { exact: true }).fill('account second password');
      await look(page, 'before-delete', viewport.width);
      await danger.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByText(ACCOUNT_MESSAGES.accountDeleted).waitFor();
      // Signed out where it is, on the home page (the header offers Login again), not sent to sign in.
      await page.locator('.site-nav__login', { hasText: 'Login' }).waitFor({ state: 'attached' });
      expect(page.url()).toBe(`${baseUrl}/`);
      expect(await page.getByRole('heading', { name: 'Sign In Required' }).count()).toBe(0);
      await screenshot(page, `account-deleted-${viewport.width}`);
      const session = (await (await page.request.get(`${baseUrl}/api/auth/session`)).json()) as { user: unknown };
      expect(session.user).toBeNull();
      const signIn = await page.request.post(`${baseUrl}/api/auth/sign-in`, {
        data: { email: newEmail, password: 'account second password' },
      });
      expect(signIn.status()).toBe(401);
      expect(unexpectedLogs(errors)).toEqual([]);
      await context.close();

      // The owner still has the order and its invoice, without the person.
      const owner = await openPage(browser, viewport);
      await signInAsOwner(owner.page, baseUrl, `/admin/orders?q=${shownNumber}`);
      const row = owner.page.getByRole('row', { name: new RegExp(shownNumber) });
      await row.getByText(DELETED_ACCOUNT_LABEL).waitFor();
      expect(await row.textContent()).not.toContain('@example.test');
      await row.getByRole('link', { name: /^WA-/ }).click();
      await owner.page
        .getByRole('link', { name: /^Invoice INV-\d{6}$/ })
        .first()
        .waitFor();
      await owner.page.getByText(DELETED_ACCOUNT_LABEL).first().waitFor();
      expect(await owner.page.locator('main').textContent()).not.toContain(newEmail);
      await screenshot(owner.page, `account-owner-order-${viewport.width}`);
      await owner.context.close();
    },
  );
});
