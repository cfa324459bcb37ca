import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayOf } from '#shared/analytics/funnel.ts';
import type { FunnelReport } from '#shared/analytics/funnel-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { DailySalts } from './daily-salt';
import { BEACONS_PER_VISITOR_MINUTE, FunnelCounter } from './funnel-counter';
import { forgetDaysBefore } from './repository';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/133.0';
const silent = { warn: () => undefined };

describe.each(TEST_ENGINES)('the owner’s funnel on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;
  let published: number;
  let other: number;
  let draft: number;

  beforeAll(async () => {
    t = await createTestApp(engine, { FUNNEL_FLUSH_MS: '300000' });
    owner = await signedInCookie(t.app, t.db, 'owner@funnel.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@funnel.test', 'customer');
    [published, other, draft] = (await insertTestArtworks(t.db, [
      { title: 'Counted Dunes', price: 12.5 },
      { title: 'Quiet Harbour', price: 8 },
      { title: 'Unreleased Draft', price: 20 },
    ])) as [number, number, number];
    await t.db.updateTable('artworks').set({ status: 'draft', published_at: null }).where('id', '=', draft).execute();
  });
  afterAll(() => t.close());

  const beacon = (payload: object, options: { address?: string; userAgent?: string | null; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/funnel/beacon',
      payload,
      remoteAddress: options.address ?? '203.0.113.7',
      headers: {
        // light-my-request names itself when no User-Agent is given: an empty one is a request without a browser.
        'user-agent': options.userAgent === null ? '' : (options.userAgent ?? BROWSER),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    });
  const report = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/funnel${query}`,
      headers: { cookie: owner },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FunnelReport>();
  };

  it.each([
    ['artworkId', { event: 'view' }],
    ['artworkId', { artworkId: -3, event: 'view' }],
    ['artworkId', { artworkId: 1.5, event: 'view' }],
    ['artworkId', { artworkId: '7', event: 'view' }],
    ['event', { artworkId: 1, event: 'purchase' }],
    ['referrer', { artworkId: 1, event: 'view', referrer: `https://example.com/${'x'.repeat(2100)}` }],
  ])('refuses a beacon with a bad %s: 400 naming it, nothing counted', async (field, payload) => {
    const response = await beacon(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ details: object }>().details)).toEqual([field]);
  });

  it('refuses a beacon with a field it does not know', async () => {
    const response = await beacon({ artworkId: published, event: 'view', ip: '1.2.3.4' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain('ip');
  });

  it('counts views, distinct visitors, referrer domains, carts, checkouts and the sale, and nothing else', async () => {
    const before = await report();
    expect(before.totals.views).toBe(0);

    // Visitor A lands from a Pinterest pin, then browses in the app (its own pages are not a referrer).
    const landed = await beacon({
      artworkId: published,
      event: 'view',
      referrer: 'https://www.pinterest.com/pin/42?q=me',
    });
    expect(landed.statusCode).toBe(204);
    expect(landed.headers['set-cookie']).toBeUndefined();
    expect(landed.body).toBe('');
    await beacon({ artworkId: published, event: 'view', referrer: 'http://localhost:3000/shop' });
    await beacon({ artworkId: published, event: 'view' });
    await beacon({ artworkId: other, event: 'view', referrer: 'android-app://com.pinterest/' });
    await beacon({ artworkId: published, event: 'cart' });
    await beacon({ artworkId: published, event: 'checkout' });
    // Visitor B: another address and browser.
    await beacon(
      { artworkId: published, event: 'view', referrer: 'https://l.instagram.com/?u=x' },
      {
        address: '198.51.100.9',
        userAgent: OTHER_BROWSER,
      },
    );
    // Not counted: a draft, an unknown artwork, a crawler, a request without a browser, the owner browsing.
    for (const ignored of [
      beacon({ artworkId: draft, event: 'view' }),
      beacon({ artworkId: 999_999, event: 'view' }),
      beacon({ artworkId: published, event: 'view' }, { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }),
      beacon({ artworkId: published, event: 'view' }, { userAgent: null }),
      beacon({ artworkId: published, event: 'view' }, { cookie: owner }),
    ])
      expect((await ignored).statusCode).toBe(204);

    await buyWithTestCard(t, buyer, { items: [{ id: published, quantity: 1 }], email: 'buyer@funnel.test' });

    const after = await report();
    const today = dayOf(new Date());
    const row = after.artworks.find((artwork) => artwork.artworkId === published);
    expect(row).toEqual({
      artworkId: published,
      title: 'Counted Dunes',
      views: 4,
      visitors: 2,
      carts: 1,
      checkouts: 1,
      sales: 1,
      revenueCents: 1250,
      conversion: 0.25,
    });
    expect(after.artworks.find((artwork) => artwork.artworkId === other)).toMatchObject({ views: 1, sales: 0 });
    expect(after.artworks.map((artwork) => artwork.artworkId)).not.toContain(draft);
    expect(after.artworks.map((artwork) => artwork.artworkId)).not.toContain(999_999);
    expect(after.referrers).toEqual([
      { domain: 'l.instagram.com', views: 1 },
      { domain: 'pinterest.com', views: 1 },
    ]);
    expect(after.days.at(-1)).toMatchObject({
      day: today,
      views: 5,
      visitors: 3,
      carts: 1,
      sales: 1,
      revenueCents: 1250,
    });
    expect(after.totals).toMatchObject({
      views: 5,
      carts: 1,
      checkouts: 1,
      sales: 1,
      revenueCents: 1250,
      conversion: 0.2,
    });
    expect(after.days).toHaveLength(30);
    expect(after.days.slice(0, -1).every((day) => day.views === 0 && day.conversion === null)).toBe(true);

    // The same payment told again (the webhook after the confirmation) is not a second sale.
    const again = await report();
    expect(again.totals.sales).toBe(1);

    // Nothing stored names an address: only the day's hashes, which do not contain it.
    const visitors = await t.db.selectFrom('funnel_visitors').selectAll().execute();
    expect(visitors.length).toBe(3);
    for (const visitor of visitors) {
      expect(visitor.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(visitor.visitor).not.toContain('203.0.113.7');
    }
  });

  it('drops one visitor’s beacons past the minute’s limit', async () => {
    const address = '192.0.2.55';
    const sent = BEACONS_PER_VISITOR_MINUTE + 15;
    for (let i = 0; i < sent; i += 1) await beacon({ artworkId: other, event: 'view' }, { address });
    const row = (await report()).artworks.find((artwork) => artwork.artworkId === other);
    // One view from the test before, and the limit's worth from this visitor.
    expect(row?.views).toBe(1 + BEACONS_PER_VISITOR_MINUTE);
  });

  it('hashes a visitor with the day’s salt, so the next day they count again, and forgets past days’ salts and hashes', async () => {
    const salts = new DailySalts(t.db);
    const counter = new FunnelCounter(t.db, salts, silent);
    const day1 = new Date('2026-03-01T23:59:00Z');
    const day2 = new Date('2026-03-02T00:01:00Z');
    const seen = (now: Date) => ({
      event: 'view' as const,
      artworkId: other,
      referrerDomain: null,
      address: '203.0.113.80',
      userAgent: BROWSER,
      now,
    });
    await counter.record(seen(day1));
    await counter.record(seen(day1));
    await counter.record(seen(day2));
    await counter.flush();

    // A second instance reads the same salt rather than making its own.
    expect(await new DailySalts(t.db).saltFor('2026-03-01')).toBe(await salts.saltFor('2026-03-01'));
    expect(await salts.saltFor('2026-03-01')).not.toBe(await salts.saltFor('2026-03-02'));
    const hashes = await t.db
      .selectFrom('funnel_visitors')
      .select(['day', 'visitor'])
      .where('day', 'in', ['2026-03-01', '2026-03-02'])
      .orderBy('day')
      .execute();
    expect(hashes).toHaveLength(2);
    expect(hashes[0]!.visitor).not.toBe(hashes[1]!.visitor);

    const march = await report('?from=2026-03-01&to=2026-03-02');
    expect(march.days.map((day) => [day.day, day.views, day.visitors])).toEqual([
      ['2026-03-01', 2, 1],
      ['2026-03-02', 1, 1],
    ]);

    expect(await forgetDaysBefore(t.db, '2026-03-02')).toEqual({ salts: 1, visitors: 1 });
    const left = await t.db.selectFrom('funnel_salts').select('day').where('day', '<=', '2026-03-02').execute();
    expect(left.map((row) => row.day)).toEqual(['2026-03-02']);
    // The counts stay: only what could tell visitors apart is gone.
    expect((await report('?from=2026-03-01&to=2026-03-01')).totals).toMatchObject({ views: 2, visitors: 1 });
  });

  it.each([
    ['from', '?from=2026-02-30'],
    ['to', '?to=yesterday'],
    ['to', '?from=2026-03-05&to=2026-03-01'],
    ['to', `?from=2025-01-01&to=${addDays('2025-01-01', 366)}`],
  ])('refuses a bad range: 400 naming %s', async (field, query) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/funnel${query}`,
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ details: object }>().details)).toEqual([field]);
  });

  it('is the owner’s alone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/funnel' })).statusCode).toBe(401);
    const asBuyer = await t.app.inject({ method: 'GET', url: '/api/admin/funnel', headers: { cookie: buyer } });
    expect(asBuyer.statusCode).toBe(403);
  });
});
