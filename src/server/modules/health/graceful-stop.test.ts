import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test-support/test-database.ts';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { stopGracefully } from './graceful-stop';

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
}

/** One request on a connection of its own (no pool that could hide a refused connection). */
function request(port: number, urlPath: string, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

// The built app listening on loopback, as in production; stopped the way main.ts stops it on SIGTERM.
describe('a graceful stop', () => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-stop-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startApp(slowMs: number): Promise<{ app: FastifyInstance; port: number; slowStarted: Promise<void> }> {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      db: database.db,
      clientDir: path.join(dataDir, 'no-client'),
      logger: false,
    });
    let started: () => void = () => {};
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/api/test-slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, slowMs));
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port, slowStarted };
  }

  it('finishes the request in flight with 200, refuses new connections, and ends soon after', async () => {
    const { app, port, slowStarted } = await startApp(1_000);
    const idle = new http.Agent({ keepAlive: true });
    const busy = new http.Agent({ keepAlive: true });
    // A kept-alive connection idle when the stop begins, and one that goes idle once the slow request is answered:
    // neither may hold the stop until its keep-alive timeout.
    expect((await request(port, '/api/health', idle)).status).toBe(200);
    const slow = request(port, '/api/test-slow', busy);
    await slowStarted;

    const stopping = Date.now();
    const stopped = stopGracefully(app);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(request(port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(request(port, '/api/ready')).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ finished: true });
    expect(await stopped).toBe('drained');
    // Not held by the idle keep-alive connection (72 s) nor by the one that served the slow request.
    expect(Date.now() - stopping).toBeLessThan(2_000);
    idle.destroy();
    busy.destroy();
  });

  it('serves a request that still arrives on a connection opened before the stop, and closes that connection; /api/ready says it is stopping', async () => {
    // Not a multiple of the drain's 100 ms sweep of idle connections, which would otherwise close each connection in
    // the same turn of the event loop as its slow answer, before the next request could arrive.
    const { app, port, slowStarted } = await startApp(650);
    const agents = [
      new http.Agent({ keepAlive: true, maxSockets: 1 }),
      new http.Agent({ keepAlive: true, maxSockets: 1 }),
    ];
    // Each second request queues behind a slow one on the same connection, so it arrives during the stop.
    // Two addresses: the answer cache's front lets only one of several same requests through at a time.
    const slow = agents.map((agent, i) => request(port, `/api/test-slow?n=${i}`, agent));
    const health = request(port, '/api/health', agents[0]).catch((error: NodeJS.ErrnoException) => error);
    const ready = request(port, '/api/ready', agents[1]).catch((error: NodeJS.ErrnoException) => error);
    await slowStarted;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = stopGracefully(app);
    expect((await Promise.all(slow)).map((answer) => answer.status)).toEqual([200, 200]);
    // Either the connection was closed once its request was done (the client then finds no store, and a balancer
    // tries another), or the request got through and was served, closing the connection behind it: never a 503
    // for a visitor's request, which a balancer passes on as "the store is down". /api/ready says "stopping".
    for (const [answer, status] of [
      [await health, 200],
      [await ready, 503],
    ] as const) {
      if (answer instanceof Error) continue;
      expect(answer.status).toBe(status);
      expect(answer.connection).toBe('close');
    }
    const readyAnswer = await ready;
    if (!(readyAnswer instanceof Error))
      expect(JSON.parse(readyAnswer.body)).toEqual({ error: 'This instance is stopping.' });
    expect(await stopped).toBe('drained');
    for (const agent of agents) agent.destroy();
  });

  it('cuts a request that does not finish within the grace period', async () => {
    const { app, port, slowStarted } = await startApp(60_000);
    const slow = request(port, '/api/test-slow').catch((error: NodeJS.ErrnoException) => error);
    await slowStarted;
    const stopping = Date.now();
    expect(await stopGracefully(app, 300)).toBe('cut');
    expect(Date.now() - stopping).toBeLessThan(1_500);
    expect(await slow).toBeInstanceOf(Error);
  });
});
