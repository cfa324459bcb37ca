import type { Page } from 'playwright-core';
import { E2E_OWNER } from './test-server';

/** Opens an owner page signed out, signs in on the login page it sends to, and lands back on that page. */
export async function signInAsOwner(page: Page, baseUrl: string, next: string): Promise<void> {
  await page.goto(`${baseUrl}${next}`);
  await page.waitForURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(E2E_OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}${next}`);
}
