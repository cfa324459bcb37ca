import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { EventBus } from '../../../events/event-bus';
import { syncArtworksFacets } from '../facets/sync-artwork-facets';
import { publishRows } from './release-repository';
import { createReleaseRunner, holdArtworks } from './release-service';

// Drafts and scheduled artworks reach no visitor-facing answer; scheduled ones go live once, on whichever
// instance's runner gets there first; "newest" is the order of publication.

const quiet = { warn: () => undefined, error: () => undefined };

describe.each(TEST_ENGINES)('drafts and scheduled releases on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let customer: string;
  // Made first, as a draft: the lowest id, then published after the others, so the newest by publication.
  let lateDraft: number | undefined;
  let published: number[];
  let draft: number | undefined;
  let scheduled: number | undefined;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { pictureFactsBackfill: false });
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    customer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    const harbour = (title: string, extra: object = {}) => ({ title, category: 'nature' as const, ...extra });
    const [dawn] = await insertTestArtworks(t.db, [harbour('Harbour Dawn')]);
    lateDraft = dawn!;
    await holdArtworks({ db: t.db }, [lateDraft], { status: 'draft' });
    published = await insertTestArtworks(t.db, [
      harbour('Harbour Light', { isFeatured: true, isNewArrival: true, price: 4 }),
      harbour('Harbour Fog', { price: 6 }),
    ]);
    const [secret, tomorrow] = await insertTestArtworks(t.db, [
      harbour('Harbour Secret', { isFeatured: true, isNewArrival: true, price: 1 }),
      harbour('Harbour Tomorrow', { isFeatured: true, isNewArrival: true, price: 2 }),
    ]);
    draft = secret!;
    scheduled = tomorrow!;
    await holdArtworks({ db: t.db }, [draft], { status: 'draft' });
    await holdArtworks({ db: t.db }, [scheduled], {
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000),
    });
    // Every one of them portrait, so the facet filter's own fast path lists them all.
    const all = [lateDraft, ...published, draft, scheduled];
    await t.db.updateTable('artworks').set({ orientation: 'portrait' }).where('id', 'in', all).execute();
    await syncArtworksFacets(t.db, all);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const listed = async (query: string) => {
    const response = await get(`/api/artworks?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ items: Array<{ id: number }>; total: number }>();
    return { ids: page.items.map((item) => item.id), total: page.total };
  };
  const hidden = () => [lateDraft!, draft!, scheduled!];

  // Each query takes one of the shop's paths: the general one, SQLite's trigram index, its vocabulary (two
  // letters) and its scan (one), PostgreSQL's text table, the facets' own table, and those combined.
  const VISITOR_LISTS = [
    'sort=newest',
    'sort=oldest',
    'sort=price-low',
    'sort=popular',
    'q=harbour',
    'q=ha',
    'q=h',
    'orientation=portrait',
    'orientation=portrait&sort=oldest',
    'q=harbour&orientation=portrait',
    'category=nature',
    'filter=featured',
    'filter=new',
    'minPrice=0&maxPrice=5',
  ];

  it.each(VISITOR_LISTS)('lists no draft nor scheduled artwork in the shop: %s', async (query) => {
    const { ids, total } = await listed(query);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of hidden()) expect(ids).not.toContain(id);
    expect(ids.every((id) => published.includes(id))).toBe(true);
    expect(total).toBe(ids.length);
  });

  it('counts published artworks only in the categories, and follows a status change', async () => {
    const nature = async () => {
      const response = await get('/api/categories');
      const items = response.json<{ items: Array<{ id: string; artworkCount: number; featuredCount: number }> }>();
      return items.items.find((item) => item.id === 'nature')!;
    };
    expect(await nature()).toMatchObject({ artworkCount: 2, featuredCount: 1 });
    await holdArtworks({ db: t.db }, [published[0]!], { status: 'draft' });
    expect(await nature()).toMatchObject({ artworkCount: 1, featuredCount: 0 });
    await t.db.updateTable('artworks').set({ status: 'published' }).where('id', '=', published[0]!).execute();
    expect(await nature()).toMatchObject({ artworkCount: 2, featuredCount: 1 });
  });

  it("answers 404 for a draft's or a scheduled artwork's page, and leaves them out of related works", async () => {
    for (const id of hidden()) expect((await get(`/api/artworks/${id}`)).statusCode).toBe(404);
    const detail = await get(`/api/artworks/${published[0]}`);
    expect(detail.statusCode).toBe(200);
    const related = detail.json<{ relatedArtworks: Array<{ id: number }> }>().relatedArtworks.map((a) => a.id);
    expect(related).toEqual([published[1]]);
  });

  it('leaves drafts and scheduled artworks out of the sitemap', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    for (const id of published) expect(sitemap).toContain(`/artwork/${id}</loc>`);
    for (const id of hidden()) expect(sitemap).not.toContain(`/artwork/${id}</loc>`);
  });

  it('refuses to quote a draft for checkout, naming the item', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: {
        items: [
          { id: published[0], quantity: 1 },
          { id: draft, quantity: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ details: Record<string, unknown> }>().details)).toContain('items.1.id');
  });

  it("shows a draft's page to the signed-in owner only, through the preview", async () => {
    const preview = await get(`/api/admin/artworks/${draft}/preview`, owner);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<{ title: string }>().title).toBe('Harbour Secret');
    expect((await get(`/api/admin/artworks/${draft}/preview`, customer)).statusCode).toBe(403);
    expect((await get(`/api/admin/artworks/${draft}/preview`)).statusCode).toBe(401);
  });

  it('lists every artwork to the owner with its release, narrowed by status', async () => {
    const list = async (query: string) =>
      (await get(`/api/admin/artworks${query}`, owner)).json<{
        items: Array<{ id: number; release: { status: string; publishAt: string | null } }>;
      }>().items;
    expect((await list('')).map((a) => a.id).sort()).toEqual([lateDraft, ...published, draft, scheduled].sort());
    expect((await list('?status=draft')).map((a) => a.id).sort()).toEqual([lateDraft, draft].sort());
    const [pending] = await list('?status=scheduled');
    expect(pending).toMatchObject({ id: scheduled, release: { status: 'scheduled' } });
    expect(pending!.release.publishAt).not.toBeNull();
    expect((await get('/api/admin/artworks?status=gone', owner)).statusCode).toBe(400);
  });

  it('refuses a schedule in the past, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/artworks/release',
      headers: { cookie: owner },
      payload: { ids: [draft], release: { status: 'scheduled', publishAt: '2020-01-01T00:00:00Z' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: Record<string, unknown> }>().details).toHaveProperty(['release.publishAt']);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/artworks/release',
      headers: { cookie: owner },
      payload: { ids: [draft], release: { status: 'scheduled', publishAt: 'tomorrow' } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('publishAt');
  });

  it('orders "newest" by publication: a draft published now comes first, on every path', async () => {
    const publish = await t.app.inject({
      method: 'POST',
      url: '/api/admin/artworks/release',
      headers: { cookie: owner },
      payload: { ids: [lateDraft], release: { status: 'published' } },
    });
    expect(publish.statusCode, publish.body).toBe(200);
    const newestFirst = [lateDraft, published[1], published[0]];
    for (const query of ['sort=newest', 'q=harbour', 'orientation=portrait', 'q=harbour&orientation=portrait'])
      expect((await listed(query)).ids, query).toEqual(newestFirst);
    expect((await listed('sort=oldest')).ids).toEqual([...newestFirst].reverse());
    expect((await listed('orientation=portrait&sort=oldest')).ids).toEqual([...newestFirst].reverse());
    // Its page is there now, and the owner still sees "New Arrival" as their own flag (unset here).
    const detail = await get(`/api/artworks/${lateDraft}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ isNewArrival: boolean }>().isNewArrival).toBe(false);
  });

  it('publishes a scheduled artwork once its time has come, once, when two instances run at once', async () => {
    const [due] = await insertTestArtworks(t.db, [{ title: 'Harbour Noon', category: 'nature' }]);
    // Scheduled a second ahead of a clock set back: due now, as if its time had just come.
    await holdArtworks({ db: t.db }, [due!], { status: 'scheduled', publishAt: new Date(Date.now() - 1) }, new Date(0));
    expect((await get(`/api/artworks/${due}`)).statusCode).toBe(404);

    const told: number[][] = [];
    const instance = () => {
      const events = new EventBus({ db: t.db, log: quiet });
      events.onInTransaction('artwork.published', async (_trx, event) => {
        told.push(event.artworkIds);
      });
      return createReleaseRunner({ db: t.db, events, log: quiet });
    };
    const jobs = await t.db.selectFrom('artwork_releases').select('id').where('artwork_id', '=', due!).execute();
    expect(jobs).toHaveLength(1);
    const ids = jobs.map((job) => job.id);
    await Promise.all([instance().runNow(ids, 60_000), instance().runNow(ids, 60_000)]);

    expect(told).toEqual([[due]]);
    expect((await get(`/api/artworks/${due}`)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('artworks')
      .select(['status', 'published_at', 'publish_at'])
      .where('id', '=', due!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('published');
    expect(row.publish_at).toBeNull();
    expect(row.published_at).not.toBeNull();
    expect((await listed('sort=newest')).ids[0]).toBe(due);
  });

  it('publishes a scheduled artwork not before its time, and once when two instances try together', async () => {
    const now = new Date();
    expect(await publishRows(t.db, [scheduled!], now, { dueOnly: true })).toEqual([]);
    expect((await get(`/api/artworks/${scheduled}`)).statusCode).toBe(404);

    const later = new Date(now.getTime() + 2 * 3_600_000);
    const [a, b] = await Promise.all([
      publishRows(t.db, [scheduled!], later, { dueOnly: true }),
      publishRows(t.db, [scheduled!], later, { dueOnly: true }),
    ]);
    expect([...a, ...b]).toEqual([scheduled]);
    expect((await get(`/api/artworks/${scheduled}`)).statusCode).toBe(200);
  });
});
