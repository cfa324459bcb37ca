// A store exported and imported into a fresh one on the other engine, its files moved from local disk to S3: every
// artwork, file, order and document is there, invoice numbers go on, and a buyer signs in with the old password.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createAppStorages } from '../../app';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/database';
import type { Engine } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { hashPassword, insertUser } from '../../modules/users';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { uploadPreviewPicture } from '#test-support/preview-upload.ts';
import { givePrivateMaster } from '#test-support/private-master.ts';
import { startS3TestServer, type S3TestServer } from '#test-support/s3-test-server.ts';
import { TAXED_STORE, generateTaxOrders } from '#test-support/tax-orders.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { freshPostgresSchema } from '#test-support/test-database.ts';
import { ImportRefused, loadStoreArchive } from './load-archive';

const OTHER: Record<Engine, Engine> = { sqlite: 'postgres', postgres: 'sqlite' };
const PAIRS: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const BUYER = { email: 'moving.buyer@example.test', password: 'the buyer’s old password' };

/** A database with no tables at all, on its own (a new SQLite file's worth, or a new PostgreSQL schema). */
async function blankDatabase(engine: Engine): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const db = createDatabase({});
    return { db, close: () => db.destroy() };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const { schema, admin } = await freshPostgresSchema(url);
  const db = createDatabase({ databaseUrl: url, postgresSchema: schema });
  return {
    db,
    close: async () => {
      await db.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

async function allFiles(store: StorageProvider): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for await (const file of store.list!()) {
    const stream = await store.getStream(file.key);
    const hash = createHash('sha256');
    for await (const chunk of stream!) hash.update(chunk as Buffer);
    files.set(file.key, hash.digest('hex'));
  }
  return files;
}

const rowsOf = (db: Kysely<Database>) => ({
  artworks: db
    .selectFrom('artworks')
    .select(['id', 'title', 'price_cents', 'preview_url', 'private_file_key', 'status', 'tags'])
    .orderBy('id')
    .execute(),
  // Timestamps as instants: PostgreSQL answers Dates, SQLite the ISO text the store wrote.
  orders: db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'amount_cents', 'paid_at'])
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, paid_at: row.paid_at && new Date(row.paid_at).toISOString() }))),
  documents: db
    .selectFrom('tax_documents')
    .select(['id', 'kind', 'number', 'display_number', 'order_id', 'total_cents'])
    .orderBy('id')
    .execute(),
});

describe.each(PAIRS)('a store on %s exported and imported on the other engine, its files moved to S3', (from) => {
  const to = process.env.TEST_DATABASE_URL ? OTHER[from] : from;
  let source: TestApp;
  let s3: S3TestServer;
  let archive: string;
  let folder: string;
  let exportedLength: number;
  let sizeTold: number;

  beforeAll(async () => {
    source = await createTestApp(from, TAXED_STORE);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-round-trip-'));
    s3 = await startS3TestServer();
    const owner = await signedInCookie(source.app, source.db, 'owner@moving.test', 'admin');
    await insertUser(source.db, {
      email: BUYER.email,
      passwordHash: await hashPassword(BUYER.password),
      role: 'customer',
      confirmed: true,
    });
    const [withFiles, draft] = await insertTestArtworks(source.db, [
      { title: 'Harbour at Dawn', tags: ['sea', 'boats'] },
      { title: 'Unreleased Study' },
    ]);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2a6fb4' } })
      .png()
      .toBuffer();
    const preview = await uploadPreviewPicture(source.app, owner, png);
    await source.db.updateTable('artworks').set({ preview_url: preview.url }).where('id', '=', withFiles!).execute();
    await source.db.updateTable('artworks').set({ status: 'draft' }).where('id', '=', draft!).execute();
    await givePrivateMaster(source, withFiles!, 'harbour-master.png', png);
    await generateTaxOrders(source.db, source.config, {
      count: 6,
      seed: 11,
      paidIn: [{ start: new Date('2026-10-01T00:00:00Z'), end: new Date('2026-11-01T00:00:00Z') }],
      refundsUntil: new Date('2026-11-20T00:00:00Z'),
    });

    const size = await source.app.inject({
      method: 'GET',
      url: '/api/admin/export/store-size',
      headers: { cookie: owner },
    });
    expect(size.statusCode).toBe(200);
    sizeTold = size.json<{ bytes: number }>().bytes;
    const download = await source.app.inject({
      method: 'GET',
      url: '/api/admin/export/store.zip',
      headers: { cookie: owner },
    });
    expect(download.statusCode).toBe(200);
    exportedLength = Number(download.headers['content-length']);
    archive = path.join(folder, 'store.zip');
    fs.writeFileSync(archive, download.rawPayload);
  });

  afterAll(async () => {
    await source?.close();
    await s3?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('tells the exact size before the download, and sends that many bytes', () => {
    expect(exportedLength).toBeGreaterThan(1000);
    expect(fs.statSync(archive).size).toBe(exportedLength);
    expect(sizeTold).toBe(exportedLength);
  });

  it(`loads into an empty store on ${to} and S3 with every row, file, password and invoice number`, async () => {
    const target = await blankDatabase(to);
    const dataDir = fs.mkdtempSync(path.join(folder, 'target-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...TAXED_STORE,
      ...s3.env,
    });
    try {
      const storages = createAppStorages(config, target.db);
      const stores = { public: storages.publicStore, private: storages.privateStore };
      const manifest = await loadStoreArchive(archive, { db: target.db, stores });
      expect(manifest.tables.map((table) => table.name)).not.toContain('sessions');

      const [before, after] = [rowsOf(source.db), rowsOf(target.db)];
      const artworks = await before.artworks;
      expect(artworks).toHaveLength(2 + 6);
      expect(await after.artworks).toEqual(artworks);
      const orders = await before.orders;
      expect(orders.filter((order) => order.status !== 'pending' && order.paid_at).length).toBeGreaterThan(0);
      expect(await after.orders).toEqual(orders);
      const documents = await before.documents;
      expect(documents.some((document) => document.kind === 'invoice')).toBe(true);
      expect(documents.some((document) => document.kind === 'credit_note')).toBe(true);
      expect(await after.documents).toEqual(documents);

      // Every file, public and private, with the same bytes, now in the bucket.
      const sourceStorages = createAppStorages(source.config, source.db);
      const publicFiles = await allFiles(sourceStorages.publicStore);
      const privateFiles = await allFiles(sourceStorages.privateStore);
      expect(publicFiles.size).toBeGreaterThan(1);
      expect([...privateFiles.keys()]).toEqual(['originals/harbour-master.png']);
      expect(await allFiles(stores.public)).toEqual(publicFiles);
      expect(await allFiles(stores.private)).toEqual(privateFiles);

      const app = await buildApp({ config, db: target.db, clientDir: path.join(dataDir, 'none'), logger: false });
      try {
        const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: BUYER });
        expect(signIn.statusCode).toBe(200);
        expect(signIn.json<{ user: { email: string } }>().user.email).toBe(BUYER.email);

        // The next invoice takes the number after the last one imported, issued by the real lifecycle.
        const lastInvoice = Math.max(...documents.filter((d) => d.kind === 'invoice').map((d) => d.number));
        await generateTaxOrders(target.db, config, {
          count: 1,
          seed: 99,
          paidIn: [{ start: new Date('2026-11-21T00:00:00Z'), end: new Date('2026-11-22T00:00:00Z') }],
          refundsUntil: new Date('2026-11-22T00:00:00Z'),
        });
        const newest = await target.db
          .selectFrom('tax_documents')
          .select(['id', 'number'])
          .where('kind', '=', 'invoice')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(newest.number).toBe(lastInvoice + 1);
        expect(newest.id).toBeGreaterThan(Math.max(...documents.map((d) => d.id)));
      } finally {
        await app.close();
      }

      // A second import into the store, no longer empty, is refused and names what is there.
      await expect(loadStoreArchive(archive, { db: target.db, stores })).rejects.toThrow(ImportRefused);
      await expect(loadStoreArchive(archive, { db: target.db, stores })).rejects.toThrow(/not empty \(users: \d+/);
    } finally {
      await target.close();
    }
  });
});

describe('an archive the importer will not take', () => {
  it('refuses one from a newer schema, naming both levels, before touching the store', async () => {
    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    const manifest = { format: 'wall-art-store-archive', version: 1, migration: '2099-01-01-0999-from-the-future' };
    zip.addBuffer(Buffer.from(JSON.stringify({ ...manifest, tables: [], files: {} })), 'manifest.json');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'newer-archive-')), 'store.zip');
    fs.writeFileSync(file, Buffer.concat(chunks));
    const target = await blankDatabase('sqlite');
    try {
      const stores = {} as Record<'public' | 'private', StorageProvider>;
      await expect(loadStoreArchive(file, { db: target.db, stores })).rejects.toThrow(
        /newer store \(its schema is at 2099-01-01-0999-from-the-future; this one knows up to 2026-/,
      );
      await expect(
        loadStoreArchive(path.join(path.dirname(file), 'none.zip'), { db: target.db, stores }),
      ).rejects.toThrow(ImportRefused);
    } finally {
      await target.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
