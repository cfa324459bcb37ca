import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { noisyMasterPng } from '#test-support/master-image.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { startS3TestServer, type S3TestServer } from '#test-support/s3-test-server.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { BULK_UPLOAD_TUS_PATH } from '#shared/catalogue/bulk-upload.ts';
import type { BulkBatch } from '#shared/catalogue/bulk-upload-schema.ts';
import { createAppStorages } from '../../app';

// The bulk upload on a store that keeps its files on S3 (a real S3-protocol server on loopback): tus keeps the parts
// as an S3 multipart upload, a resume asks where it stopped, and the whole master becomes a draft whose master is
// the same bytes in the private store.

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');
/** S3 multipart parts are 5 MiB at least but for the last: a master of two parts and a bit. */
const PART = 5 * 1024 * 1024;

describe.each(TEST_ENGINES)('the bulk upload on S3 and %s', (engine) => {
  let server: S3TestServer;
  let t: TestApp;
  let owner: string;
  let base: string;

  beforeAll(async () => {
    server = await startS3TestServer();
    t = await createTestApp(engine, server.env, { printPacks: { enabled: false }, pictureFactsBackfill: false });
    owner = await signedInCookie(t.app, t.db, 'owner@example.com', 'admin');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const ask = (url: string, init: RequestInit = {}) =>
    fetch(new URL(url, base), {
      ...init,
      headers: { Origin: base, Cookie: owner, ...(init.headers as Record<string, string>) },
    });
  const patch = (location: string, offset: number, bytes: Buffer) =>
    ask(location, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });

  it('keeps the parts on S3, resumes after a HEAD, and makes a draft of the whole master', async () => {
    const batch = await ask('/api/admin/bulk-batches', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(batch.status).toBe(201);
    const { id: batchId } = (await batch.json()) as { id: string };
    // About 12 MB: two parts and a bit.
    const master = await noisyMasterPng(1800, 2200);
    expect(master.length).toBeGreaterThan(PART);

    const created = await ask(BULK_UPLOAD_TUS_PATH, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': String(master.length),
        'Upload-Metadata': `filename ${b64('misty_forest.png')},batchId ${b64(batchId)}`,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    expect((await patch(location, 0, master.subarray(0, PART))).status).toBe(204);
    const head = await ask(location, { method: 'HEAD', headers: TUS });
    expect(head.headers.get('upload-offset')).toBe(String(PART));
    expect((await patch(location, PART, master.subarray(PART))).status).toBe(204);

    const settled = await vi.waitFor(
      async () => {
        const now = (await (await ask(`/api/admin/bulk-batches/${batchId}`)).json()) as BulkBatch;
        expect(now.files.every((file) => file.status === 'drafted' || file.status === 'failed')).toBe(true);
        return now;
      },
      { timeout: 30_000, interval: 100 },
    );
    const [file] = settled.files;
    expect(file).toMatchObject({ status: 'drafted', error: null });
    const row = await t.db
      .selectFrom('artworks')
      .select(['private_file_key', 'status'])
      .where('id', '=', file!.draft!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('draft');
    const stored = await createAppStorages(t.config, t.db).privateStore.getStream(row.private_file_key!);
    const bytes = Buffer.concat(await stored!.toArray());
    expect(bytes.equals(master)).toBe(true);
  });
});
