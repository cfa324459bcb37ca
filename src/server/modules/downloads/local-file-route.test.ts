import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '#test-support/test-database.ts';
import { registerErrorHandling } from '../../http/error-handler';
import { LocalStorage } from '../../providers/storage/local-storage';
import { LocalLinkSigner } from '../../providers/storage/signed-local-link';
import { localFileRoutes, SIGNED_FILES_PATH } from './local-file-route';
import { downloadSigningSecret } from './signing-secret';

// The route on its own, over a private folder and a database holding the signing secret: what the app mounts.
describe.each(TEST_ENGINES)('signed local download links on %s', (engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-links-'));
  let store: LocalStorage;
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const key = 'originals/1700000000000-a1b2c3d4e5f6.png';
  let t: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const signer = new LocalLinkSigner(downloadSigningSecret(t.db, undefined), SIGNED_FILES_PATH);
    store = new LocalStorage(path.join(dataDir, 'private'), { signer });
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    await app.register(localFileRoutes({ root: store.root, signer, storeName: 'Print & Co' }));
    await store.put(key, bytes, 'image/png');
    // Beside the private folder, never to be reached through it.
    fs.writeFileSync(path.join(dataDir, 'outside.txt'), 'not for you');
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const link = (options: { fileName?: string; expiresInSeconds?: number; key?: string } = {}) =>
    store.signedDownloadUrl(options.key ?? key, {
      fileName: options.fileName ?? 'Quiet Harbour.png',
      contentType: 'image/png',
      expiresInSeconds: options.expiresInSeconds ?? 900,
    });
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('hands out an app URL, not a path to the file', async () => {
    const url = await link();
    expect(url).toMatch(
      /^\/api\/downloads\/file\/originals\/1700000000000-a1b2c3d4e5f6\.png\?name=.+&type=.+&expires=\d+&sig=[\w-]+$/,
    );
  });

  it('serves the bytes as an attachment under the signed name, with its length, ranges and no caching', async () => {
    const response = await get(await link());
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Quiet Harbour.png"');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe('256');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('names the file in UTF-8 as well when the title is not plain ASCII', async () => {
    const response = await get(await link({ fileName: 'Été à Nice.png' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Ete a Nice.png"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Nice.png`,
    );
  });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const response = await get(await link(), { range: 'bytes=10-19' });
    expect(response.statusCode).toBe(206);
    expect([...response.rawPayload]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(response.headers['content-range']).toBe('bytes 10-19/256');
    expect(response.headers['content-length']).toBe('10');
  });

  it('answers HEAD with the length and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: await link() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('256');
    expect(response.body).toBe('');
  });

  it('refuses an expired link with a page that leads to a fresh one, or JSON for a script', async () => {
    const expired = await link({ expiresInSeconds: 0 });
    const page = await get(expired, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-disposition']).toBeUndefined();
    expect(page.body).toContain('This download link has expired.');
    expect(page.body).toContain('<a href="/downloads">');
    expect(page.body).toContain('Print &amp; Co');

    const json = await get(expired);
    expect(json.statusCode).toBe(403);
    expect(json.json().error).toMatch(/^This download link has expired\. .*My Downloads/);
  });

  it('refuses a link whose signature, key, name, type or time was changed', async () => {
    const url = new URL(await link(), 'http://store.test');
    const altered = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    const sig = url.searchParams.get('sig') ?? '';
    const tries = [
      altered((u) => u.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)),
      altered((u) => u.searchParams.set('sig', `${sig}A`)),
      altered((u) => u.searchParams.delete('sig')),
      altered((u) => (u.pathname = u.pathname.replace('a1b2', 'a1b3'))),
      altered((u) => u.searchParams.set('name', 'Other.png')),
      altered((u) => u.searchParams.set('type', 'text/html')),
      altered((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))),
    ];
    for (const attempt of tries) {
      const response = await get(attempt, { accept: 'text/html' });
      expect(response.statusCode, attempt).toBe(403);
      expect(response.body).toContain('This download link is not valid.');
    }
  });

  it('never serves a file outside the private folder', async () => {
    await expect(link({ key: '../outside.txt' })).rejects.toThrow();
    await expect(link({ key: 'originals/../../outside.txt' })).rejects.toThrow();
    const url = new URL(await link(), 'http://store.test');
    for (const pathname of [
      '/api/downloads/file/../outside.txt',
      '/api/downloads/file/%2e%2e/outside.txt',
      '/api/downloads/file/originals%2F..%2F..%2Foutside.txt',
    ]) {
      const response = await get(`${pathname}${url.search}`);
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('not for you');
    }
  });

  it('answers 404, not an attachment, for a signed key whose file is not there', async () => {
    const response = await get(await link({ key: 'originals/missing.png' }));
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});
