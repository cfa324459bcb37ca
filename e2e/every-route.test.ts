import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES, SITE_PATHS, sitePage, type SitePath } from '../src/shared/store/site-pages';
import { launchBrowser, openPage } from './support/browser';
import { E2E_OWNER, storeOfThisFile } from './support/test-server';

const { baseUrl } = await storeOfThisFile();
let browser: Browser;
let storeName: string;
let owner: Awaited<ReturnType<typeof openPage>> | undefined;

const api = async <T>(path: string) => (await (await fetch(`${baseUrl}${path}`)).json()) as T;

beforeAll(async () => {
  browser = await launchBrowser();
  storeName = (await api<{ storeName: string }>('/api/settings')).storeName;
});
afterAll(() => browser?.close());

// Artwork 1 and set 1 are in the demo catalogue, so their pages have something to show.
const addressOf = (path: SitePath) => path.replace(':id', '1');

type UnnamedPath = { [P in SitePath]: (typeof SITE_PAGES)[P]['title'] extends null ? P : never }[SitePath];

// A page the list leaves unnamed is named by what it shows.
const UNNAMED_TAB_TITLES: Record<UnnamedPath, () => Promise<string>> = {
  '/': () => Promise.resolve(`${storeName} — Digital Art Prints`),
  '/artwork/:id': async () => `${(await api<{ title: string }>('/api/artworks/1')).title} | ${storeName}`,
  // Set 1 is the demo's first set.
  '/sets/:id': async () => `${(await api<{ title: string }>('/api/sets/1')).title} | ${storeName}`,
};

const tabTitleOf = (path: SitePath) => {
  const { title } = sitePage(path);
  return title ? Promise.resolve(`${title} | ${storeName}`) : UNNAMED_TAB_TITLES[path as UnnamedPath]();
};

// One owner session for every owner page: sign-ins are rate-limited.
async function ownerSession() {
  if (owner) return owner;
  owner = await openPage(browser);
  await owner.page.goto(`${baseUrl}/login`);
  await owner.page.getByLabel('Email').fill(E2E_OWNER.email);
  await owner.page.getByLabel('Password', { exact: true }).fill(E2E_OWNER.password);
  await owner.page.getByRole('button', { name: 'Sign In' }).click();
  await owner.page.waitForURL((url) => url.pathname !== '/login');
  return owner;
}
afterAll(() => owner?.context.close());

// Responses with an error status are expected on these pages; Chromium logs each as a console error.
const isExpectedStatusLog = (message: string) => message.startsWith('Failed to load resource');

async function expectOwnContent(page: Page, path: SitePath) {
  // A page missing from the router falls through to the not-found page, which has a heading and a title too.
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(await tabTitleOf(path));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
  const { planned } = sitePage(path);
  if (planned) await page.getByText(planned.summary).waitFor();
}

describe('every page of the site list', () => {
  it.each(SITE_PATHS)('%s shows its own page, rendered where the list says', async (path) => {
    // The owner's session serves every page that needs an account.
    const visit = sitePage(path).ownerOnly || sitePage(path).signedIn ? await ownerSession() : await openPage(browser);
    visit.errors.length = 0;
    const response = await visit.page.goto(`${baseUrl}${addressOf(path)}`);
    expect(response?.status()).toBe(200);
    const servedEmpty = (await response?.text())?.includes('<div id="root"></div>');
    expect(servedEmpty).toBe(!sitePage(path).serverRendered);
    expect(visit.page.url()).toBe(`${baseUrl}${addressOf(path)}`);
    await expectOwnContent(visit.page, path);
    expect(await visit.page.getByText('Unexpected Application Error!').count()).toBe(0);
    expect(await visit.page.getByRole('banner').count()).toBe(1);
    expect(await visit.page.getByRole('contentinfo').count()).toBe(1);
    expect(visit.errors.filter((e) => !isExpectedStatusLog(e))).toEqual([]);
    if (visit !== owner) await visit.context.close();
  });

  it.each(SITE_PATHS.filter((path) => sitePage(path).ownerOnly || sitePage(path).signedIn))(
    '%s sends a signed-out visitor to sign in',
    async (path) => {
      const { page, context } = await openPage(browser);
      await page.goto(`${baseUrl}${addressOf(path)}`);
      await page.waitForURL(`${baseUrl}/login?redirect=${encodeURIComponent(addressOf(path))}`);
      await page.getByRole('heading', { name: 'Sign In Required', level: 1 }).waitFor();
      await context.close();
    },
  );

  it('answers an unknown path with status 404 and a page that says so', async () => {
    const { page, context } = await openPage(browser);
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});
