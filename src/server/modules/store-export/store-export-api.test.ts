import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { readZip } from '#test-support/read-zip.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';

const URLS = ['/api/admin/export/products.csv', '/api/admin/export/store-size', '/api/admin/export/store.zip'];

describe.each(TEST_ENGINES)('the owner’s exports on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let buyer: string;
  let ids: number[];
  let hasSku = false;

  beforeAll(async () => {
    t = await createTestApp(engine, { PUBLIC_URL: 'https://prints.example.test' });
    owner = await signedInCookie(t.app, t.db, 'owner@export.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@export.test', 'customer');
    ids = await insertTestArtworks(t.db, [
      { title: 'Fjord, "Blue" Hour', description: 'Two lines,\nwith a comma.', tags: ['nordic', 'sea'], price: 12.5 },
      { title: 'Quiet Draft', price: 8 },
    ]);
    await t.db
      .updateTable('artworks')
      .set({
        preview_url: '/files/previews/fjord.webp',
        media: JSON.stringify([
          { type: 'image', url: '/files/media/fjord-detail.webp' },
          { type: 'video', url: '/files/media/fjord.mp4' },
        ]),
        original_price_cents: 2000,
      })
      .where('id', '=', ids[0]!)
      .execute();
    // The seller's SKU column comes with a later migration on some branches of the schema: set where it exists.
    const columns = await t.db.selectFrom('artworks').selectAll().executeTakeFirstOrThrow();
    hasSku = 'sku' in columns;
    if (hasSku) await t.db.updateTable('artworks').set({ sku: 'FJ-001' }).where('id', '=', ids[0]!).execute();
    await t.db.updateTable('artworks').set({ status: 'draft' }).where('id', '=', ids[1]!).execute();
  });
  afterAll(() => t?.close());

  const get = (url: string, cookie = owner) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('is the owner’s only: 401 signed out, 403 for a buyer', async () => {
    for (const url of URLS) {
      expect((await get(url, '')).statusCode, url).toBe(401);
      expect((await get(url, buyer)).statusCode, url).toBe(403);
    }
  });

  it('writes Shopify’s products CSV: a row a product, continuation rows for more pictures, drafts as drafts', async () => {
    const response = await get('/api/admin/export/products.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse<Record<string, string>>(response.body, { columns: true });
    const fjord = rows.filter((row) => row['URL handle'] === `fjord-blue-hour-${ids[0]}`);
    expect(fjord).toHaveLength(2);
    expect(fjord[0]).toMatchObject({
      Title: 'Fjord, "Blue" Hour',
      Description: 'Two lines,\nwith a comma.',
      Tags: 'nordic, sea',
      SKU: hasSku ? 'FJ-001' : '',
      Price: '12.50',
      'Compare-at price': '20.00',
      Status: 'active',
      'Published on online store': 'TRUE',
      'Requires shipping': 'FALSE',
      'Product image URL': 'https://prints.example.test/files/previews/fjord.webp',
      'Image position': '1',
    });
    // The continuation row: the handle and the picture only; the video stays home.
    expect(fjord[1]).toMatchObject({
      Title: '',
      Price: '',
      'Product image URL': 'https://prints.example.test/files/media/fjord-detail.webp',
      'Image position': '2',
    });
    const draft = rows.find((row) => row['URL handle'] === `quiet-draft-${ids[1]}`);
    expect(draft).toMatchObject({
      Title: 'Quiet Draft',
      Status: 'draft',
      'Published on online store': 'FALSE',
      Price: '8.00',
    });
  });

  it('sends the whole store as a ZIP of the size it told, without sessions or the signing secret', async () => {
    const size = await get('/api/admin/export/store-size');
    expect(size.statusCode).toBe(200);
    const told = size.json<{ bytes: number; tables: number; rows: number; files: number; migration: string }>();
    expect(told.migration).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-/);

    const response = await get('/api/admin/export/store.zip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(Number(response.headers['content-length'])).toBe(told.bytes);
    expect(response.rawPayload.length).toBe(told.bytes);

    const entries = await readZip(response.rawPayload);
    const names = entries.map((entry) => entry.name);
    expect(names[0]).toBe('manifest.json');
    expect(entries.every((entry) => entry.compressionMethod === 0)).toBe(true);
    expect(names).toEqual(
      expect.arrayContaining(['tables/artworks.jsonl', 'tables/users.jsonl', 'tables/orders.jsonl']),
    );
    expect(names).not.toContain('tables/sessions.jsonl');
    expect(names).not.toContain('tables/email_tokens.jsonl');
    expect(names.filter((name) => name.startsWith('tables/'))).toHaveLength(told.tables);

    const lines = (name: string) =>
      entries
        .find((entry) => entry.name === name)!
        .bytes.toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const users = lines('tables/users.jsonl');
    expect(users.map((user) => user.email).sort()).toEqual(['buyer@export.test', 'owner@export.test']);
    expect(String(users[0]!.password_hash)).toMatch(/^scrypt/);
    expect(lines('tables/artworks.jsonl').map((artwork) => artwork.title)).toEqual([
      'Fjord, "Blue" Hour',
      'Quiet Draft',
    ]);
    // The app made its signing secret at its first signed link or start; whether or not, it never leaves.
    const meta = lines('tables/app_meta.jsonl').map((row) => row.key);
    expect(meta).not.toContain('download-signing-secret');
    expect(response.rawPayload.includes(Buffer.from('download-signing-secret'))).toBe(false);
  });
});
