import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { S3Storage } from '../providers/storage/s3-storage';
import { multipart } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';

// A database or file storage that does not answer gives a clear 503 at once, never a
// request that hangs and never a bare 500. Real drivers against a loopback port nobody listens on.
const NOBODY_LISTENS = '127.0.0.1:1';

describe('a part the store depends on is down', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-unavailable-'));
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 naming the database within seconds when PostgreSQL cannot be reached', async () => {
    const db = createDatabase({ databaseUrl: `postgres://store:store@${NOBODY_LISTENS}/store` });
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      db,
      clientDir: path.join(dataDir, 'no-client'),
      logger: false,
    });
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/api/artworks' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: expect.stringContaining('cannot reach its database') });
      expect(response.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('answers an upload 503 naming the file storage when the S3 server is down, and keeps no record of it', async () => {
    t = await createTestApp('sqlite');
    const unreachable = new S3Storage({
      bucket: 'art',
      region: 'us-east-1',
      endpoint: `http://${NOBODY_LISTENS}`,
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
      publicBaseUrl: `http://${NOBODY_LISTENS}/art`,
      prefix: '',
    });
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }),
      db: t.db,
      storages: { publicStore: unreachable, privateStore: unreachable },
      clientDir: path.join(t.dataDir, 'no-client'),
      logger: false,
    });
    try {
      const cookie = await signedInCookie(app, t.db, 'owner@example.com', 'admin');
      const body = multipart([
        {
          name: 'a.png',
          content: await sharp({ create: { width: 40, height: 50, channels: 3, background: '#b4532a' } })
            .png()
            .toBuffer(),
        },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploads?kind=preview',
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: expect.stringContaining('cannot reach its file storage') });
      expect(await t.db.selectFrom('uploads').select('key').execute()).toEqual([]);
      // Browsing does not need the file storage: the catalogue still answers.
      expect((await app.inject({ method: 'GET', url: '/api/artworks' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers the start of a checkout 503 naming the payment service when Stripe cannot be reached, and charges nothing', async () => {
    const shop = await createTestApp('sqlite', {
      STRIPE_SECRET_KEY: 'sk_test_store',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_store',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_unreachable',
      STRIPE_API_URL: `http://${NOBODY_LISTENS}`,
    });
    try {
      const [id] = await insertTestArtworks(shop.db, [{ title: 'Dune Light', price: 19 }]);
      const cookie = await signedInCookie(shop.app, shop.db, 'buyer@shop.test', 'customer');
      const started = Date.now();
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { items: [{ id, quantity: 1 }], email: 'buyer@shop.test' },
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ error: expect.stringContaining('cannot reach its payment service') });
      expect(response.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(10_000);
      // The order waits unpaid with no intent; the next try of the same cart takes it up.
      const orders = await shop.db.selectFrom('orders').select(['status', 'paid_at']).execute();
      expect(orders.length).toBeGreaterThan(0);
      expect(orders.every((order) => order.status === 'pending' && order.paid_at === null)).toBe(true);
    } finally {
      await shop.close();
    }
  });
});
