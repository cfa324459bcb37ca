import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { SITE_PAGES, SITE_PATHS } from '../../shared/store/site-pages';
import type { Database } from '../db/schema';
import { visibleToVisitors } from '../modules/artworks';
import { listSetsOnSale } from '../modules/sets';
import { escapeMarkup } from './escaping';

// The site list's sitemap pages at a fixed address; artworks' and sets' pages are listed one by one from the database.
const LISTED_PAGES = SITE_PATHS.filter((path) => SITE_PAGES[path].inSitemap && !path.includes(':'));

// Every other page is disallowed, by its path up to its first parameter. Rules match by prefix, so a page under
// another disallowed page's path needs no line of its own.
const unlisted = SITE_PATHS.filter((path) => !SITE_PAGES[path].inSitemap).map((path) => path.split('/:')[0] ?? path);
const DISALLOWED = [...new Set(unlisted)].filter((path) => !unlisted.some((other) => path.startsWith(`${other}/`)));
const MAX_URLS = 50_000;

export function sitemapRoutes({ db, publicUrl }: { db: Kysely<Database>; publicUrl: string }): FastifyPluginAsync {
  return async (app) => {
    app.get('/robots.txt', async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...DISALLOWED.map((p) => `Disallow: ${p}`),
        'Disallow: /api/',
        `Sitemap: ${publicUrl}/sitemap.xml`,
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(`${lines.join('\n')}\n`);
    });

    app.get('/sitemap.xml', async (_request, reply) => {
      const artworks = await db
        .selectFrom('artworks')
        .select(['id', 'updated_at'])
        .where(visibleToVisitors())
        .orderBy('id', 'desc')
        .limit(MAX_URLS - LISTED_PAGES.length)
        .execute();
      // Sets are few (the owner makes each by hand): those on sale, each at its own page.
      const sets = await listSetsOnSale(db);
      const urls = [
        ...LISTED_PAGES.map((path) => `<url><loc>${escapeMarkup(publicUrl + path)}</loc></url>`),
        ...sets.map((set) => `<url><loc>${escapeMarkup(`${publicUrl}/sets/${set.id}`)}</loc></url>`),
        ...artworks.map(
          (a) =>
            `<url><loc>${escapeMarkup(`${publicUrl}/artwork/${a.id}`)}</loc><lastmod>${new Date(a.updated_at).toISOString().slice(0, 10)}</lastmod></url>`,
        ),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
    });
  };
}
