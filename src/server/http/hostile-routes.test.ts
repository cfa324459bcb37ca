import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequestArb } from '#test-support/hostile-input/hostile-requests.ts';
import { captureRoutes, type CapturedRoute } from '#test-support/hostile-input/route-catalogue.ts';
import {
  buildStoreUnderAttack,
  CUSTOMER_EMAIL,
  type KnownValues,
  type StoreUnderAttack,
} from '#test-support/hostile-input/store-fixture.ts';
import { createTestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// Generated bodies, query strings, path parameters and headers at every route of the app, as a visitor, a customer
// and the owner. No answer is a 5xx, the store answers its health check after every batch, and a refused request
// (4xx) leaves the catalogue, the uploads and the orders exactly as they were.
//
// HOSTILE_SEED=<n> replays a run (fast-check prints the seed and the shrunk request of a failure);
// HOSTILE_RUNS=<n> sets the batches per route (default 12: the file stays well under a minute per engine).

const seed = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
const numRuns = Number(process.env.HOSTILE_RUNS ?? 12);

/** Routes left out, each with its reason; a name here that is no longer a route fails the test below. */
const EXCLUDED: Record<string, string> = {};

/**
 * A 5xx the route itself declares in its response schema is its contract, not a crash: /api/ready answers 503 while
 * a part it checks (in these tests, the mail outbox) cannot be checked. Every other 5xx fails.
 */
const declared5xx = (route: CapturedRoute) =>
  Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {})
    .map(Number)
    .filter((status) => status >= 500);

/** Answers per route and role, printed at the end: shows the requests reach past the guards, not only 401s. */
const tally = new Map<string, Map<number, number>>();
const count = (key: string, status: number) => {
  const statuses = tally.get(key) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  tally.set(key, statuses);
};

/** The routes as the app registers them: built once here so that each becomes a test of its own. */
const { result: probe, routes: ALL_ROUTES } = await captureRoutes(() => createTestApp('sqlite'));
await probe.close();
const routeKey = (route: CapturedRoute) => `${route.method} ${route.url}`;
const FUZZED = ALL_ROUTES.filter((route) => !(routeKey(route) in EXCLUDED));

/** A body each route accepts (from its API tests); the generated bodies start from it and break it. */
function sampleBody(route: CapturedRoute, known: KnownValues): unknown {
  const [first] = known.artworkIds;
  const samples: Record<string, unknown> = {
    'POST /api/artworks': {
      title: 'Terracotta Sun',
      artist: 'Maya',
      price: 5.9,
      originalPrice: 10.9,
      description: 'Warm.',
      category: 'minimalist',
      tags: 'sun, warm',
      dimensions: '2x3',
      format: 'PNG',
      previewUrl: known.previewUrl,
      media: [{ type: 'image', url: known.previewUrl }],
      googleDriveLink: 'https://drive.google.com/file/d/x/view',
      privateFileKey: known.privateFileKey,
      isFeatured: true,
      isNewArrival: false,
      offersPersonal: true,
      offersCommercial: true,
      commercialPrice: 24.5,
    },
    'PUT /api/artworks/:id': {
      title: 'Renamed',
      price: 3.5,
      originalPrice: null,
      tags: ['a', 'b'],
      media: [],
      previewUrl: known.previewUrl,
      privateFileKey: known.privateFileKey,
    },
    'PATCH /api/artworks': { ids: [first], changes: { isFeatured: true, category: 'abstract' } },
    'POST /api/funnel/beacon': { artworkId: first, event: 'view', referrer: 'https://www.pinterest.com/pin/1' },
    'POST /api/admin/orders/:orderNumber/refund': { amount: 1, requestId: 'hostile-refund-1' },
    'POST /api/admin/discounts': {
      kind: 'code',
      code: 'hostile-10',
      name: 'Hostile',
      amountOff: 2.5,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2099-01-01T00:00:00Z',
      maxUses: 5,
      oncePerCustomer: true,
      minSubtotal: 10,
      scope: 'artworks',
      artworkIds: [first],
      combinesWithSales: true,
    },
    'PUT /api/admin/discounts/:id': {
      kind: 'quantity',
      name: '3 or more: 25 % off',
      percentOff: 25,
      minQuantity: 3,
      scope: 'categories',
      categoryIds: ['abstract'],
      active: false,
    },
    'POST /api/admin/sets': { title: 'Pair', artworkIds: known.artworkIds.slice(0, 2), percentOff: 10 },
    'PUT /api/admin/sets/:id': { title: 'Pair again', artworkIds: known.artworkIds.slice(0, 2), price: 1 },
    'PUT /api/account/cart': { lines: [{ kind: 'artwork', id: first, licence: 'personal', quantity: 2 }] },
    'PUT /api/account/favorites': { favorites: [first] },
    'POST /api/account/cart/merge': {
      lines: [{ kind: 'artwork', id: first, licence: 'personal', quantity: 1, amountCents: null }],
      favorites: [first],
    },
    'POST /api/admin/broadcasts': { subject: 'News', bodyMarkdown: 'Hello **all**', artworkIds: [] },
    'PUT /api/admin/broadcasts/:id': { subject: 'News again', bodyMarkdown: '# Hi', artworkIds: [] },
    'POST /api/admin/broadcasts/:id/send': { ratePerMinute: 60 },
    'POST /api/auth/sign-up': { email: 'new@hostile.test', password: 'a long enough password' },
    'POST /api/auth/sign-in': { email: CUSTOMER_EMAIL, password: 'wrong password' },
    'POST /api/auth/confirm': { token: 'a'.repeat(43) },
    'POST /api/auth/resend-confirmation': { email: CUSTOMER_EMAIL },
    'POST /api/auth/forgot-password': { email: CUSTOMER_EMAIL },
    'POST /api/auth/reset-password': { token: 'a'.repeat(43), password: 'a long enough password' },
    // Wrong passwords: the account stays as it is, whatever the run sends after.
    'POST /api/account/email': { newEmail: 'moved@hostile.test', password: 'wrong password' },
    'POST /api/account/email/confirm': { token: 'a'.repeat(43) },
    'POST /api/account/password': { currentPassword: 'wrong password', newPassword: 'a long enough password' },
    'POST /api/account/delete': { password: 'wrong password' },
    'POST /api/account/sign-out-others': {},
    'POST /api/contact': { name: 'Ada', email: 'ada@hostile.test', subject: 'Hello', message: 'A question.' },
    'POST /api/mailing-list/subscribe': { email: 'ada@hostile.test', kinds: ['news', 'new-art'] },
    'POST /api/mailing-list/confirm': { token: 'a'.repeat(43) },
    'POST /api/mailing-list/unsubscribe': { 'List-Unsubscribe': 'One-Click' },
    'POST /api/admin/mailing-list/import': {
      csv: 'email,kinds,consented_at,evidence\nada@hostile.test,news,2025-01-01,Paper form\n',
    },
    'POST /api/create-payment-intent': {
      items: [{ id: first, title: 'x', price: 0, quantity: 1, licence: 'personal' }],
      email: CUSTOMER_EMAIL,
      firstName: 'Ada',
      lastName: 'B',
    },
    'POST /api/orders/confirm': { paymentIntentId: known.paymentIntentId },
    'POST /api/orders/free': {
      items: [{ id: first, title: 'x', price: 0, quantity: 1, licence: 'personal' }],
      email: CUSTOMER_EMAIL,
      firstName: 'Ada',
      lastName: 'B',
    },
    'PUT /api/admin/licence-terms/:licence': { summary: 'Words.', allowed: ['Hang it'], notAllowed: ['Resell it'] },
    'POST /api/downloads/:itemId': { format: 'png' },
    'POST /api/guest-orders/:token/downloads/:itemId': { format: 'png' },
    'POST /api/guest-orders/links': { email: CUSTOMER_EMAIL },
    'PUT /api/my-reviews/:artworkId': { rating: 4, text: 'Lovely print.', name: 'Ada B', nameShown: 'first-name' },
    'PUT /api/guest-orders/:token/reviews/:artworkId': {
      rating: 5,
      title: 'Crisp',
      text: 'Printed at A2.',
      name: 'Ada B',
      nameShown: 'initials',
    },
    'POST /api/admin/reviews/:id/moderation': { action: 'hide', reason: 'Off-topic' },
    'PUT /api/admin/reviews/:id/answer': { answer: 'Thank you!' },
    'POST /api/admin/orders/:orderNumber/guest-link': { action: 'reissue' },
    'POST /api/payments/test/confirm': {
      clientSecret: known.clientSecret,
      card: { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada' },
      billing: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US', email: CUSTOMER_EMAIL },
    },
    'POST /api/payments/test/authenticate': { clientSecret: known.clientSecret, approve: true },
    'POST /api/webhooks/stripe': {
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      data: { object: { id: known.paymentIntentId } },
    },
  };
  return samples[routeKey(route)];
}

/** The keys of a route's query-string schema (a zod object), so that generated query strings use them. */
function queryKeysOf(route: CapturedRoute): string[] {
  const shape = (route.schema?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
  // The signed download links are checked by a hook, not a schema: their keys are named here.
  if (route.url.includes('*')) return ['name', 'type', 'expires', 'sig'];
  return shape ? Object.keys(shape) : [];
}

it('fuzzes every route the app registers, but for the ones named with a reason', () => {
  const keys = ALL_ROUTES.map(routeKey);
  expect(keys.length).toBeGreaterThan(30);
  for (const excluded of Object.keys(EXCLUDED)) expect(keys, `stale exclusion ${excluded}`).toContain(excluded);
  expect(FUZZED.length + Object.keys(EXCLUDED).length).toBe(keys.length);
});

describe.each(TEST_ENGINES)('hostile input at every route on %s', (engine) => {
  let store: StoreUnderAttack;

  beforeAll(async () => {
    store = await buildStoreUnderAttack(engine);
  }, 60_000);
  afterAll(async () => {
    if (process.env.HOSTILE_TALLY) {
      for (const [key, statuses] of tally) console.log(key, Object.fromEntries(statuses));
    }
    await store?.close();
  });

  it.each(FUZZED.map((route) => [routeKey(route), route] as const))(
    '%s: never a 5xx; a refusal changes nothing',
    async (_key, route) => {
      const registered = store.routes.find((r) => routeKey(r) === routeKey(route));
      expect(registered, 'the app under test has the route the probe found').toBeDefined();
      const arb = fc.array(
        hostileRequestArb({
          route,
          known: store.known,
          cookieOf: (role) => store.cookieOf(role),
          sample: sampleBody(route, store.known),
          queryKeys: queryKeysOf(route),
        }),
        { minLength: 1, maxLength: 4 },
      );
      await fc.assert(
        fc.asyncProperty(arb, async (requests) => {
          await store.keepSignedIn();
          await store.keepCatalogue();
          // The cookies may have been renewed above: each request takes the role's cookie of now.
          for (const { role, options } of requests) {
            const headers = { ...options.headers };
            if (role !== 'visitor') headers.cookie = store.cookieOf(role);
            const before = await store.snapshot();
            const answer = await store.app.inject({ ...options, headers });
            const said = `${options.method} ${options.url} as ${role} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
            count(`${engine} ${routeKey(route)} ${role}`, answer.statusCode);
            if (!declared5xx(route).includes(answer.statusCode)) expect(answer.statusCode, said).toBeLessThan(500);
            if (answer.statusCode >= 400)
              expect(await store.snapshot(), `a refused request changed the store: ${said}`).toBe(before);
          }
          const health = await store.app.inject({ method: 'GET', url: '/api/health' });
          expect(health.statusCode, 'the store still answers').toBe(200);
        }),
        { numRuns, seed, endOnFailure: false },
      );
    },
    120_000,
  );
});
