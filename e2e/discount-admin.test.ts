import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the owner's discounts in Chromium", () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('at %s width: creates a code, sees it listed, edits it and deactivates it', async (name, viewport) => {
    const { page, errors, context } = await openPage(browser, viewport);
    const code = `E2E-${name.toUpperCase()}-${Date.now() % 100_000}`;
    const sidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    // From the dashboard's header, as the owner finds it.
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    await page.getByRole('heading', { name: 'Manage Listings', level: 1 }).waitFor();
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    await screenshot(page, `admin-dashboard-header-${name}`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('heading', { name: 'Discounts', level: 1 }).waitFor();
    // The demo's code is there.
    await page.getByRole('row').filter({ hasText: 'WELCOME10' }).getByText('10 % off').waitFor();

    await page.getByRole('button', { name: 'New Discount' }).click();
    await page.getByRole('heading', { name: 'New discount' }).waitFor();
    expect(await page.getByLabel('Discount code').isChecked()).toBe(true);
    await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await page.getByLabel('Percentage off').fill('150');
    await page.getByRole('button', { name: 'Create Discount' }).click();
    // The server's word, next to the field, which gets the focus.
    await page.getByText('The percentage is a whole number from 1 to 100.').waitFor();
    expect(await page.getByLabel('Percentage off').getAttribute('aria-invalid')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true', null, {
      polling: 100,
      timeout: 5000,
    });

    await page.getByLabel('Percentage off').fill('15');
    await page.getByLabel('Total uses (optional)').fill('10');
    await page.getByLabel('Chosen artworks').check();
    await page.getByLabel('Find artworks by title').fill('the');
    const found = page.getByRole('list', { name: 'Artworks found' });
    const firstFound = found.getByRole('listitem').first();
    await firstFound.waitFor();
    const title = (await firstFound.locator('span').textContent()) ?? '';
    await firstFound.getByRole('button', { name: `Add ${title}` }).click();
    await page.getByRole('list', { name: 'Chosen artworks' }).getByText(title).waitFor();
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    await screenshot(page, `admin-discount-form-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create Discount' }).click();
    await page.getByText(`${code} is saved.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: code });
    await row.getByText('15 % off').waitFor();
    await row.getByText('0 / 10').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(await row.getByText(title).count()).toBe(1);
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    await screenshot(page, `admin-discounts-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await page.getByRole('heading', { name: `Edit ${code}` }).waitFor();
    expect(await page.getByLabel('Code', { exact: true }).inputValue()).toBe(code);
    await page.getByLabel('Percentage off').fill('20');
    await page.getByLabel('Once per customer').check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await row.getByText('20 % off').waitFor();

    await row.getByRole('button', { name: `Deactivate ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${code}?` });
    await dialog.getByText('Buyers can no longer use this code.').waitFor();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Off', { exact: true }).waitFor();
    await page.getByText(`${code} is deactivated.`).waitFor();
    await row.getByRole('button', { name: `Activate ${code}` }).waitFor();
    await screenshot(page, `admin-discounts-off-${name}`);

    // The other kinds' fields: a quantity break over chosen categories.
    await page.getByRole('button', { name: 'New Discount' }).click();
    await page.getByLabel('Quantity break').check();
    await page.getByLabel('Minimum quantity').waitFor();
    expect(await page.getByLabel('Code', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Total uses (optional)').count()).toBe(0);
    await page.getByLabel('Chosen categories').check();
    await page.getByLabel('Nature').check();
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    await screenshot(page, `admin-discount-form-quantity-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'New Discount' }).waitFor();

    // The one refusal asked for above (150 %), and nothing else.
    expect(errors).toEqual([expect.stringMatching(/status of 400/)]);
    await context.close();
  });

  it('names the demo’s code in the checkout’s test-mode note', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInAsOwner(page, baseUrl, '/admin/discounts');
    await addToCart(page, baseUrl, 1);
    await page.goto(`${baseUrl}/checkout`);
    const note = page.getByRole('note');
    await note.getByText('Test mode:').waitFor();
    expect(await note.getByText('Try the code WELCOME10 for 10 % off.').count()).toBe(1);
    await screenshot(page, 'checkout-demo-code-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
