import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import {
  BROKEN_ETSY_ROWS,
  EURO_ETSY_ROWS,
  etsyListingsCsv,
  shopifyProductsCsv,
} from '#test-support/import-fixtures.ts';
import { startPictureServer, type PictureServer } from '#test-support/picture-server.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

describe.each(TEST_ENGINES)('catalogue import API on %s', (engine) => {
  let t: TestApp;
  let pictures: PictureServer;
  let owner: string;
  let customer: string;

  beforeAll(async () => {
    pictures = await startPictureServer();
    // Packs and room mockups the new pictures queue are not this test's: they are only queued here.
    t = await createTestApp(
      engine,
      { IMPORT_FETCH_ALLOW_HOSTS: 'localhost' },
      { printPacks: { enabled: false }, pictureFactsBackfill: false },
    );
    await t.app.ready();
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    customer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
  });
  afterAll(async () => {
    await t.close();
    await pictures.close();
  });

  const upload = (name: string, csv: string, cookie = owner) => {
    const body = multipart([{ name, content: Buffer.from(csv), contentType: 'text/csv' }], 'file');
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const confirm = (id: number, rates: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${id}/confirm`,
      payload: { rates },
      headers: { cookie: owner },
    });
  const progress = async (id: number) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}/progress`, headers: { cookie: owner } })
    ).json();

  async function picturesSettled(id: number) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const now = await progress(id);
      if (now.pictures.waiting === 0) return now;
      if (Date.now() > deadline) throw new Error(`pictures still waiting: ${JSON.stringify(now.pictures)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('is the owner’s only', async () => {
    expect((await upload('a.csv', 'x', '')).statusCode).toBe(401);
    expect((await upload('a.csv', 'x', customer)).statusCode).toBe(403);
  });

  it('refuses a file that is no import with a 400 naming the file', async () => {
    const response = await upload('people.csv', 'name,email\nAda,ada@example.com\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().details.file[0]).toContain('neither an Etsy listings CSV');
  });

  it('refuses a multipart form it cannot read with a 400 naming the file', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      payload: '',
      headers: { 'content-type': 'multipart/form-data', cookie: owner },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.file).toEqual(['unreadable']);
  });

  it('imports an Etsy CSV: shows the broken rows, makes drafts with pictures, and nothing twice', async () => {
    const csv = etsyListingsCsv(pictures.origin, 30);
    const preview = await upload('EtsyListingsDownload.csv', csv);
    expect(preview.statusCode).toBe(201);
    const understood = preview.json();
    const broken = BROKEN_ETSY_ROWS.filter((b) => b.row <= 31);
    expect(understood.source).toBe('etsy');
    expect(understood.listings).toHaveLength(30 - broken.length);
    expect(understood.refused.map((r: { row: number }) => r.row)).toEqual(broken.map((b) => b.row));
    expect(understood.foreignCurrencies).toEqual(['EUR']);
    expect(understood.listings.every((l: { alreadyImported: boolean }) => !l.alreadyImported)).toBe(true);
    // Nothing is made before the owner confirms.
    expect(await t.db.selectFrom('artworks').select('id').execute()).toHaveLength(0);

    // Without a rate the euro rows are refused, named; the rest become drafts.
    const confirmed = await confirm(understood.id);
    expect(confirmed.statusCode).toBe(200);
    const { outcome } = confirmed.json();
    expect(outcome).toMatchObject({ created: 30 - broken.length - 2, matched: 0, alreadyImported: 0 });
    expect(outcome.refused.map((r: { row: number; field: string }) => [r.row, r.field])).toEqual(
      EURO_ETSY_ROWS.map((row) => [row, 'CURRENCY_CODE']),
    );
    expect(outcome.refused[0].reason).toBe('priced in EUR, not USD, and no conversion rate was given');

    const drafts = await t.db.selectFrom('artworks').selectAll().orderBy('id').execute();
    expect(drafts).toHaveLength(outcome.created);
    expect(drafts.every((d) => d.status === 'draft')).toBe(true);
    const first = drafts[0]!;
    expect(first).toMatchObject({ title: 'Mountain Dawn Print No. 1', price_cents: 600, sku: null });
    expect(drafts.find((d) => d.title === 'Botanical Fern Print No. 8')).toMatchObject({ price_cents: 650 });

    const settled = await picturesSettled(understood.id);
    expect(settled.pictures).toMatchObject({ total: outcome.created, done: outcome.created, failed: 0 });
    const withPictures = await t.db.selectFrom('artworks').select(['image_url', 'images', 'media']).execute();
    expect(withPictures.every((a) => a.image_url !== null && JSON.parse(a.images).length > 0)).toBe(true);
    // Row 11 had two pictures: the second is its media.
    const tenth = await t.db
      .selectFrom('artworks')
      .select('media')
      .where('title', '=', 'City Night Print No. 10')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(tenth.media)).toHaveLength(1);

    // The same file again: everything is known, nothing is made or fetched again.
    const fetched = pictures.requests.length;
    const again = (await upload('EtsyListingsDownload.csv', csv)).json();
    expect(
      again.listings.every(
        (l: { alreadyImported: boolean; currency: string }) => l.alreadyImported === (l.currency !== 'EUR'),
      ),
    ).toBe(true);
    const secondOutcome = (await confirm(again.id, { EUR: 1.085 })).json().outcome;
    expect(secondOutcome).toMatchObject({ created: 2, alreadyImported: outcome.created, refused: [] });
    const euro = await t.db
      .selectFrom('artworks')
      .select('price_cents')
      .where('title', '=', 'Desert Bloom Print No. 11')
      .executeTakeFirstOrThrow();
    // 9.00 EUR at 1.085 = 9.765 USD, a half cent rounded up.
    expect(euro.price_cents).toBe(977);
    await picturesSettled(again.id);
    expect(pictures.requests.length - fetched).toBe(2);
    expect(await t.db.selectFrom('artworks').select('id').execute()).toHaveLength(outcome.created + 2);
  });

  /** A draft as a bulk upload leaves it: titled after its master's file, without a SKU. */
  async function waitingDraft(fileName: string): Promise<number> {
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto('artworks')
      .values({
        title: fileName,
        artist: 'Studio',
        price_cents: 590,
        original_price_cents: null,
        description: 'x',
        category: 'minimalist',
        tags: '[]',
        search_text: fileName.toLowerCase(),
        image_url: null,
        preview_url: null,
        high_res_image_url: null,
        images: '[]',
        media: '[]',
        dimensions: '',
        format: 'PNG',
        is_new_arrival: 0,
        is_featured: 0,
        google_drive_link: null,
        status: 'draft',
        master_file_name: fileName,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  it('fills in the drafts waiting for their listings, by SKU or by name, and reports pictures it could not fetch', async () => {
    // Drafts from a bulk upload: one master named after the SKU, one after the title of a listing without a SKU.
    const waiting = await waitingDraft('SUN-HILLS.tif');
    const inkDraft = await waitingDraft('ink_botanical (1).png');
    const csv = shopifyProductsCsv(pictures.origin, 'new').replace(
      `${pictures.origin}/pictures/ink.jpg`,
      `${pictures.origin}/redirect?to=${encodeURIComponent(`https://127.0.0.1:${pictures.port}/pictures/ink.jpg`)}`,
    );
    const understood = (await upload('products_export.csv', csv)).json();
    expect(understood.source).toBe('shopify');
    expect(understood.refused).toEqual([expect.objectContaining({ row: 7, field: 'Price' })]);
    const { outcome } = (await confirm(understood.id)).json();
    expect(outcome).toMatchObject({ created: 0, matched: 2, alreadyImported: 0 });
    const ink = await t.db.selectFrom('artworks').selectAll().where('id', '=', inkDraft).executeTakeFirstOrThrow();
    expect(ink).toMatchObject({ title: 'Ink Botanical', price_cents: 950, sku: null });
    const matched = await t.db.selectFrom('artworks').selectAll().where('id', '=', waiting).executeTakeFirstOrThrow();
    expect(matched).toMatchObject({ title: 'Sunset Over Hills', sku: 'SUN-HILLS', price_cents: 1400, status: 'draft' });
    expect(matched.description).toBe('A warm landscape print.\n\nShop now');

    const settled = await picturesSettled(understood.id);
    expect(settled.pictures).toMatchObject({ total: 2, done: 1, failed: 1 });
    expect(settled.pictureProblems).toEqual([
      expect.objectContaining({ row: 6, reason: expect.stringContaining('127.0.0.1 is a loopback address') }),
    ]);
    const sunset = await t.db
      .selectFrom('artworks')
      .select(['image_url', 'media'])
      .where('id', '=', waiting)
      .executeTakeFirstOrThrow();
    expect(sunset.image_url).not.toBeNull();
    expect(JSON.parse(sunset.media)).toHaveLength(2);
  });

  it('keeps a first picture large enough to print as the master, and a smaller one as the picture only', async () => {
    const csv = [
      'Handle,Title,Variant Price,Image Src,Image Position',
      `large-harbour,Large Harbour,12.00,${pictures.origin}/pictures/harbour.jpg?w=1600&h=2000,1`,
      `small-harbour,Small Harbour,12.00,${pictures.origin}/pictures/small.jpg?w=1000&h=1250,1`,
    ].join('\n');
    const understood = (await upload('harbours.csv', csv)).json();
    expect((await confirm(understood.id)).json().outcome).toMatchObject({ created: 2 });
    expect((await picturesSettled(understood.id)).pictures).toMatchObject({ total: 2, done: 2 });
    const made = await t.db
      .selectFrom('artworks')
      .select(['title', 'image_url', 'private_file_key', 'master_width', 'master_height'])
      .where('title', 'in', ['Large Harbour', 'Small Harbour'])
      .orderBy('title')
      .execute();
    expect(made).toEqual([
      expect.objectContaining({ title: 'Large Harbour', private_file_key: expect.any(String), master_width: 1600 }),
      expect.objectContaining({ title: 'Small Harbour', private_file_key: null, image_url: expect.any(String) }),
    ]);
    // The master is the fetched picture itself, whole, in the private folder.
    const master = await sharp(fs.readFileSync(path.join(t.dataDir, 'private', made[0]!.private_file_key!))).metadata();
    expect(master).toMatchObject({ width: 1600, height: 2000, format: 'jpeg' });
  });

  it('answers 404 for an unknown import and 400 for a bad rate', async () => {
    expect((await confirm(999_999)).statusCode).toBe(404);
    const response = await confirm(1, { EUR: -1 });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('A conversion rate must be more than 0');
  });
});
