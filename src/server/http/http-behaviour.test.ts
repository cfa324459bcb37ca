import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createAppStorages } from '../app';
import { loadConfig } from '../config';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';

describe('HTTP behaviour shared by every route', () => {
  let t: TestApp;
  let clientApp: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    t.app.get('/api/test-crash', async () => {
      throw new Error('database password is hunter2');
    });
    // A second app over the same database, serving a stand-in for the built client.
    const clientDir = path.join(t.dataDir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    // Past the 1 kB under which compression is not worth it, as every real page is.
    const filler = `<!-- ${'page text '.repeat(150)} -->`;
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      `<!doctype html><html><head><title>store</title></head><body>${filler}<div id="root"></div></body></html>`,
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    const storages = createAppStorages(config, t.db);
    await storages.publicStore.put('demo/x.webp', Buffer.from('RIFF'), 'image/webp');
    clientApp = await buildApp({ config, db: t.db, storages, clientDir, logger: false });
  });
  afterAll(async () => {
    await clientApp.close();
    await t.close();
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/api/health', '/api/nope', '/shop']) {
      const response = await clientApp.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('hides the internals of a server error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
  });

  it('answers malformed JSON to a route that takes JSON with 400 and says so, not 500', async () => {
    t.app.log.level = 'silent';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/JSON/);
  });

  it('names the fields at fault of a body that does not fit its route', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'short', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid request',
      details: { token: [expect.any(String)], password: ['Password must be at least 8 characters'] },
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await clientApp.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });

  it('serves the app shell for every page, with 404 for paths that are no page', async () => {
    const [artworkId] = await insertTestArtworks(t.db, [{}]);
    for (const url of ['/', '/shop?category=nature', `/artwork/${artworkId}`, '/admin/edit/3', '/reset-password']) {
      const response = await clientApp.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
    for (const url of ['/no-such-page', '/artwork/999999', '//', '//evil.example/shop', '/shop//']) {
      const missing = await clientApp.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('<div id="root"></div>');
    }
    await t.db
      .deleteFrom('artworks')
      .where('id', '=', artworkId as number)
      .execute();
  });

  it('compresses API answers and sends built assets from their precompressed copies', async () => {
    await insertTestArtworks(
      t.db,
      Array.from({ length: 5 }, () => ({ description: 'A long enough description. '.repeat(10) })),
    );
    /** A GET as a browser sends it, accepting these encodings (and, for a page, HTML). */
    const get = (url: string, headers: Record<string, string>) => clientApp.inject({ method: 'GET', url, headers });
    const api = await get('/api/artworks', { 'accept-encoding': 'br, gzip' });
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(api.rawPayload).toString()).total).toBe(5);
    const asset = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(asset.rawPayload).toString()).toBe('console.log(1)');
    const page = await get('/shop', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<div id="root"></div>');
    const brotliPage = await get('/shop', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(brotliPage.headers['content-encoding']).toBe('br');
    expect(brotliPage.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotliPage.rawPayload).toString()).toContain('<div id="root"></div>');
    const plain = await clientApp.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.body).toBe('console.log(1)');
  });

  it('caches hashed assets and stored files for a year', async () => {
    const asset = await clientApp.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const file = await clientApp.inject({ method: 'GET', url: '/files/demo/x.webp' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toContain('max-age=31536000');
    const escape = await clientApp.inject({ method: 'GET', url: '/files/../store.sqlite' });
    expect(escape.statusCode).toBe(404);
  });
});
