import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/benchmarks/shared/launch-chromium';

/** Debian's Chromium (CHROMIUM_PATH), headless, without the background traffic that a closed network refuses. */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

/**
 * A page that records every console error and uncaught exception (a CSP violation shows up as one), so a test
 * can assert that a page ran cleanly.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
  /** More of the context's settings, e.g. a User-Agent of its own (a visitor told apart from the others). */
  contextOptions: Omit<BrowserContextOptions, 'viewport'> = {},
) {
  const context: BrowserContext = await browser.newContext({ ...contextOptions, viewport });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Pages arrive server-rendered: a test acts like a person who waits until the page has come alive.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const untilReady = () => page.waitForSelector('html[data-ready]', { state: 'attached' });
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilReady();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilReady();
    return response;
  };
  return { context, page, errors };
}

/** Screenshots to look at by eye; not compared by the tests. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve('screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
