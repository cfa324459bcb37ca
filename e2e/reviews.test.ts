import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '../src/shared/catalogue/artwork-schema';
import type { SetList } from '../src/shared/sets/set-schema';
import { expectNoSeriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from './support/browser';
import { addToCart, createCustomer, payWithTestCard, signInThrough } from './support/checkout-steps';
import { signInAsOwner } from './support/sign-in-as-owner';
import { storeOfThisFile } from './support/test-server';

// Reviews from verified buyers: a buyer pays for an artwork and reviews it with a photo of the print on their
// wall, the owner approves it, and the stars show on the artwork's card, on its page and in its JSON-LD.
const { baseUrl, dataDir } = await storeOfThisFile();
const buyer = { email: `reviewer-${Date.now()}@example.test`, password: 'reviews buyer password' };
const RATING = '5 out of 5, 1 review';
let browser: Browser;
let artwork: Artwork;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

describe('reviews from verified buyers in Chromium', () => {
  it('a buyer pays for an artwork', async () => {
    await createCustomer(baseUrl, dataDir, buyer);
    const sets = await fetch(`${baseUrl}/api/sets`).then((r) => r.json() as Promise<SetList>);
    const inSets = new Set(sets.items.flatMap((set) => set.pieces.map((piece) => piece.id)));
    const listed = await fetch(`${baseUrl}/api/artworks?limit=24`).then(
      (r) => r.json() as Promise<{ items: Artwork[] }>,
    );
    artwork = listed.items.find(
      (a) => !inSets.has(a.id) && a.payWhatYouWant === null && (a.licences.personal ?? 0) > 0 && a.rating === null,
    )!;
    expect(artwork).toBeDefined();
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInThrough(page, baseUrl, '/downloads', buyer);
    await addToCart(page, baseUrl, artwork.id);
    await payWithTestCard(page, baseUrl);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the buyer reviews it on the artwork page, with a photo (phone)', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInThrough(page, baseUrl, '/downloads', buyer);
    await page.goto(`${baseUrl}/artwork/${artwork.id}#review`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByRole('heading', { name: 'Write a review' }).waitFor();
    await reviews.getByText(/Only buyers who paid for this artwork can review it/).waitFor();
    await reviews.getByLabel('5 stars').check();
    await reviews.getByLabel('Title (optional)').fill('Glows above the bed');
    await reviews.getByLabel('Your review').fill('The colours print beautifully at A3; it looks calm in our bedroom.');
    await expect.poll(() => reviews.getByLabel('Your name').inputValue()).toBe('Nora Buyer');
    await reviews.getByLabel('My initials').check();
    await reviews.getByText('Shown as “N. B.”').waitFor();
    await reviews.getByLabel('My first name').check();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c9b79c' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'GPS 48.85,2.35' } })
      .toBuffer();
    await reviews
      .getByLabel('A photo of the print on your wall (optional)')
      .setInputFiles({ name: 'wall.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expectNoSeriousViolations(page);
    await reviews.locator('form').screenshot({ path: 'screenshots/reviews-form-phone.png' });
    await reviews.getByRole('button', { name: 'Send the review' }).click();
    await reviews.getByText('Thank you: your review is saved and shows once the shop has checked it.').waitFor();
    // Not shown before the owner approves it.
    expect(await reviews.getByText('No reviews yet.').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the buyer sees their review waiting, to edit (desktop)', async () => {
    const { page, errors, context } = await openPage(browser, DESKTOP);
    await signInThrough(page, baseUrl, '/downloads', buyer);
    await page.goto(`${baseUrl}/artwork/${artwork.id}#review`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByRole('heading', { name: 'Edit your review' }).waitFor();
    await reviews.getByText('Your review waits for the shop to check it.').waitFor();
    expect(await reviews.getByLabel('Your review').inputValue()).toContain('The colours print beautifully');
    await expectNoSeriousViolations(page);
    await reviews.screenshot({ path: 'screenshots/reviews-form-desktop.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the owner approves it and answers, from the owner’s navigation (phone)', async () => {
    const { page, errors, context } = await openPage(browser, PHONE);
    await signInAsOwner(page, baseUrl, '/admin/dashboard');
    await page.getByRole('link', { name: 'Reviews', exact: true }).first().click();
    await page.waitForURL(`${baseUrl}/admin/reviews`);
    const item = page.getByRole('listitem').filter({ hasText: 'Glows above the bed' });
    await item.getByRole('button', { name: 'Approve' }).waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reviews-owner-phone');
    await item.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('The review shows now.').waitFor();
    await page.getByLabel('Show', { exact: true }).selectOption('approved');
    const shown = page.getByRole('listitem').filter({ hasText: 'Glows above the bed' });
    await shown.getByLabel('Your answer (shown under the review)').fill('Thank you, Nora!');
    await shown.getByRole('button', { name: 'Save the answer' }).click();
    await page.getByText('Your answer shows under the review.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it.each(VIEWPORTS)(
    'the stars show on the card, on the artwork page and in its JSON-LD (%s)',
    async (name, viewport) => {
      const { page, errors, context } = await openPage(browser, viewport);
      await page.goto(`${baseUrl}/shop?q=${encodeURIComponent(artwork.title)}`);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: artwork.title, exact: true }) });
      await card.getByRole('img', { name: RATING }).waitFor();
      await expectNoSeriousViolations(page);
      await card.first().screenshot({ path: `screenshots/reviews-card-${name}.png` });

      await page.goto(`${baseUrl}/artwork/${artwork.id}`);
      await page.getByRole('img', { name: RATING }).first().waitFor();
      const reviews = page.getByRole('region', { name: 'Reviews' });
      const review = reviews.getByRole('listitem').filter({ hasText: 'Glows above the bed' });
      await review.getByText('Verified purchase').waitFor();
      await review.getByText('Nora', { exact: true }).waitFor();
      await review.getByText('Thank you, Nora!').waitFor();
      await review
        .getByRole('img', { name: 'The print on Nora’s wall' })
        .or(review.getByRole('img', { name: "The print on Nora's wall" }))
        .waitFor();
      await reviews.getByText(/The shop approves reviews before they show\. No review has been hidden\./).waitFor();
      // A visitor gets no form.
      expect(await reviews.getByRole('heading', { name: 'Write a review' }).count()).toBe(0);
      await expectNoSeriousViolations(page);
      await reviews.screenshot({ path: `screenshots/reviews-artwork-${name}.png` });

      // The page's JSON-LD, as the server wrote it into the HTML.
      const html = await fetch(`${baseUrl}/artwork/${artwork.id}`, { headers: { accept: 'text/html' } }).then((r) =>
        r.text(),
      );
      const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
      const data = JSON.parse(json) as {
        aggregateRating?: { ratingValue: number; reviewCount: number };
        review?: Array<{ author: { name: string }; reviewRating: { ratingValue: number } }>;
      };
      expect(data.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 });
      expect(data.review?.[0]).toMatchObject({ author: { name: 'Nora' }, reviewRating: { ratingValue: 5 } });
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
