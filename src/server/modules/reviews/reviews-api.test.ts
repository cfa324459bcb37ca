import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artwork } from '#shared/catalogue/artwork-schema.ts';
import type { ArtworkReviews, OwnerReview } from '#shared/reviews/review-schema.ts';
import { REVIEW_MESSAGES, REVIEW_REQUEST_DELAY_DAYS } from '#shared/reviews/reviews.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { multipart } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { artworkPageMeta } from '../../http/page-meta';
import { MailQueue } from '../mail-queue';
import { downloadSigningSecret } from '../downloads';
import { createMailProvider } from '../../providers/mail/create-mail-provider';
import { approvedReviewsForPage, createReviewRequests } from './index';

const PUBLIC_URL = 'http://shop.test';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_ENGINES)('reviews from verified buyers on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let harbour = 0;
  let meadow = 0;
  let ips = 0;
  const nextIp = () => `10.9.${ips >> 8}.${ips++ & 255}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { GUEST_CHECKOUT: 'true', PUBLIC_URL });
    owner = await signedInCookie(t.app, t.db, `owner-${engine}@shop.test`, 'admin');
    [harbour = 0, meadow = 0] = await insertTestArtworks(t.db, [
      { title: 'Quiet Harbour', price: 12 },
      { title: 'Meadow Light', price: 9 },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const review = {
    rating: 4,
    title: 'Lovely blues',
    text: 'The print looks calm above our sofa.',
    name: 'Ada Lovelace',
    nameShown: 'first-name',
  };
  const put = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'PUT', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {}, remoteAddress: nextIp() });
  const moderate = (id: number, body: object) => post(`/api/admin/reviews/${id}/moderation`, body, owner);
  const reviewsOf = async (artworkId: number) =>
    (await get(`/api/artwork-reviews/${artworkId}`)).json<ArtworkReviews>();
  const catalogueRating = async (artworkId: number) =>
    (await get('/api/artworks?limit=50')).json<{ items: Artwork[] }>().items.find((a) => a.id === artworkId)?.rating;
  const artworkRating = async (artworkId: number) => (await get(`/api/artworks/${artworkId}`)).json<Artwork>().rating;

  async function customer(email: string) {
    return signedInCookie(t.app, t.db, email, 'customer');
  }

  /** A guest's card order, signed out, as the checkout page makes it; answers its library link's token. */
  async function buyAsGuest(email: string, artworkId: number): Promise<{ token: string; orderNumber: string }> {
    const ip = nextIp();
    const send = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
    const cart = {
      items: [{ id: artworkId, quantity: 1, licence: 'personal' }],
      email,
      firstName: 'Gus',
      lastName: 'Guest',
      country: 'US',
    };
    const intent = (await send('/api/create-payment-intent', cart)).json<{
      clientSecret: string;
      paymentIntentId: string;
    }>();
    const method = (
      await send('/api/payments/test/payment-methods', {
        card: { number: '4242424242424242', name: 'Gus', expMonth: 12, expYear: 34, cvc: '123' },
        billing: { postalCode: '12345', country: 'US' },
      })
    ).json<{ id: string }>();
    await send('/api/checkout/payment-method', { paymentIntentId: intent.paymentIntentId, paymentMethodId: method.id });
    await send('/api/payments/test/confirm-method', { clientSecret: intent.clientSecret, paymentMethodId: method.id });
    const confirmed = (await send('/api/orders/confirm', { paymentIntentId: intent.paymentIntentId, email })).json<{
      guestLink: string;
      orderNumber: string;
    }>();
    return {
      token: confirmed.guestLink.slice(`${PUBLIC_URL}/guest-orders/`.length),
      orderNumber: confirmed.orderNumber,
    };
  }

  it('refuses whoever did not pay for the artwork, saying why: signed out, no order, an unpaid order, another artwork, a refunded order', async () => {
    const signedOut = await put(`/api/my-reviews/${harbour}`, review);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toBe(REVIEW_MESSAGES.signInOrLink);

    const nobody = await customer(`nobody-${engine}@buyer.test`);
    expect((await get(`/api/my-reviews/${harbour}`, nobody)).json()).toEqual({
      canReview: false,
      reason: REVIEW_MESSAGES.notBought,
      name: '',
      review: null,
    });
    const noOrder = await put(`/api/my-reviews/${harbour}`, review, nobody);
    expect(noOrder.statusCode).toBe(403);
    expect(noOrder.json().error).toBe(REVIEW_MESSAGES.notBought);

    // An order made and never paid verifies nothing.
    const unpaid = await customer(`unpaid-${engine}@buyer.test`);
    const intent = await post(
      '/api/create-payment-intent',
      { items: [{ id: harbour, quantity: 1 }], email: `unpaid-${engine}@buyer.test`, country: 'US' },
      unpaid,
    );
    expect(intent.statusCode, intent.body).toBe(200);
    expect((await put(`/api/my-reviews/${harbour}`, review, unpaid)).json().error).toBe(REVIEW_MESSAGES.notBought);

    // A paid order of another artwork.
    const other = await customer(`other-${engine}@buyer.test`);
    await buyWithTestCard(t, other, { items: [{ id: meadow, quantity: 1 }], email: `other-${engine}@buyer.test` });
    const wrong = await put(`/api/my-reviews/${harbour}`, review, other);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(REVIEW_MESSAGES.notBought);

    // Paid, then refunded in full.
    const refunded = await customer(`refunded-${engine}@buyer.test`);
    const order = await buyWithTestCard(t, refunded, {
      items: [{ id: harbour, quantity: 1 }],
      email: `refunded-${engine}@buyer.test`,
    });
    const refund = await post(`/api/admin/orders/${order.orderNumber}/refund`, {}, owner);
    expect(refund.statusCode, refund.body).toBe(200);
    const afterRefund = await put(`/api/my-reviews/${harbour}`, review, refunded);
    expect(afterRefund.statusCode).toBe(403);
    expect(afterRefund.json().error).toBe(REVIEW_MESSAGES.refunded);

    expect(await t.db.selectFrom('reviews').select('id').execute()).toEqual([]);
  });

  it('names the field at fault in a bad review (400), never a 5xx', async () => {
    const buyer = await customer(`fields-${engine}@buyer.test`);
    const response = await put(
      `/api/my-reviews/${harbour}`,
      { ...review, rating: 6, text: '', nameShown: 'full' },
      buyer,
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().details).sort()).toEqual(['nameShown', 'rating', 'text']);
  });

  it('refuses a flood of review writes from one address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < t.config.attemptsPerMinute + 1; i++) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/my-reviews/${harbour}`,
        payload: review,
        remoteAddress: '10.99.0.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  let accountReviewId = 0;
  let buyerCookie = '';

  it('a signed-in buyer reviews with a photo whose EXIF is stripped; it stays hidden until the owner approves it', async () => {
    buyerCookie = await customer(`ada-${engine}@buyer.test`);
    await buyWithTestCard(t, buyerCookie, {
      items: [{ id: harbour, quantity: 1 }],
      email: `ada-${engine}@buyer.test`,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const mine = await get(`/api/my-reviews/${harbour}`, buyerCookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ canReview: true, reason: null, review: null, name: 'Ada Lovelace' });

    const saved = await put(`/api/my-reviews/${harbour}`, review, buyerCookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(REVIEW_MESSAGES.saved);

    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aacc' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ada at home', ImageDescription: 'GPS 51.5,-0.1' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const body = multipart([{ name: 'IMG_2201.jpg', content: photo, contentType: 'image/jpeg' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/my-reviews/${harbour}/photo`,
      payload: body.payload,
      headers: { ...body.headers, cookie: buyerCookie },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const row = await t.db
      .selectFrom('reviews')
      .selectAll()
      .where('artwork_id', '=', harbour)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', author_name: 'Ada', rating: 4 });
    expect(row.photo_url).toMatch(/^\/files\/previews\//);
    const stored = await sharp(path.join(t.dataDir, 'files', row.photo_url!.replace('/files/', ''))).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored).toMatchObject({ width: 900, height: 600 });
    accountReviewId = row.id;

    // Pending: not shown, not counted.
    const shown = await reviewsOf(harbour);
    expect(shown.reviews).toEqual([]);
    expect(shown.rating).toBeNull();
    expect(await catalogueRating(harbour)).toBeNull();
    expect(await artworkRating(harbour)).toBeNull();
  });

  it('a guest reviews from their order link; a photo cannot come before the review', async () => {
    const { token } = await buyAsGuest(`gus-${engine}@guest.test`, harbour);
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#223344' } })
      .png()
      .toBuffer();
    const body = multipart([{ name: 'wall.png', content: photo, contentType: 'image/png' }]);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/guest-orders/${token}/reviews/${harbour}/photo`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(REVIEW_MESSAGES.noReview);

    const mine = await get(`/api/guest-orders/${token}/reviews/${harbour}`);
    expect(mine.json()).toEqual({ canReview: true, reason: null, review: null, name: 'Gus Guest' });
    const saved = await put(`/api/guest-orders/${token}/reviews/${harbour}`, {
      rating: 5,
      text: 'Printed it at A2, crisp.',
      name: 'Gus Guest',
      nameShown: 'initials',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The same guest link does not reach another artwork.
    const other = await put(`/api/guest-orders/${token}/reviews/${meadow}`, review);
    expect(other.statusCode).toBe(403);
    // A made-up token is a 404.
    expect((await put(`/api/guest-orders/WA-NOPE.1.${'x'.repeat(32)}/reviews/${harbour}`, review)).statusCode).toBe(
      404,
    );
    const row = await t.db
      .selectFrom('reviews')
      .selectAll()
      .where('buyer_email', '=', `gus-${engine}@guest.test`)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ author_name: 'G. G.', status: 'pending', user_id: null });
  });

  it('approved reviews change the average on the catalogue and the artwork answers; a hidden one is counted as hidden', async () => {
    const pending = (await get('/api/admin/reviews?status=pending', owner)).json<{ reviews: OwnerReview[] }>().reviews;
    expect(pending.map((r) => r.artworkTitle)).toEqual(['Quiet Harbour', 'Quiet Harbour']);
    const guest = pending.find((r) => r.id !== accountReviewId)!;

    expect((await moderate(accountReviewId, { action: 'approve' })).statusCode).toBe(200);
    expect(await catalogueRating(harbour)).toEqual({ average: 4, count: 1 });
    expect(await artworkRating(harbour)).toEqual({ average: 4, count: 1 });

    expect((await moderate(guest.id, { action: 'approve' })).statusCode).toBe(200);
    expect(await catalogueRating(harbour)).toEqual({ average: 4.5, count: 2 });
    expect(await artworkRating(harbour)).toEqual({ average: 4.5, count: 2 });
    expect(await catalogueRating(meadow)).toBeNull();

    const answered = await put(`/api/admin/reviews/${accountReviewId}/answer`, { answer: 'Thank you, Ada!' }, owner);
    expect(answered.statusCode).toBe(200);
    const shown = await reviewsOf(harbour);
    expect(shown.rating).toEqual({ average: 4.5, count: 2 });
    expect(shown.hidden).toBe(0);
    const ada = shown.reviews.find((r) => r.id === accountReviewId)!;
    expect(ada).toMatchObject({ author: 'Ada', verifiedPurchase: true, answer: 'Thank you, Ada!', rating: 4 });
    expect(ada.photo?.images.length).toBeGreaterThan(0);

    // Hiding needs a reason, and takes the review out of the average.
    expect((await moderate(guest.id, { action: 'hide' })).statusCode).toBe(400);
    expect((await moderate(guest.id, { action: 'hide', reason: 'Personal data in the text' })).statusCode).toBe(200);
    expect(await artworkRating(harbour)).toEqual({ average: 4, count: 1 });
    expect((await reviewsOf(harbour)).hidden).toBe(1);
    // Only the owner moderates; the owner shows it again.
    const byBuyer = await post(`/api/admin/reviews/${guest.id}/moderation`, { action: 'approve' }, buyerCookie);
    expect(byBuyer.statusCode).toBe(403);
    expect((await moderate(guest.id, { action: 'approve' })).statusCode).toBe(200);
    expect((await reviewsOf(harbour)).hidden).toBe(0);
  });

  it('editing a review replaces it and sends it back to moderation, out of the average meanwhile', async () => {
    const again = await put(`/api/my-reviews/${harbour}`, { ...review, rating: 2, title: '' }, buyerCookie);
    expect(again.statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('reviews')
      .selectAll()
      .where('user_id', 'is not', null)
      .where('artwork_id', '=', harbour)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 2, status: 'pending', title: null });
    expect((await reviewsOf(harbour)).reviews.map((r) => r.id)).not.toContain(accountReviewId);
    expect((await moderate(accountReviewId, { action: 'approve' })).statusCode).toBe(200);
  });

  it('the Product JSON-LD carries AggregateRating and Review only when approved reviews exist', async () => {
    const withReviews = (await get(`/api/artworks/${harbour}`)).json();
    const meta = artworkPageMeta(withReviews, PUBLIC_URL, 'Shop', 'usd', await approvedReviewsForPage(t.db, harbour));
    const data = meta.structuredData as Record<string, unknown>;
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    const reviews = data.review as Array<Record<string, unknown>>;
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toMatchObject({
      '@type': 'Review',
      author: { '@type': 'Person', name: expect.any(String) },
      reviewRating: { '@type': 'Rating', ratingValue: expect.any(Number) },
      reviewBody: expect.any(String),
      datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const without = (await get(`/api/artworks/${meadow}`)).json();
    const plain = artworkPageMeta(without, PUBLIC_URL, 'Shop', 'usd', await approvedReviewsForPage(t.db, meadow));
    expect(plain.structuredData).not.toHaveProperty('aggregateRating');
    expect(plain.structuredData).not.toHaveProperty('review');
  });

  it('queues the one review request 14 days after payment, sent only with consent, once, and not for a refund', async () => {
    const consenting = `consent-${engine}@buyer.test`;
    const silent = `silent-${engine}@buyer.test`;
    const refunder = `refunder-${engine}@buyer.test`;
    await t.db
      .insertInto('mail_consents')
      .values(
        [consenting, refunder].map((email) => ({
          email,
          user_id: null,
          kind: 'review-requests' as const,
          status: 'confirmed' as const,
          source: 'checkout' as const,
          wording: 'Ask me to review what I bought, once, two weeks after buying.',
          consented_at: new Date().toISOString(),
          confirmed_at: new Date().toISOString(),
          withdrawn_at: null,
          confirm_token_hash: null,
          evidence: null,
        })),
      )
      .execute();
    const orders: Record<string, { orderId: number; orderNumber: string }> = {};
    for (const email of [consenting, silent, refunder]) {
      const cookie = await customer(email);
      orders[email] = await buyWithTestCard(t, cookie, { items: [{ id: meadow, quantity: 1 }], email });
    }
    await post(`/api/admin/orders/${orders[refunder]!.orderNumber}/refund`, {}, owner);

    const requests = await t.db
      .selectFrom('review_requests')
      .innerJoin('orders', 'orders.id', 'review_requests.order_id')
      .select(['review_requests.id', 'review_requests.order_id', 'review_requests.next_attempt_at', 'orders.paid_at'])
      .where(
        'order_id',
        'in',
        Object.values(orders).map((o) => o.orderId),
      )
      .execute();
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      const due = new Date(request.next_attempt_at).getTime() - new Date(request.paid_at!).getTime();
      expect(Math.abs(due - REVIEW_REQUEST_DELAY_DAYS * DAY_MS)).toBeLessThan(60_000);
    }

    const mailQueue = new MailQueue(t.db, createMailProvider(t.config, t.app.log), t.app.log);
    const runner = createReviewRequests({
      db: t.db,
      config: t.config,
      mail: mailQueue,
      secret: downloadSigningSecret(t.db, t.config.downloadSigningSecret),
      log: t.app.log,
    });
    const ids = requests.map((r) => r.id);
    // Not due yet: nothing is claimed by a pass (runNow takes them by id, so move them due first).
    await t.db
      .updateTable('review_requests')
      .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', 'in', ids)
      .execute();
    expect(await runner.runNow(ids, 30_000)).toBe(true);
    expect(await runner.runNow(ids, 30_000)).toBe(true);

    const outcomes = await t.db
      .selectFrom('review_requests')
      .select(['order_id', 'outcome', 'done_at'])
      .where('id', 'in', ids)
      .execute();
    const outcomeOf = (email: string) => outcomes.find((o) => o.order_id === orders[email]!.orderId);
    expect(outcomeOf(consenting)).toMatchObject({ outcome: 'sent' });
    expect(outcomeOf(silent)).toMatchObject({ outcome: 'no-consent' });
    expect(outcomeOf(refunder)).toMatchObject({ outcome: 'refunded' });
    expect(outcomes.every((o) => o.done_at !== null)).toBe(true);

    const mails = await t.db.selectFrom('mail_queue').selectAll().where('kind', '=', 'list-review-requests').execute();
    expect(mails.map((m) => m.to_address)).toEqual([consenting]);
    const [mail] = mails;
    expect(mail!.text_body ?? '').toContain(`${PUBLIC_URL}/artwork/${meadow}#review`);
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/shop\.test\/api\/mailing-list\/unsubscribe\?/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('a deleted account keeps its approved review as "Former customer" and loses the rest', async () => {
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', `ada-${engine}@buyer.test`)
      .executeTakeFirstOrThrow();
    const { EventBus } = await import('../../events/event-bus');
    const { registerReviewListeners } = await import('./index');
    const events = new EventBus({ db: t.db, log: t.app.log });
    registerReviewListeners(events);
    await t.db.transaction().execute(async (trx) => {
      await events.emit(trx, { type: 'account.deleted', userId: user.id, email: user.email });
    });
    const row = await t.db
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', accountReviewId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      author_name: 'Former customer',
      buyer_email: null,
      user_id: null,
      photo_url: null,
      rating: 2,
    });
    expect((await reviewsOf(harbour)).reviews.map((r) => r.author)).toContain('Former customer');
  });
});
