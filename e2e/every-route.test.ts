import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SITE_ROUTES } from '../src/shared/site-routes';
import { launchBrowser, openPage } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Responses with an error status are expected on these pages; Chromium logs each as a console error.
const isExpectedStatusLog = (message: string) => message.startsWith('Failed to load resource');

describe('every route of the site', () => {
  it.each(SITE_ROUTES.map((route) => route.replace(':id', '1')))('%s shows a page with a heading', async (path) => {
    const { page, errors, context } = await openPage(browser);
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(errors.filter((e) => !isExpectedStatusLog(e))).toEqual([]);
    await context.close();
  });

  it('answers an unknown path with status 404 and a page that says so', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});
