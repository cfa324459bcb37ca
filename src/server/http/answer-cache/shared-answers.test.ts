import fs from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_MAX_AGE_MS, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { AnswerCache } from './answer-cache';
import { CatalogVersion } from './catalog-version';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { syncArtworkFacets } from '../../modules/artworks';

const POLL_MS = 100;
const PAGE = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

/** Two instances of the store over one database, listening on loopback as in production. */
describe.each(TEST_ENGINES)('answers kept for every visitor, on %s', (engine) => {
  let t: TestApp;
  let one: FastifyInstance;
  let two: FastifyInstance;
  /** The first instance's answer cache. */
  let oneCache: AnswerCache;
  let origins: [string, string];
  let artworkId: number;
  let ownerCookie: string;
  let customerCookie: string;
  let countedCalls = 0;
  let gatedCalls = 0;
  let gate = Promise.resolve();

  async function instance(): Promise<{ app: FastifyInstance; origin: string; answerCache: AnswerCache }> {
    const clientDir = path.join(t.dataDir, 'client');
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      CATALOG_VERSION_POLL_MS: String(POLL_MS),
    });
    const answerCache = new AnswerCache(config.answerCacheBytes, ANSWER_MAX_AGE_MS);
    const app = await buildApp({ config, db: t.db, answerCache, clientDir, logger: false });
    app.get('/api/test-counted', { config: { sharedAnswer: 'everyone' } }, async () => ({
      calls: ++countedCalls,
      padding: 'x'.repeat(2000),
    }));
    app.get('/api/test-gated', { config: { sharedAnswer: 'everyone' } }, async () => {
      const calls = ++gatedCalls;
      await gate;
      return { calls, padding: 'x'.repeat(2000) };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, origin: address, answerCache };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    const clientDir = path.join(t.dataDir, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      `<!doctype html><html><head><title>store</title></head><body><!-- ${'text '.repeat(300)} --><div id="root"></div></body></html>`,
    );
    [artworkId] = (await insertTestArtworks(t.db, [{ title: 'Quiet Harbour' }])) as [number];
    const first = await instance();
    const second = await instance();
    one = first.app;
    oneCache = first.answerCache;
    two = second.app;
    origins = [first.origin, second.origin];
    ownerCookie = await signedInCookie(one, t.db, 'owner@example.com', 'admin');
    customerCookie = await signedInCookie(one, t.db, 'buyer@example.com', 'customer');
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await t.close();
  });

  const titleOn = async (origin: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}/artwork/${artworkId}`, { headers: { ...PAGE, ...headers } });
    return /<title>(.*?) by /.exec(await response.text())?.[1];
  };

  it('answers a page again from memory: the same bytes, compressed once, with an ETag and 304', async () => {
    const first = await fetch(`${origins[0]}/artwork/${artworkId}`, { headers: PAGE });
    const firstBody = await first.text();
    // The compressed copies are made off the request path; the next request may come before they are kept.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const url = new URL(`${origins[0]}/artwork/${artworkId}`);
      get(url, { headers: PAGE }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(raw.body).toString()).toBe(firstBody);
    expect(raw.headers['content-security-policy']).toContain("script-src 'self'");
    expect(raw.headers['cache-control']).toBe('private, no-cache');
    const etag = String(raw.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('etag')).toBe(etag);

    const again = await fetch(`${origins[0]}/artwork/${artworkId}`, { headers: { ...PAGE, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('keeps answering from memory what the database says behind its back, until the owner changes the catalogue', async () => {
    await titleOn(origins[1]);
    await t.db.updateTable('artworks').set({ title: 'Changed Behind Its Back' }).where('id', '=', artworkId).execute();
    expect(await titleOn(origins[0])).toBe('Quiet Harbour');
    expect(await titleOn(origins[1])).toBe('Quiet Harbour');

    const edit = await fetch(`${origins[0]}/api/artworks/${artworkId}`, {
      method: 'PUT',
      headers: { cookie: ownerCookie, 'content-type': 'application/json', origin: origins[0] },
      body: JSON.stringify({ title: 'Harbour at Dawn' }),
    });
    expect(edit.status).toBe(200);
    // The instance that made the change shows it at once; the other one on its next look at the version.
    expect(await titleOn(origins[0])).toBe('Harbour at Dawn');
    const started = Date.now();
    while ((await titleOn(origins[1])) !== 'Harbour at Dawn' && Date.now() - started < 5_000)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await titleOn(origins[1])).toBe('Harbour at Dawn');
    expect(Date.now() - started).toBeLessThan(POLL_MS * 10);
  });

  it('gives a signed-in visitor the kept catalogue data and pages, but not a page that exists only for some visitors', async () => {
    const data = async (cookie?: string) =>
      (await fetch(`${origins[0]}/api/test-counted`, { headers: cookie ? { cookie } : {} }).then((response) =>
        response.json(),
      )) as { calls: number };
    const made = await data();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await data(customerCookie)).calls).toBe(made.calls);
    expect(await titleOn(origins[0], { cookie: customerCookie })).toBe('Harbour at Dawn');
    // A signed-in visitor's request for what names nobody is kept too: a shop of signed-in buyers stays fast.
    oneCache.clear();
    const remade = await data(customerCookie);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await data(customerCookie)).calls).toBe(remade.calls);
    expect(remade.calls).toBe(made.calls + 1);

    // The orders test page is hidden from customers (a 404) but not from anonymous visitors (they are asked to sign in).
    expect((await fetch(`${origins[0]}/orders-test`, { headers: PAGE })).status).toBe(200);
    expect((await fetch(`${origins[0]}/orders-test`, { headers: PAGE })).status).toBe(200);
    expect((await fetch(`${origins[0]}/orders-test`, { headers: { ...PAGE, cookie: customerCookie } })).status).toBe(
      404,
    );
  });

  it('makes an answer once for a crowd that asks for it right after a change', async () => {
    await fetch(`${origins[0]}/api/test-counted`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    oneCache.clear();
    const before = countedCalls;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${origins[0]}/api/test-counted`).then((response) => response.json() as Promise<{ calls: number }>),
      ),
    );
    expect(countedCalls - before).toBe(1);
    expect(new Set(answers.map((answer) => answer.calls)).size).toBe(1);
  });

  it('makes it once more, not once per waiting request, when the catalogue changes while it is being made', async () => {
    let openGate = () => {};
    gate = new Promise((resolve) => (openGate = resolve));
    const before = gatedCalls;
    const answers = Promise.all(
      Array.from({ length: 20 }, () => fetch(`${origins[0]}/api/test-gated`).then((response) => response.status)),
    );
    await expect.poll(() => gatedCalls - before).toBe(1);
    // The other 19 are waiting for that one's answer when the owner changes the catalogue: it may show the old one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    oneCache.clear();
    openGate();
    expect(await answers).toEqual(Array.from({ length: 20 }, () => 200));
    expect(gatedCalls - before).toBe(2);
  });

  it('after background work lands, gives the kept answer at once while one request makes it anew, on every instance', async () => {
    const ask = (origin: string) =>
      fetch(`${origin}/api/test-gated`).then((response) => response.json() as Promise<{ calls: number }>);
    const kept = await ask(origins[0]);
    await ask(origins[1]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    let openGate = () => {};
    gate = new Promise((resolve) => (openGate = resolve));
    const before = gatedCalls;
    const freshness = oneCache.freshness.everything;
    // Palettes landing on some instance: the others learn it from the database, as they learn an owner's change.
    await new CatalogVersion(t.db, one.log).bump('palettes');
    await expect.poll(() => oneCache.freshness.everything, { timeout: POLL_MS * 20 }).toBe(freshness + 1);

    const refreshed = ask(origins[0]);
    await expect.poll(() => gatedCalls - before).toBe(1);
    // While that one is being made, nobody waits: the stale answer is given out, not dropped.
    const meanwhile = await Promise.all(Array.from({ length: 10 }, () => ask(origins[0])));
    expect(meanwhile.map((answer) => answer.calls)).toEqual(Array.from({ length: 10 }, () => kept.calls));
    expect(gatedCalls - before).toBe(1);
    openGate();
    expect((await refreshed).calls).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await ask(origins[0])).calls).toBe(before + 1);
    expect(gatedCalls - before).toBe(1);
    // The second instance too makes it anew on its first request after the landing.
    expect((await ask(origins[1])).calls).toBe(before + 2);
  });

  it("makes only the artworks' own pages stale when room mockups land: the lists never show them", async () => {
    const ask = () =>
      fetch(`${origins[0]}/api/test-counted`).then((response) => response.json() as Promise<{ calls: number }>);
    const kept = await ask();
    const page = await fetch(`${origins[0]}/artwork/${artworkId}`, { headers: PAGE }).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const mockups = oneCache.freshness['artwork-pages'];
    await new CatalogVersion(t.db, one.log).bump('mockups');
    await expect.poll(() => oneCache.freshness['artwork-pages'], { timeout: POLL_MS * 20 }).toBe(mockups + 1);
    // The title changed behind the cache's back shows once the artwork's page is made anew; the list stays kept.
    await t.db.updateTable('artworks').set({ title: 'Harbour in Rooms' }).where('id', '=', artworkId).execute();
    expect((await ask()).calls).toBe(kept.calls);
    expect(page).not.toContain('Harbour in Rooms');
    expect(await titleOn(origins[0])).toBe('Harbour in Rooms');
  });

  it('still drops every kept answer at once for an owner change made while background work lands', async () => {
    const first = await titleOn(origins[0]);
    await new CatalogVersion(t.db, one.log).bump('palettes');
    const edit = await fetch(`${origins[0]}/api/artworks/${artworkId}`, {
      method: 'PUT',
      headers: { cookie: ownerCookie, 'content-type': 'application/json', origin: origins[0] },
      body: JSON.stringify({ title: 'Harbour at Noon' }),
    });
    expect(edit.status).toBe(200);
    expect(first).not.toBe('Harbour at Noon');
    // Not the stale page once more: the owner's change is shown on the very next request.
    expect(await titleOn(origins[0])).toBe('Harbour at Noon');
    // The page is kept off the request path: let it be before the next test counts what is kept.
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('keeps nothing that names a visitor or changes something', async () => {
    const kept = oneCache.size.answers;
    await fetch(`${origins[0]}/api/auth/session`);
    await fetch(`${origins[0]}/api/auth/session`, { headers: { cookie: customerCookie } });
    await fetch(`${origins[0]}/api/test-counted`, { headers: { cookie: customerCookie }, method: 'HEAD' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(oneCache.size.answers).toBe(kept);
  });

  it('keeps one answer per colour, orientation and frame asked for, each its own', async () => {
    const [blue, red] = (await insertTestArtworks(t.db, [{ title: 'Blue Bay' }, { title: 'Red Dune' }])) as [
      number,
      number,
    ];
    const palette = (family: string) => JSON.stringify([{ hex: '#808080', weight: 1, family }]);
    await t.db
      .updateTable('artworks')
      .set({ palette: palette('blue'), orientation: 'landscape', master_width: 4200, master_height: 2970 })
      .where('id', '=', blue)
      .execute();
    await t.db
      .updateTable('artworks')
      .set({ palette: palette('red'), orientation: 'portrait' })
      .where('id', '=', red)
      .execute();
    for (const id of [blue, red]) await syncArtworkFacets(t.db, id);
    const wanted: Record<string, number[]> = {
      'color=blue': [blue],
      'color=red': [red],
      'orientation=landscape': [blue],
      'orientation=portrait': [red],
      'frame=a4': [blue],
      'frame=24x36': [],
      'color=red&frame=a4': [],
    };
    const kept = oneCache.size.answers;
    for (const round of [1, 2]) {
      for (const [query, ids] of Object.entries(wanted)) {
        const body = (await fetch(`${origins[0]}/api/artworks?${query}`).then((response) => response.json())) as {
          items: Array<{ id: number }>;
        };
        expect({ round, query, ids: body.items.map((item) => item.id) }).toEqual({ round, query, ids });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(oneCache.size.answers).toBe(kept + Object.keys(wanted).length);
  });
});
