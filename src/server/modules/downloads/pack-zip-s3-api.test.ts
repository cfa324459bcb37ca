import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadLink } from '#shared/orders/downloads-schema.ts';
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

// The store on S3 (a real S3-protocol server on loopback): a ratio's file is a presigned GET from the bucket, and
// the ZIP is streamed by the app from the bucket's objects, one after the other.
describe.each(TEST_ENGINES)('print pack ZIP from S3 on %s', (engine) => {
  let server: S3TestServer;
  let t: TestApp;
  let store: S3Storage;
  let buyer: string;
  let artworkId: number;
  let pack: StoredPackFile[];

  beforeAll(async () => {
    server = await startS3TestServer();
    t = await createTestApp(engine, server.env);
    store = createAppStorages(t.config, t.db).privateStore as S3Storage;
    buyer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Harbour at Dusk', format: 'PNG, JPG' }])) as [number];
    ({ files: pack } = await storePack(
      { db: t.db, store },
      {
        id: artworkId,
        title: 'Harbour at Dusk',
        masterKey: 'originals/harbour.png',
        master: await drawMaster(1800, 1200),
      },
    ));
  });
  afterAll(async () => {
    store.destroy();
    await t.close();
    await server.close();
  });

  let quantity = 1;
  const buy = () =>
    buyWithTestCard(t, buyer, { items: [{ id: artworkId, quantity: quantity++ }], email: 'buyer@shop.test' });
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { cookie: buyer } });

  it('hands out a ratio as a presigned link to the bucket', async () => {
    const { itemId } = await buy();
    const link = await post(`/api/downloads/${itemId}`, { ratio: '4x5' });
    expect(link.statusCode, link.body).toBe(200);
    const response = await fetch(link.json<DownloadLink>().url);
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    // A landscape master gives landscape crops: 4:5 as 5:4.
    expect(meta).toMatchObject({ width: 1500, height: 1200, density: 300 });
  });

  it('streams the ZIP from the bucket, byte for byte, with its length up front', async () => {
    const { itemId } = await buy();
    const link = await post(`/api/downloads/${itemId}/zip`);
    expect(link.statusCode, link.body).toBe(200);
    const zip = await t.app.inject({ method: 'GET', url: link.json<DownloadLink>().url });
    expect(zip.statusCode).toBe(200);
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    const entries = await readZip(zip.rawPayload);
    expect(entries[0]?.name).toBe(FRAME_GUIDE_NAME);
    expect(entries).toHaveLength(1 + pack.length);
    for (const [index, stored] of pack.entries()) {
      expect(Buffer.compare(entries[index + 1]!.bytes, (await store.get(stored.key))!), stored.ratio).toBe(0);
    }
  });

  it('cuts the ZIP short, rather than sending a whole-looking one, when an object is missing', async () => {
    const { itemId } = await buy();
    const { url } = (await post(`/api/downloads/${itemId}/zip`)).json<DownloadLink>();
    await store.delete(pack[2]!.key);
    const zip = await t.app.inject({ method: 'GET', url }).catch((error: Error) => error);
    // Cut short: the request fails, or the body is shorter than the length promised and no ZIP reads it.
    if (!(zip instanceof Error)) {
      expect(zip.rawPayload.length).toBeLessThan(Number(zip.headers['content-length']));
      await expect(readZip(zip.rawPayload)).rejects.toThrow();
    }
  });
});
