import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { drawMaster, storePack, type StoredPackFile } from '#test-support/print-pack-fixture.ts';
import { readZip } from '#test-support/read-zip.ts';
import { startS3TestServer, type S3TestServer } from '#test-support/s3-test-server.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { buyWithTestCard } from '#test-support/test-purchase.ts';
import { createAppStorages } from '../../app';
import type { S3Storage } from '../../providers/storage/s3-storage';
import { FRAME_GUIDE_NAME } from './frame-guide-text';

// The store on S3 (a real S3-protocol server on loopback): the whole set's ZIP is streamed by the app from the
// bucket's objects, one after the other, as a single pack's is.
describe.each(TEST_ENGINES)('a whole set’s ZIP from S3 on %s', (engine) => {
  let server: S3TestServer;
  let t: TestApp;
  let store: S3Storage;
  let buyer: string;
  let set: OwnerSet;
  const titles = ['Harbour at Dusk', 'Harbour at Dawn'];
  const packs: StoredPackFile[][] = [];

  beforeAll(async () => {
    server = await startS3TestServer();
    t = await createTestApp(engine, server.env);
    store = createAppStorages(t.config, t.db).privateStore as S3Storage;
    const owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    const ids = await insertTestArtworks(
      t.db,
      titles.map((title) => ({ title, price: 10, format: 'PNG, JPG' })),
    );
    for (const [index, id] of ids.entries()) {
      const master = await drawMaster(1200, 900);
      const { files } = await storePack(
        { db: t.db, store },
        { id, title: titles[index]!, masterKey: `originals/s3-set-${id}.png`, master },
      );
      packs.push(files);
    }
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sets',
      payload: { title: 'Two Harbours', artworkIds: ids, percentOff: 10 },
      headers: { cookie: owner },
    });
    expect(made.statusCode, made.body).toBe(201);
    set = made.json<OwnerSet>();
  }, 120_000);
  afterAll(async () => {
    store.destroy();
    await t.close();
    await server.close();
  });

  it('streams both pieces’ packs from the bucket, byte for byte, with its length up front', async () => {
    const { itemId } = await buyWithTestCard(t, buyer, {
      items: [],
      sets: [{ setId: set.id }],
      email: 'buyer@shop.test',
    });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/downloads/${itemId}/set-zip`,
      headers: { cookie: buyer },
    });
    expect(link.statusCode, link.body).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: link.json<DownloadLink>().url });
    expect(zip.statusCode).toBe(200);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    const entries = await readZip(zip.rawPayload);
    expect(entries).toHaveLength(packs.reduce((sum, pack) => sum + 1 + pack.length, 0));
    let at = 0;
    for (const [index, pack] of packs.entries()) {
      expect(entries[at++]!.name).toBe(`${titles[index]}/${FRAME_GUIDE_NAME}`);
      for (const stored of pack) {
        const entry = entries[at++]!;
        expect(entry.name.startsWith(`${titles[index]}/`), entry.name).toBe(true);
        expect(Buffer.compare(entry.bytes, (await store.get(stored.key))!), entry.name).toBe(0);
      }
    }
  });
});
