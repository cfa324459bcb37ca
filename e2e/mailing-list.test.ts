import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_WORDING } from '../src/shared/mailing/consent-kinds';
import { MAILING_LIST_MESSAGES } from '../src/shared/mailing/mailing-list';
import { listUnsubscribe } from '../src/server/modules/mailing-list';
import { linkToken, waitForMail } from '../test-support/outbox';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// The store signs unsubscribe links with this secret, so the test can make the link a list message would carry.
const SECRET = 'mailing-list e2e signing secret, 32+ characters';
const { baseUrl, dataDir } = await storeOfThisFile({ DOWNLOAD_SIGNING_SECRET: SECRET });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The footer alone, to look at: a full page's screenshot makes it a sliver. */
async function footerShot(page: Page, name: string) {
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // The sticky header would cover the footer's top in a shot of an element taller than the screen.
  const header = page.locator('header.site-header');
  await header.evaluate((element: HTMLElement) => (element.style.visibility = 'hidden'));
  await page.locator('footer').screenshot({ path: path.join(dir, `${name}.png`) });
  await header.evaluate((element: HTMLElement) => (element.style.visibility = ''));
}

describe('the mailing list in Chromium', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`at ${label} width: a visitor subscribes in the footer, confirms from the mail, and unsubscribes with one click`, async () => {
      const email = `reader-${label}@example.test`;
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/`);
      const form = page.getByRole('form', { name: 'Newsletter' });
      await form.scrollIntoViewIfNeeded();
      const news = form.getByRole('checkbox', { name: CONSENT_WORDING.news });
      const newArt = form.getByRole('checkbox', { name: CONSENT_WORDING['new-art'] });
      // Unticked until the visitor ticks them.
      expect(await news.isChecked()).toBe(false);
      expect(await newArt.isChecked()).toBe(false);

      await form.getByLabel('E-mail address').fill(email);
      await news.check();
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await form.getByText(MAILING_LIST_MESSAGES.asked).waitFor();
      await footerShot(page, `mailing-list-footer-${label}`);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      const mail = await waitForMail(dataDir, email, /Confirm your subscription/, 10_000);
      expect(mail.text).toContain(CONSENT_WORDING.news);
      expect(mail.text).not.toContain(CONSENT_WORDING['new-art']);
      const token = linkToken(mail, '/mailing-list/confirm');
      await page.goto(`${baseUrl}/mailing-list/confirm?token=${token}`);
      await page.getByText(MAILING_LIST_MESSAGES.confirmed).waitFor();
      await page.getByRole('listitem').filter({ hasText: CONSENT_WORDING.news }).waitFor();
      await screenshot(page, `mailing-list-confirm-${label}`);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The link a list message to this address carries (the page the footer's "Unsubscribe" opens).
      const { pageUrl } = await listUnsubscribe(
        () => Promise.resolve(Buffer.from(SECRET, 'utf8')),
        baseUrl,
        email,
        'news',
      );
      await page.goto(pageUrl);
      await page.locator('#main').getByText(CONSENT_WORDING.news).waitFor();
      await screenshot(page, `mailing-list-unsubscribe-${label}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText(MAILING_LIST_MESSAGES.unsubscribed).waitFor();
      await screenshot(page, `mailing-list-unsubscribed-${label}`);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();

      // The owner finds the address on the list page, from the listings page's links.
      const owner = await openPage(browser, viewport);
      await signInAsOwner(owner.page, baseUrl, '/admin/dashboard');
      await owner.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Mailing List' }).click();
      await owner.page.getByRole('heading', { name: 'Mailing List', level: 1 }).waitFor();
      const row = owner.page.getByRole('row').filter({ hasText: email });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/News\s+withdrawn\s+footer/);
      await owner.page.getByLabel('Status').selectOption('Confirmed');
      await expect.poll(() => owner.page.getByRole('row').filter({ hasText: email }).count()).toBe(0);
      await owner.page.getByLabel('Status').selectOption('Withdrawn');
      await owner.page.getByRole('row').filter({ hasText: email }).waitFor();
      await screenshot(owner.page, `mailing-list-admin-${label}`);
      expect(await sidewaysScroll(owner.page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(owner.page)).toEqual([]);
      expect(owner.errors).toEqual([]);
      await owner.context.close();
    });
  }
});
