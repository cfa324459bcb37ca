import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quarterOf } from '../src/shared/taxes/tax-report';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
let browser: Browser;

// A purchase of this run, so the quarter has an invoice whichever browser tests ran before.
beforeAll(async () => {
  browser = await launchBrowser();
  const account = { email: `tax-report-${Date.now()}@example.test`, password: 'tax report password' };
  await createCustomer(baseUrl, dataDir, account);
  const { page, context } = await openPage(browser, DESKTOP);
  await signInThrough(page, baseUrl, '/orders', account);
  await addToCart(page, baseUrl, 3);
  await payWithTestCard(page, baseUrl);
  await context.close();
});
afterAll(() => browser?.close());

describe("the owner's tax report in Chromium", () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('at %s width: the quarter’s rows, the settings and the CSV link', async (name, viewport) => {
    const { page, errors, context } = await openPage(browser, viewport);
    const quarter = quarterOf(new Date());
    const sidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    // From the orders page's header, as the owner finds it.
    await signInAsOwner(page, baseUrl, '/admin/orders');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Taxes' }).click();
    await page.getByRole('heading', { name: 'Taxes', level: 1 }).waitFor();
    expect(await page.getByLabel('Quarter', { exact: true }).inputValue()).toBe(quarter);

    // A row of the quarter (the demo store charges no tax: its sales are outside any registration), and the totals.
    const table = page.locator('.tax-report-table');
    const row = table.locator('tbody tr').first();
    await row.getByText('Not taxed').waitFor();
    await row.getByText(/\d+ invoices?/).waitFor();
    await table.locator('tfoot').getByText('Total').waitFor();
    // The store charges dollars: the euro rate can be entered.
    await page.getByLabel('Euro rate: USD for 1 EUR').waitFor();
    await page.getByRole('region', { name: 'Settings' }).getByText('No tax is charged', { exact: true }).waitFor();

    const csv = page.getByRole('link', { name: 'Download CSV' });
    expect(await csv.getAttribute('href')).toBe(`/api/admin/tax/report.csv?quarter=${quarter}`);
    const file = await context.request.get(`${baseUrl}/api/admin/tax/report.csv?quarter=${quarter}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toBe(`attachment; filename="tax-${quarter}.csv"`);
    expect((await file.text()).split('\r\n')[0]).toMatch(/^Country,Country name,Scheme,Treatment,Rate %,Net \(USD\)/);

    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    await screenshot(page, `admin-tax-e2e-${name}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
