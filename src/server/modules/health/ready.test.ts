import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpTestServer } from '#test-support/smtp-test-server.ts';
import { createTestApp } from '#test-support/test-app.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

async function startS3() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-ready-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'art' }],
  });
  const { port } = await server.run();
  let running = true;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (running) await server.close();
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Accepts connections and never says a word: a store or mail server that hangs. */
async function startBlackHole() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface ReadyAnswer {
  status?: string;
  parts?: Record<string, string>;
  error?: string;
  details?: Record<string, string[]>;
}

// The real parts a production instance uses (an S3-protocol server, an SMTP server, the database), started here
// and stopped to see /api/ready say which one is down.
describe.each(TEST_ENGINES)('GET /api/ready on %s', (engine) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const cleanup of cleanups) await cleanup();
    await database.close();
  });

  async function storeWith(parts: { s3Endpoint: string; smtpUrl: string }): Promise<FastifyInstance> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-ready-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SMTP_URL: parts.smtpUrl,
      S3_BUCKET: 'art',
      S3_ENDPOINT: parts.s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const app = await buildApp({
      config,
      db: database.db,
      clientDir: path.join(dataDir, 'no-client'),
      logger: false,
    });
    apps.push(app);
    return app;
  }

  async function ready(app: FastifyInstance) {
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    return {
      status: response.statusCode,
      body: response.json<ReadyAnswer>(),
      headers: response.headers,
      ms: Date.now() - started,
    };
  }

  it('answers 200 with every part ok when the database, the bucket and the SMTP server answer, never to be kept', async () => {
    const s3 = await startS3();
    const smtp = await startSmtpTestServer();
    cleanups.push(s3.stop, smtp.close);
    const answer = await ready(await storeWith({ s3Endpoint: s3.endpoint, smtpUrl: smtp.url }));
    expect(answer.body).toEqual({
      status: 'ready',
      parts: { database: 'ok', publicStorage: 'ok', privateStorage: 'ok', mail: 'ok' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    // A check, not a delivery.
    expect(smtp.received).toHaveLength(0);
  });

  it('answers 503 naming mail, and only mail, when the SMTP server has stopped', async () => {
    const s3 = await startS3();
    const smtp = await startSmtpTestServer();
    cleanups.push(s3.stop);
    const app = await storeWith({ s3Endpoint: s3.endpoint, smtpUrl: smtp.url });
    expect((await ready(app)).status).toBe(200);
    await smtp.close();
    const answer = await ready(app);
    expect(answer.status).toBe(503);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.error).toBe('Not ready: mail unreachable');
    expect(answer.body.details).toEqual({ mail: ['unreachable'] });
    // The SMTP server's address is for the log, not for whoever asks.
    expect(JSON.stringify(answer.body)).not.toContain('127.0.0.1');
  });

  it('answers 503 naming both stores when the S3 server has stopped', async () => {
    const s3 = await startS3();
    const smtp = await startSmtpTestServer();
    cleanups.push(smtp.close);
    const app = await storeWith({ s3Endpoint: s3.endpoint, smtpUrl: smtp.url });
    expect((await ready(app)).status).toBe(200);
    await s3.stop();
    const answer = await ready(app);
    expect(answer.status).toBe(503);
    expect(answer.body.error).toBe('Not ready: public storage unreachable, private storage unreachable');
    expect(answer.body.details).toEqual({ publicStorage: ['unreachable'], privateStorage: ['unreachable'] });
  });

  it('gives up on parts that never answer within about two seconds, and names them', async () => {
    const hole = await startBlackHole();
    cleanups.push(hole.close);
    const app = await storeWith({
      s3Endpoint: `http://127.0.0.1:${hole.port}`,
      smtpUrl: `smtp://127.0.0.1:${hole.port}`,
    });
    const answer = await ready(app);
    expect(answer.status).toBe(503);
    expect(Object.keys(answer.body.details ?? {}).sort()).toEqual(['mail', 'privateStorage', 'publicStorage']);
    expect(answer.body.details?.publicStorage).toEqual(['timed out']);
    expect(answer.body.error).toMatch(
      /^Not ready: public storage timed out, private storage timed out, mail (timed out|unreachable)$/,
    );
    expect(answer.ms).toBeGreaterThanOrEqual(1_900);
    expect(answer.ms).toBeLessThan(3_000);
  });

  it('answers 200 on the defaults: folders on local disk and the outbox', async () => {
    const t = await createTestApp(engine);
    cleanups.push(() => t.close());
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.json()).toEqual({
      status: 'ready',
      parts: { database: 'ok', publicStorage: 'ok', privateStorage: 'ok', mail: 'ok' },
    });
  });

  it('keeps /api/health the liveness check: it does not look at storage or mail', async () => {
    const hole = await startBlackHole();
    cleanups.push(hole.close);
    const app = await storeWith({
      s3Endpoint: `http://127.0.0.1:${hole.port}`,
      smtpUrl: `smtp://127.0.0.1:${hole.port}`,
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
