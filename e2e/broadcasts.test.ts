import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../src/shared/catalogue/artwork-schema';
import { createDatabase } from '../src/server/db/database';
import { insertSubscribers } from '../test-support/list-subscribers';
import { readOutbox, recipientOf } from '../test-support/outbox';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { E2E_OWNER, storeOfThisFile } from './support/test-server';

// Broadcasts: the owner writes one with an artwork card, reads the rendered preview, sends a test to themselves,
// sends it to the news list and watches the progress reach 100 %, on a phone and a desktop; every subscriber's
// mail carries the one-click unsubscribe headers and the seller's postal address.
const SELLER_ADDRESS = '12 Canal Street, Leeds LS1 4AB';
const { baseUrl, dataDir } = await storeOfThisFile({ SELLER_NAME: 'Wall Art Ltd', SELLER_ADDRESS });
const SUBSCRIBERS = ['ann@example.test', 'bob@example.test', 'cleo@example.test'];
let browser: Browser;
let artwork: Artwork;

beforeAll(async () => {
  browser = await launchBrowser();
  const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.sqlite') });
  await insertSubscribers(db, 'news', SUBSCRIBERS);
  await db.destroy();
  const listed = await fetch(`${baseUrl}/api/artworks?limit=4`).then((r) => r.json() as Promise<{ items: Artwork[] }>);
  artwork = listed.items[0]!;
});
afterAll(() => browser?.close());

describe('broadcasts in Chromium', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('the owner writes, previews, tests and sends a broadcast (%s)', async (name, viewport) => {
    const subject = `Autumn prints (${name})`;
    const { page, errors, context } = await openPage(browser, viewport);
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    await page.getByRole('link', { name: 'Broadcasts' }).click();
    await page.waitForURL(`${baseUrl}/admin/broadcasts`);
    await page.getByRole('button', { name: 'New Broadcast' }).click();
    const form = page.getByRole('form', { name: 'New broadcast' });
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Text (Markdown)').fill('# Fresh on the wall\n\nThree **new** prints for the cold months.');
    await form.getByRole('checkbox', { name: artwork.title }).check();
    await expectNoSeriousViolations(page);
    await screenshot(page, `broadcasts-new-${name}`);
    await form.getByRole('button', { name: 'Save Draft and Preview' }).click();
    await page.waitForURL(/\/admin\/broadcasts\/\d+$/);

    // The preview is the mail itself: the text rendered, the artwork's card, the footer.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Fresh on the wall' }).waitFor();
    await preview.getByText(artwork.title).waitFor();
    await preview.getByText(SELLER_ADDRESS, { exact: false }).waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, `broadcasts-draft-${name}`);

    await page.getByRole('button', { name: 'Send a Test to Me' }).click();
    await page.getByText(`A test went to ${E2E_OWNER.email}.`).waitFor();
    await page.getByLabel('Messages per minute').fill('600');
    await page.getByRole('button', { name: 'Send to the News List' }).click();
    await page.getByText(`100 % of ${SUBSCRIBERS.length} messages`).waitFor({ timeout: 30_000 });
    expect(await page.locator('.broadcast-progress__bar').getAttribute('value')).toBe('100');
    await expectNoSeriousViolations(page);
    await screenshot(page, `broadcasts-sent-${name}`);

    const mails = (await readOutbox(dataDir)).filter((mail) => mail.subject?.endsWith(subject));
    const sent = mails.filter((mail) => mail.subject === subject);
    expect(sent.map(recipientOf).sort()).toEqual(SUBSCRIBERS);
    // The test went to the owner alone.
    expect(mails.filter((mail) => mail.subject === `[Test] ${subject}`).map(recipientOf)).toEqual([E2E_OWNER.email]);
    for (const mail of sent) {
      const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? '';
      expect(header('list-unsubscribe')).toMatch(/^List-Unsubscribe:\s*<http[^>]*\/api\/mailing-list\/unsubscribe\?/);
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(mail.text).toContain(SELLER_ADDRESS);
      expect(mail.html).toContain(`/artwork/${artwork.id}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
