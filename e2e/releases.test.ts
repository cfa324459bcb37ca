import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// Drafts and scheduled releases, as the owner sets them and as visitors (do not) see them. The store's release
// worker looks every half second here (test-server.ts), so the scheduled artwork is due a few seconds ahead.

const { baseUrl } = await storeOfThisFile();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SCHEDULE_AHEAD_MS = 12_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** As a datetime-local input takes it, in the browser's (and this process's) time zone. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** Two drafts made through the owner's API, with a picture uploaded first as the form does. */
async function makeDrafts(page: Page, word: string) {
  const picture = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
  const uploaded = await page.request.post(`${baseUrl}/api/uploads?kind=preview`, {
    multipart: { files: { name: 'release.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(uploaded.status()).toBe(201);
  const { files } = (await uploaded.json()) as { files: Array<{ url: string }> };
  const make = async (title: string) => {
    const created = await page.request.post(`${baseUrl}/api/artworks`, {
      data: {
        title,
        artist: 'Release Tester',
        price: 7,
        description: `A ${word} artwork that waits for its release.`,
        category: 'nature',
        tags: [word],
        previewUrl: files[0]!.url,
        googleDriveLink: 'https://drive.google.com/file/d/release/view',
        isFeatured: true,
        release: { status: 'draft' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { id: number }).id;
  };
  return { draft: await make(`${word} Secret`), soon: await make(`${word} Soon`) };
}

async function natureCount(page: Page): Promise<number> {
  const answer = await page.request.get(`${baseUrl}/api/categories`);
  const { items } = (await answer.json()) as { items: Array<{ id: string; artworkCount: number }> };
  return items.find((item) => item.id === 'nature')!.artworkCount;
}

describe('drafts and scheduled releases in Chromium', () => {
  it('keeps drafts from visitors everywhere, and shows a scheduled artwork at its time, not before', async () => {
    const { page, errors } = await openPage(browser);
    const word = `Relz${Date.now().toString(36)}`;
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    const countBefore = await natureCount(page);
    const { draft, soon } = await makeDrafts(page, word);

    // The owner schedules one through the form's release control.
    await page.goto(`${baseUrl}/admin/edit/${soon}`);
    await page.getByRole('heading', { name: 'Edit Artwork' }).waitFor();
    expect(await page.getByRole('radio', { name: /Draft/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Schedule/ }).check();
    const publishAt = new Date(Date.now() + SCHEDULE_AHEAD_MS);
    await page.getByLabel('Publish at (your local time)').fill(localInput(publishAt));
    await screenshot(page, 'release-form-desktop');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Artwork updated successfully!').waitFor();

    // A visitor, before the time: nowhere.
    const visitor = await openPage(browser);
    const v = visitor.page;
    await v.goto(`${baseUrl}/shop?q=${word}`);
    await v.getByRole('heading', { name: 'No artwork found' }).waitFor();
    for (const id of [draft, soon]) {
      const answer = await v.goto(`${baseUrl}/artwork/${id}`);
      expect(answer?.status()).toBe(404);
      await v.getByRole('heading', { name: 'Artwork not found' }).waitFor();
    }
    expect(await natureCount(v)).toBe(countBefore);
    const sitemap = await (await v.request.get(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>');
    for (const id of [draft, soon]) expect(sitemap).not.toContain(`/artwork/${id}</loc>`);
    // Related works of a published nature artwork: featured ones first, yet neither featured draft.
    const shop = (await (await v.request.get(`${baseUrl}/api/artworks?category=nature&limit=1`)).json()) as {
      items: Array<{ id: number }>;
    };
    const detail = (await (await v.request.get(`${baseUrl}/api/artworks/${shop.items[0]!.id}`)).json()) as {
      relatedArtworks: Array<{ id: number }>;
    };
    expect(detail.relatedArtworks.length).toBeGreaterThan(0);
    for (const id of [draft, soon]) expect(detail.relatedArtworks.map((a) => a.id)).not.toContain(id);

    // All of that was seen before the time (else this test proved nothing about "not before").
    expect(Date.now()).toBeLessThan(publishAt.getTime());

    // The dashboard shows each one's release, and narrows to drafts.
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await page.getByText('2 of').waitFor();
    await page.getByLabel('Release').selectOption('draft');
    await page.getByText('1 of').waitFor();
    await page.getByRole('link', { name: `Preview ${word} Secret` }).waitFor();
    await page.getByLabel('Release').selectOption('all');
    await page.getByText('2 of').waitFor();
    await screenshot(page, 'release-dashboard-desktop');

    // The owner's preview of the draft.
    await page.getByRole('link', { name: `Preview ${word} Secret` }).click();
    await page.getByText('Preview: visitors do not see this artwork until it is published.').waitFor();
    await page.getByRole('heading', { name: `${word} Secret` }).waitFor();

    // At its time: in the shop, its page, the counts; the draft still nowhere.
    await v.goto(`${baseUrl}/shop?q=${word}`);
    const card = v.getByRole('article').filter({ hasText: `${word} Soon` });
    const deadline = Date.now() + SCHEDULE_AHEAD_MS + 15_000;
    while (!(await card.isVisible())) {
      expect(Date.now()).toBeLessThan(deadline);
      await v.waitForTimeout(500);
      await v.reload();
    }
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.getTime() - 1_000);
    expect(await v.getByRole('article').count()).toBe(1);
    expect((await v.goto(`${baseUrl}/artwork/${soon}`))?.status()).toBe(200);
    expect((await v.goto(`${baseUrl}/artwork/${draft}`))?.status()).toBe(404);
    expect(await natureCount(v)).toBe(countBefore + 1);
    // Newest first in the shop: the artwork just published leads the list.
    const newest = (await (await v.request.get(`${baseUrl}/api/artworks?sort=newest&limit=1`)).json()) as {
      items: Array<{ id: number }>;
    };
    expect(newest.items[0]!.id).toBe(soon);
    await screenshot(v, 'release-published-desktop');

    // The owner's pages, the preview included, asked for nothing that failed. The visitor's three visits to the
    // drafts' own pages were 404s, which the browser logs; any other error fails the test.
    expect(errors).toEqual([]);
    const notFound = visitor.errors.filter((text) => text.includes('status of 404 (Not Found)'));
    expect(notFound).toHaveLength(3);
    expect(visitor.errors).toEqual(notFound);
    await visitor.context.close();
    await page.context().close();
  });

  it('shows the release control and the dashboard on a phone', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    await page.getByText(/\d+ of \d+ artworks/).waitFor();
    await page.getByLabel('Release').waitFor();
    await screenshot(page, 'release-dashboard-phone');
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('radio', { name: /Schedule/ }).check();
    await page.getByLabel('Publish at (your local time)').waitFor();
    await screenshot(page, 'release-form-phone');
    await context.close();
  });
});
