import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';

const SHELL = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="shell" /><title>shell</title></head><body><div id="root"></div></body></html>`;

// A set's page as crawlers read it (decision 0066): its own tags, a Product with its own Offers and the pieces it is
// related to, a place in the sitemap; off sale, a 404 and out of the sitemap.
describe("a set's page for crawlers", () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof buildApp>>;
  let ids: number[];
  let setId: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const clientDir = path.join(t.dataDir, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
    ids = await insertTestArtworks(t.db, [
      { title: 'Left', price: 10, commercialPrice: 30 },
      { title: 'Right', price: 15, commercialPrice: 45 },
    ]);
    site = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://prints.example' }),
      db: t.db,
      clientDir,
      logger: false,
    });
    const owner = await signedInCookie(site, t.db, 'owner@shop.test', 'admin');
    const made = await site.inject({
      method: 'POST',
      url: '/api/admin/sets',
      payload: { title: 'Left & Right', artworkIds: ids, percentOff: 20, coverArtworkId: ids[1] },
      headers: { cookie: owner },
    });
    expect(made.statusCode, made.body).toBe(201);
    setId = made.json<{ id: number }>().id;
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  const page = (url: string) => site.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('has its own title and JSON-LD: a Product with an Offer per licence, related to its pieces', async () => {
    const answer = await page(`/sets/${setId}`);
    expect(answer.statusCode).toBe(200);
    const html = answer.body;
    expect(html).toContain('<title>Left &amp; Right | Wall Art Store</title>');
    expect(html).toContain(`<meta property="og:url" content="https://prints.example/sets/${setId}" />`);
    const product = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Left & Right',
      sku: `set-${setId}`,
      offers: [
        { '@type': 'Offer', price: '20.00', priceCurrency: 'USD' },
        { '@type': 'Offer', price: '60.00', priceCurrency: 'USD' },
      ],
      isRelatedTo: [
        { '@type': 'Product', name: 'Left', url: `https://prints.example/artwork/${ids[0]}` },
        { '@type': 'Product', name: 'Right', url: `https://prints.example/artwork/${ids[1]}` },
      ],
    });
    const sitemap = (await site.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`<loc>https://prints.example/sets/${setId}</loc>`);
  });

  it('is a 404 while a piece is unpublished, and for an unknown or malformed id', async () => {
    await t.db.updateTable('artworks').set({ status: 'draft' }).where('id', '=', ids[0]!).execute();
    expect((await page(`/sets/${setId}`)).statusCode).toBe(404);
    const sitemap = (await site.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).not.toContain('/sets/');
    await t.db.updateTable('artworks').set({ status: 'published' }).where('id', '=', ids[0]!).execute();
    expect((await page('/sets/999999')).statusCode).toBe(404);
    expect((await page('/sets/abc')).statusCode).toBe(404);
  });
});
