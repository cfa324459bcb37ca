import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { multipart } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { BackupRefused, backupSettings } from './backup';
import { RestoreRefused, restoreStore } from './restore';
import type { BackupManifest } from './store-folder';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123', name: 'Ada' };
const BILLING = { postalCode: '12345', country: 'US' };
/** signedInCookie's password: the restored accounts must still take it. */
const PASSWORD = 'test account password';

interface Store {
  app: FastifyInstance;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** The store as main.ts builds it on DATA_DIR: SQLite in store.sqlite, files in files/ and private/. */
async function openStore(dataDir: string): Promise<Store> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
  const db = createDatabase({ sqliteFile: path.join(dataDir, 'store.sqlite') });
  const app = await buildApp({
    config,
    db,
    clientDir: path.join(dataDir, 'no-client'),
    logger: false,
  });
  await migrateToLatest(db);
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** One sale, as it happens in the shop: an upload, a new artwork, a new customer, a paid order. */
interface Sale {
  /** The seller that made it: each sells one sale after another. */
  lane: number;
  n: number;
  email: string;
  artworkId: number;
  previewUrl: string;
  master: Buffer;
  orderNumber: string;
  /** When the order was paid (the last write of the sale). */
  doneAt: number;
}

/** Runs `npm run backup`'s script in a process of its own, as an operator would beside the running store. */
function runBackupCommand(dataDir: string, backupDir: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.S3_BUCKET;
  delete env.BACKUP_DIR;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/operations/backup.ts', backupDir], {
      cwd: ROOT,
      env,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('backup and restore of a running store', () => {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
  afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

  it('copies a store that keeps selling, and the restored store has every sale the copy was taken with, downloads included', async () => {
    const liveDir = path.join(temp, 'live');
    const live = await openStore(liveDir);
    // A few megabytes of catalogue, so the database copy takes a moment during which the sales go on.
    for (let batch = 0; batch < 30; batch++)
      await insertTestArtworks(
        live.db,
        Array.from({ length: 100 }, () => ({
          description: 'A quiet field at dawn. '.repeat(40),
          previewUrl: 'https://cdn.example/pad-400.webp',
          imageUrl: 'https://cdn.example/pad-800.webp',
        })),
      );
    const owner = await signedInCookie(live.app, live.db, 'owner@shop.test', 'admin');

    const sales: Sale[] = [];
    /** When each write of every sale was answered. */
    const writes: number[] = [];
    const wrote = <T>(answer: T): T => {
      writes.push(Date.now());
      return answer;
    };
    async function sell(lane: number, n: number): Promise<void> {
      const colour = { r: n % 256, g: (n * 7) % 256, b: 99 };
      // The master must print 8 × 10 in at 150 DPI (1200 × 1500 px); the preview is small, as it is re-encoded.
      const master = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const thumbnail = await sharp({ create: { width: 24, height: 24, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const upload = async (kind: string) => {
        const content = kind === 'private' ? master : thumbnail;
        const body = multipart([{ name: `sale-${n}.png`, content, contentType: 'image/png' }]);
        const response = wrote(
          await live.app.inject({
            method: 'POST',
            url: `/api/uploads?kind=${kind}`,
            payload: body.payload,
            headers: { ...body.headers, cookie: owner },
          }),
        );
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ files: Array<{ url: string; path: string }> }>().files[0] as {
          url: string;
          path: string;
        };
      };
      const preview = await upload('preview');
      const privateFile = await upload('private');
      const created = wrote(
        await live.app.inject({
          method: 'POST',
          url: '/api/artworks',
          headers: { cookie: owner },
          payload: {
            title: `Sale ${n}`,
            artist: 'Backup Tester',
            price: 12,
            description: 'Sold while the backup ran.',
            category: 'abstract',
            tags: 'test',
            dimensions: '4x5',
            format: 'PNG',
            previewUrl: preview.url,
            privateFileKey: privateFile.path,
          },
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const artworkId = created.json<{ id: number }>().id;

      const email = `buyer-${n}@shop.test`;
      const buyer = wrote(await signedInCookie(live.app, live.db, email, 'customer'));
      const intent = wrote(
        await live.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: { items: [{ id: artworkId, quantity: 1 }], email },
          headers: { cookie: buyer },
        }),
      ).json<{ clientSecret: string; paymentIntentId: string; orderNumber: string }>();
      wrote(
        await live.app.inject({
          method: 'POST',
          url: '/api/payments/test/confirm',
          payload: { clientSecret: intent.clientSecret, card: CARD, billing: BILLING },
          headers: { cookie: buyer },
        }),
      );
      const confirmed = wrote(
        await live.app.inject({
          method: 'POST',
          url: '/api/orders/confirm',
          payload: { paymentIntentId: intent.paymentIntentId },
          headers: { cookie: buyer },
        }),
      );
      expect(confirmed.json<{ status: string }>().status, confirmed.body).toBe('paid');
      sales.push({
        lane,
        n,
        email,
        artworkId,
        previewUrl: preview.url,
        master,
        orderNumber: intent.orderNumber,
        doneAt: Date.now(),
      });
    }

    // Four sellers, each selling one sale after another (so what a consistent copy holds of a seller's sales is
    // exactly its first few), before, while and after the backup command runs in its own process on DATA_DIR.
    let selling = true;
    let next = 1;
    const sellers = [1, 2, 3, 4].map(async (lane) => {
      while (selling) await sell(lane, next++);
    });
    while (sales.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
    const backupDir = path.join(temp, 'backups');
    const started = Date.now();
    const backup = await runBackupCommand(liveDir, backupDir);
    const ended = Date.now();
    const target = sales.length + 4;
    while (sales.length < target) await new Promise((resolve) => setTimeout(resolve, 20));
    selling = false;
    await Promise.all(sellers);
    await live.close();

    expect(backup.code, backup.output).toBe(0);
    expect(
      writes.filter((at) => at > started && at < ended).length,
      'the shop wrote while the backup ran',
    ).toBeGreaterThan(0);
    const folders = fs.readdirSync(backupDir);
    expect(folders).toHaveLength(1);
    expect(folders[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const folder = path.join(backupDir, folders[0] as string);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.database.integrity).toBe('ok');
    expect(manifest.database.migration).toMatch(/^2026-/);
    expect(manifest.store.name).toBe('wall-art-store');
    expect(manifest.missingFiles).toEqual([]);
    expect(fs.existsSync(path.join(folder, 'store.sqlite-wal'))).toBe(false);

    // Restore into a new DATA_DIR and open the store there.
    const restoredDir = path.join(temp, 'restored');
    await restoreStore({ backup: folder, dataDir: restoredDir });
    expect(fs.readdirSync(temp).filter((name) => name.includes('restoring'))).toEqual([]);
    const restored = await openStore(restoredDir);
    try {
      const orders = await restored.db.selectFrom('orders').select(['order_number', 'status']).orderBy('id').execute();
      expect(manifest.counts.orders).toBe(orders.length);
      expect(manifest.counts.artworks).toBe(
        (
          await restored.db
            .selectFrom('artworks')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      // A sale the copy caught half-way (its order not paid yet) is not one the copy was taken with.
      const kept = sales.filter((s) => orders.some((o) => o.order_number === s.orderNumber && o.status === 'paid'));
      // Consistent: the copy holds the first sales and nothing after a gap, and every sale paid before the copy began.
      for (const lane of [1, 2, 3, 4]) {
        const ofLane = sales.filter((s) => s.lane === lane);
        const keptOfLane = kept.filter((s) => s.lane === lane);
        expect(
          keptOfLane.map((s) => s.n),
          `seller ${lane}`,
        ).toEqual(ofLane.slice(0, keptOfLane.length).map((s) => s.n));
      }
      const copyStarted = Date.parse(manifest.database.copyStartedAt);
      const copied = Date.parse(manifest.database.copiedAt);
      for (const sale of sales.filter((s) => s.doneAt < copyStarted))
        expect(kept, `sale ${sale.n}, paid before the copy`).toContain(sale);
      for (const sale of sales.filter((s) => s.doneAt > copied))
        expect(kept, `sale ${sale.n}, paid after the copy`).not.toContain(sale);
      expect(kept.length).toBeGreaterThanOrEqual(4);
      expect(kept.length).toBeLessThan(sales.length);

      for (const sale of kept) {
        // The account: the buyer signs in with the password they had.
        const signIn = await restored.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: sale.email, password: PASSWORD },
          remoteAddress: `10.9.${sale.n % 250}.${Math.floor(sale.n / 250)}`,
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const cookie = String(signIn.headers['set-cookie']).split(';')[0] ?? '';
        // The artwork and its public preview.
        const artwork = await restored.app.inject({ method: 'GET', url: `/api/artworks/${sale.artworkId}` });
        expect(artwork.json<{ title: string }>().title).toBe(`Sale ${sale.n}`);
        expect((await restored.app.inject({ method: 'GET', url: sale.previewUrl })).statusCode, sale.previewUrl).toBe(
          200,
        );
        // The order, in the library, and its download answering the full-resolution file.
        const library = (
          await restored.app.inject({ method: 'GET', url: '/api/downloads', headers: { cookie } })
        ).json<{ orders: Array<{ orderNumber: string; items: Array<{ itemId: number }> }> }>();
        const order = library.orders.find((o) => o.orderNumber === sale.orderNumber);
        expect(order, `order ${sale.orderNumber} in the library`).toBeDefined();
        const link = await restored.app.inject({
          method: 'POST',
          url: `/api/downloads/${order?.items[0]?.itemId}`,
          payload: { format: 'png' },
          headers: { cookie },
        });
        expect(link.statusCode, link.body).toBe(200);
        const file = await restored.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
        expect(file.statusCode).toBe(200);
        expect(Buffer.compare(file.rawPayload, sale.master), `sale ${sale.n}'s file`).toBe(0);
      }
    } finally {
      await restored.close();
    }

    // A second restore onto it is refused without --force, and with it keeps the replaced store aside.
    await expect(restoreStore({ backup: folder, dataDir: restoredDir })).rejects.toThrow(RestoreRefused);
    const again = await restoreStore({ backup: folder, dataDir: restoredDir, force: true });
    expect(again.previous && fs.existsSync(path.join(again.previous, 'store.sqlite'))).toBe(true);
    expect(fs.existsSync(path.join(restoredDir, 'store.sqlite'))).toBe(true);
  }, 120_000);

  it('refuses a store on PostgreSQL or S3, naming what to use instead', () => {
    expect(() => backupSettings({ DATABASE_URL: 'postgres://u:p@localhost/db' })).toThrow(/pg_dump/);
    expect(() => backupSettings({ S3_BUCKET: 'art' })).toThrow(BackupRefused);
    expect(() => backupSettings({ S3_BUCKET: 'art' })).toThrow(/versioning/);
    expect(backupSettings({ DATA_DIR: '/srv/shop/data' })).toEqual({
      dataDir: '/srv/shop/data',
      backupDir: '/srv/shop/backups',
    });
  });

  it('refuses a folder that is not a whole backup, leaving DATA_DIR untouched', async () => {
    const notBackup = path.join(temp, 'not-a-backup');
    fs.mkdirSync(notBackup, { recursive: true });
    const dataDir = path.join(temp, 'untouched');
    await expect(restoreStore({ backup: notBackup, dataDir })).rejects.toThrow(/not a backup/);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
