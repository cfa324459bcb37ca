import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';

const SHELL = `<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="shell" /><title>shell</title></head><body><div id="root"></div></body></html>`;

describe('pages that crawlers can read', () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof buildApp>>;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const clientDir = path.join(t.dataDir, 'client');
    fs.mkdirSync(clientDir, { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
    ids = await insertTestArtworks(t.db, [
      {
        title: 'Dune & "Sky" <Study>',
        artist: 'Ana Lee',
        price: 12.5,
        description: 'Warm sand under a pale sky. </script><script>alert(1)</script>',
        images: [
          { url: '/files/a-400.webp', width: 400, height: 500 },
          { url: '/files/a-800.webp', width: 800, height: 1000 },
        ],
      },
      { title: 'Second' },
      // Pay what you want from 3.00, suggested 8.00 (decision 0059).
      { title: 'Chosen', price: 8, minimumPrice: 3 },
    ]);
    site = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://prints.example' }),
      db: t.db,
      clientDir,
      logger: false,
    });
  });
  afterAll(async () => {
    await site.close();
    await t.close();
  });

  const page = (url: string) => site.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('puts the artwork title, description, Open Graph, Twitter and Product JSON-LD into the first HTML', async () => {
    const html = (await page(`/artwork/${ids[0]}`)).body;
    expect(html).toContain('<title>Dune &amp; &quot;Sky&quot; &lt;Study&gt; by Ana Lee | Wall Art Store</title>');
    expect(html).not.toContain('<title>shell</title>');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="og:image" content="https://prints.example/files/a-800.webp" />');
    expect(html).toContain(`<meta property="og:url" content="https://prints.example/artwork/${ids[0]}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    // The description's own </script> cannot end the element early.
    expect(jsonLd).not.toContain('</script>');
    const product = JSON.parse(jsonLd);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Dune & "Sky" <Study>',
      offers: [{ '@type': 'Offer', name: 'Personal, non-commercial licence', price: '12.50', priceCurrency: 'USD' }],
    });
    // Data blocks only: nothing in the page runs as a script (the CSP allows none inline anyway).
    expect(html.match(/<script[^>]*>/g)?.every((tag) => /type="application\/(ld\+)?json"/.test(tag))).toBe(true);
    expect(html).not.toContain('google');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/files/a-800.webp" imagesrcset="/files/a-400.webp 400w, /files/a-800.webp 800w"',
    );
  });

  it('offers a pay-what-you-want artwork at its minimum in the JSON-LD, not at the suggested price', async () => {
    const html = (await page(`/artwork/${ids[2]}`)).body;
    const product = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '');
    expect(product.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Personal, non-commercial licence',
        url: `https://prints.example/artwork/${ids[2]}`,
        price: '3.00',
        priceCurrency: 'USD',
        priceSpecification: { '@type': 'PriceSpecification', minPrice: '3.00', priceCurrency: 'USD' },
        availability: 'https://schema.org/InStock',
      },
    ]);
    expect(html).not.toContain('8.00');
  });

  it("gives other pages and unknown artworks the store's own tags; an unknown artwork's page is a 404", async () => {
    const unknown = await page('/artwork/999999');
    expect(unknown.statusCode).toBe(404);
    expect((await page('/artwork/not-a-number')).statusCode).toBe(404);
    expect((await page(`/artwork/${ids[0]}`)).statusCode).toBe(200);
    expect(unknown.body).toContain('<title>Wall Art Store — Digital Art Prints</title>');
    expect((await page('/shop')).body).toContain('<meta property="og:url" content="https://prints.example/shop" />');
  });

  it("offers the artwork in the store's currency (STORE_CURRENCY)", async () => {
    const euros = await buildApp({
      config: loadConfig({
        DATA_DIR: t.dataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'https://prints.example',
        STORE_CURRENCY: 'eur',
      }),
      db: t.db,
      clientDir: path.join(t.dataDir, 'client'),
      logger: false,
    });
    try {
      const html = (await euros.inject({ method: 'GET', url: `/artwork/${ids[0]}`, headers: { accept: 'text/html' } }))
        .body;
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
      expect(JSON.parse(jsonLd).offers).toMatchObject([{ price: '12.50', priceCurrency: 'EUR' }]);
    } finally {
      await euros.close();
    }
  });

  it('lists every artwork and public page in /sitemap.xml, and points robots at it', async () => {
    const sitemap = await site.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const id of ids) expect(sitemap.body).toContain(`<loc>https://prints.example/artwork/${id}</loc>`);
    expect(sitemap.body).toContain('<loc>https://prints.example/shop</loc>');
    expect(sitemap.body).not.toContain('/admin');
    const robots = await site.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://prints.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /admin');
  });
});
