import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, waitForMail } from '../test-support/outbox';
import { launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { E2E_OWNER, storeOfThisFile } from './support/test-server';

const { baseUrl, dataDir } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Links in mail are built from PUBLIC_URL; the test server listens on another port, so keep only the path. */
const onTestServer = (token: string, page: string) => `${baseUrl}${page}?token=${token}`;

describe('accounts in Chromium', () => {
  it('signs up, confirms from the e-mail, signs in and lands on /downloads, then logs out', async () => {
    const { page, errors, context } = await openPage(browser);
    const email = `buyer-${Date.now()}@example.test`;
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Registration successful! Please check your email to confirm your account.').waitFor();
    await screenshot(page, 'register-done-desktop');

    const mail = await waitForMail(dataDir, email, /Confirm your e-mail/);
    await page.goto(`${baseUrl}/login`);
    await signIn(page, email, 'a long enough password');
    await page.getByText('Email not confirmed').waitFor();

    await page.goto(onTestServer(linkToken(mail, '/confirm-email'), '/confirm-email'));
    await page.getByText('Email confirmed! You can now sign in.').waitFor();
    await page.waitForURL(`${baseUrl}/login`, { timeout: 5000 });

    await signIn(page, email, 'a long enough password');
    await page.waitForURL(`${baseUrl}/downloads`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password from the e-mailed link and signs in with the new one', async () => {
    const { page, context } = await openPage(browser, PHONE);
    // A confirmed account to start from: sign up and confirm through the API, as the browser would.
    const email = `forgetful-${Date.now()}@example.test`;
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(/Registration successful/).waitFor();
    await page.goto(
      onTestServer(linkToken(await waitForMail(dataDir, email, /Confirm/), '/confirm-email'), '/confirm-email'),
    );
    await page.getByText(/Email confirmed/).waitFor();

    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If this email is registered, a password reset link has been sent.').waitFor();
    await screenshot(page, 'forgot-phone');

    const reset = await waitForMail(dataDir, email, /Reset your password/);
    await page.goto(onTestServer(linkToken(reset, '/reset-password'), '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('second password');
    await page.getByLabel('Confirm new password', { exact: true }).fill('second passwort');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('second password');
    await screenshot(page, 'reset-phone');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated! You can now log in.').waitFor();
    await page.waitForURL(`${baseUrl}/login`, { timeout: 5000 });

    await signIn(page, email, 'first password');
    await page.getByText('Invalid login credentials').waitFor();
    await signIn(page, email, 'second password');
    await page.waitForURL(`${baseUrl}/downloads`);
    await context.close();
  });

  it('sends the contact form to the owner', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/contact`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Name is required').waitFor();
    const subject = `Framing question ${Date.now()}`;
    await page.getByLabel('Name').fill('Nora Buyer');
    await page.getByLabel('Email').fill('nora@example.test');
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Which frame suits the 4x5 prints?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Thank you! Your message has been sent.').waitFor();
    await screenshot(page, 'contact-desktop');
    const mail = await waitForMail(dataDir, E2E_OWNER.email, new RegExp(subject));
    expect(mail.replyTo?.value[0]?.address).toBe('nora@example.test');
    await context.close();
  });

  it('keeps owner pages for the owner: signed out → /login, owner → the page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL(`${baseUrl}/login?redirect=%2Fadmin%2Fdashboard`);
    await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Manage Listings' }).waitFor();
    await context.close();
  });

  it('sends a signed-in customer away from owner pages, and never follows a redirect off the site', async () => {
    const { page, context } = await openPage(browser);
    const email = `customer-${Date.now()}@example.test`;
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('customer password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(/Registration successful/).waitFor();
    await page.goto(
      onTestServer(linkToken(await waitForMail(dataDir, email, /Confirm/), '/confirm-email'), '/confirm-email'),
    );
    await page.getByText(/Email confirmed/).waitFor();

    await page.goto(`${baseUrl}/login?redirect=//evil.example/steal`);
    await signIn(page, email, 'customer password');
    await page.waitForURL(`${baseUrl}/downloads`);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });
});
