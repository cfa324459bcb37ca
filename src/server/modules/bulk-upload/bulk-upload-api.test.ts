import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { masterPng } from '#test-support/master-image.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { BULK_UPLOAD_TUS_PATH, MAX_FILES_PER_BATCH } from '#shared/catalogue/bulk-upload.ts';
import type { BulkBatch } from '#shared/catalogue/bulk-upload-schema.ts';
import { deriveCategoryId } from '#shared/catalogue/category-derivation.ts';
import { wordsOfTitle } from '#shared/catalogue/title-from-file-name.ts';

// The bulk upload through the whole app on a real port, as Uppy's tus client speaks to it: a file created, sent in
// two PATCHes with a HEAD between them (a resume), made into a draft by the background worker, and published; the
// owner alone; a file that is no picture master refused with a 4xx naming it; a batch's 201st file refused.

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe.each(TEST_ENGINES)('the bulk upload on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { printPacks: { enabled: false }, pictureFactsBackfill: false });
    owner = await signedInCookie(t.app, t.db, 'owner@example.com', 'admin');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (url: string, init: RequestInit & { cookie?: string | null } = {}) =>
    fetch(new URL(url, base), {
      ...init,
      headers: {
        Origin: base,
        ...(init.cookie === null ? {} : { Cookie: init.cookie ?? owner }),
        ...(init.headers as Record<string, string>),
      },
    });

  async function newBatch(price?: number): Promise<string> {
    const response = await ask('/api/admin/bulk-batches', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(price === undefined ? {} : { price }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  const createUpload = (batchId: string, fileName: string, size: number, cookie?: string | null) =>
    ask(BULK_UPLOAD_TUS_PATH, {
      method: 'POST',
      cookie,
      headers: {
        ...TUS,
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${b64(fileName)},batchId ${b64(batchId)}`,
      },
    });

  const patch = (location: string, offset: number, bytes: Buffer) =>
    ask(location, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });

  async function batchWhen(batchId: string, settled: (batch: BulkBatch) => boolean, tries = 100): Promise<BulkBatch> {
    for (let i = 0; i < tries; i++) {
      const batch = (await (await ask(`/api/admin/bulk-batches/${batchId}`)).json()) as BulkBatch;
      if (settled(batch)) return batch;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rows = await t.db.selectFrom('bulk_upload_files').selectAll().where('batch_id', '=', batchId).execute();
    throw new Error(`the batch never settled: ${JSON.stringify(rows)}`);
  }

  it('takes a master in two parts, resumed after a HEAD, and makes it a draft at the batch price', async () => {
    const batchId = await newBatch(12.5);
    const master = await masterPng(1200, 1500, '#2a6fb4');
    const fileName = 'ocean_waves-at_the_beach (2).png';
    const created = await createUpload(batchId, fileName, master.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${BULK_UPLOAD_TUS_PATH}/`));

    const half = Math.floor(master.length / 2);
    const first = await patch(location, 0, master.subarray(0, half));
    expect(first.status).toBe(204);
    // The connection lost: the client asks where the server stopped, and goes on from there.
    const head = await ask(location, { method: 'HEAD', headers: TUS });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const wrongOffset = await patch(location, 0, master.subarray(0, 10));
    expect(wrongOffset.status).toBe(409);
    const rest = await patch(location, half, master.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(master.length));

    const batch = await batchWhen(batchId, (b) =>
      b.files.every((f) => f.status === 'drafted' || f.status === 'failed'),
    );
    const [file] = batch.files;
    expect(file).toMatchObject({ fileName, status: 'drafted', error: null });
    expect(file!.draft).toMatchObject({
      title: 'Ocean Waves at the Beach',
      price: 12.5,
      status: 'draft',
      tags: [],
      category: deriveCategoryId({ tags: wordsOfTitle('Ocean Waves at the Beach') }),
    });
    const row = await t.db
      .selectFrom('artworks')
      .selectAll()
      .where('id', '=', file!.draft!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'draft', master_file_name: fileName, master_width: 1200, master_height: 1500 });
    expect(row.published_at).toBeNull();
    // Its picture: the master drawn at its own 1200 px (never enlarged), with WebP renditions up to that width.
    const images = JSON.parse(row.images) as Array<{ url: string; width: number; height: number }>;
    expect(images.map(({ width, height }) => [width, height])).toEqual([
      [400, 500],
      [800, 1000],
      [1200, 1500],
    ]);
    for (const image of images) {
      // Local public files lie under DATA_DIR/files, served at /files/.
      const file = path.join(t.dataDir, new URL(image.url, base).pathname);
      expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: image.width });
    }
    // The master is stored privately, byte for byte; the tus copy is gone.
    const stored = fs.readFileSync(path.join(t.dataDir, 'private', row.private_file_key!));
    expect(stored.equals(master)).toBe(true);
    // (removed right after the draft is marked made, so it may take a moment more)
    await vi.waitFor(() => expect(fs.readdirSync(path.join(t.dataDir, 'bulk-uploads'))).toEqual([]));

    const published = await ask('/api/admin/artworks/publish', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids: [row.id] }),
    });
    expect(await published.json()).toEqual({ published: 1 });
    const after = await t.db
      .selectFrom('artworks')
      .select(['status', 'published_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('published');
    expect(after.published_at).not.toBeNull();
  });

  it('makes one draft per master even when marking the file made fails once (both are one transaction)', async () => {
    // A trigger refuses the "drafted" mark, as an instance dying between the two writes would leave it.
    const refuse = {
      sqlite: [
        `create trigger refuse_drafted before update of status on bulk_upload_files when new.status = 'drafted'
         begin select raise(abort, 'instance died'); end`,
      ],
      postgres: [
        `create function refuse_drafted() returns trigger language plpgsql as $$
         begin raise exception 'instance died'; end $$`,
        `create trigger refuse_drafted before update on bulk_upload_files for each row
         when (new.status = 'drafted') execute function refuse_drafted()`,
      ],
    }[engine];
    const allow = { sqlite: ['drop trigger refuse_drafted'], postgres: ['drop function refuse_drafted cascade'] }[
      engine
    ];
    const run = async (statements: string[]) => {
      for (const statement of statements) await sql.raw(statement).execute(t.db);
    };
    const draftsOf = async (fileName: string) =>
      (await t.db.selectFrom('artworks').select('id').where('master_file_name', '=', fileName).execute()).length;

    await run(refuse);
    const batchId = await newBatch();
    const master = await masterPng(1200, 1500, '#7a3fb4');
    const fileName = 'retried-once.png';
    const created = await createUpload(batchId, fileName, master.length);
    expect((await patch(created.headers.get('location')!, 0, master)).status).toBe(204);
    await vi.waitFor(
      async () => {
        const [file] = await t.db.selectFrom('bulk_upload_files').selectAll().where('batch_id', '=', batchId).execute();
        expect(file!.last_error).toContain('instance died');
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(await draftsOf(fileName)).toBe(0);

    await run(allow);
    const batch = await batchWhen(batchId, (b) => b.files[0]?.status === 'drafted', 300);
    expect(batch.files[0]!.draft).not.toBeNull();
    expect(await draftsOf(fileName)).toBe(1);
  });

  it('refuses a file whose bytes are no picture master with a 415 naming it, and marks it failed', async () => {
    const batchId = await newBatch();
    const bytes = Buffer.from('this is plain text, not a picture at all '.repeat(200));
    const created = await createUpload(batchId, 'notes.png', bytes.length);
    expect(created.status).toBe(201);
    const done = await patch(created.headers.get('location')!, 0, bytes);
    expect(done.status).toBe(415);
    expect(await done.text()).toContain('notes.png is not an accepted file');
    const batch = await batchWhen(batchId, (b) => b.files[0]?.status === 'failed');
    expect(batch.files[0]!.error).toContain('PNG, JPEG or TIFF');
    expect(batch.files[0]!.draft).toBeNull();
  });

  it('refuses uploads to an unknown batch, past 200 files, over 300 MB, and from anyone but the owner', async () => {
    const unknown = await createUpload('0'.repeat(24), 'a.png', 100);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('batchId');

    const tooLarge = await createUpload(await newBatch(), 'big.tif', 301 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);

    const full = await newBatch();
    const now = new Date().toISOString();
    await t.db
      .insertInto('bulk_upload_files')
      .values(
        Array.from({ length: MAX_FILES_PER_BATCH }, (_, i) => ({
          upload_id: `filler-${full}-${i}`,
          batch_id: full,
          file_name: `f${i}.png`,
          size: 10,
          status: 'uploading' as const,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
    const oneTooMany = await createUpload(full, 'last.png', 100);
    expect(oneTooMany.status).toBe(413);
    expect(await oneTooMany.text()).toContain('at most 200 files');

    const stranger = await createUpload(await newBatch(), 'a.png', 100, null);
    expect(stranger.status).toBe(401);
    const customer = await signedInCookie(t.app, t.db, 'buyer@example.com', 'customer');
    expect((await createUpload(await newBatch(), 'a.png', 100, customer)).status).toBe(403);
    // From another site, the owner's own cookie is not enough.
    const crossSite = await ask(BULK_UPLOAD_TUS_PATH, {
      method: 'POST',
      headers: { ...TUS, Origin: 'https://evil.example', 'Upload-Length': '100' },
    });
    expect(crossSite.status).toBe(403);
  });
});
