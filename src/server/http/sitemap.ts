import type { FastifyInstance } from 'fastify';
import { SITE_ROUTES } from '../../shared/site-routes';
import { escapeMarkup } from './escaping';

// Pages worth finding from a search engine; account, cart and owner pages are left out (and disallowed in robots).
const PRIVATE_PREFIXES = ['/admin', '/checkout', '/downloads', '/orders', '/cart', '/login', '/register', '/forgot-password', '/reset-password', '/confirm-email', '/stripe-test', '/orders-test', '/favorites'];
const MAX_URLS = 50_000;

export function registerSitemap(app: FastifyInstance): void {
  const publicUrl = app.config.publicUrl;

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), 'Disallow: /api/', `Sitemap: ${publicUrl}/sitemap.xml`];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const pages = SITE_ROUTES.filter((r) => !r.includes(':') && !PRIVATE_PREFIXES.some((p) => r.startsWith(p)));
    const artworks = await app.db
      .selectFrom('artworks')
      .select(['id', 'updated_at'])
      .orderBy('id', 'desc')
      .limit(MAX_URLS - pages.length)
      .execute();
    const urls = [
      ...pages.map((path) => `<url><loc>${escapeMarkup(publicUrl + path)}</loc></url>`),
      ...artworks.map(
        (a) => `<url><loc>${escapeMarkup(`${publicUrl}/artwork/${a.id}`)}</loc><lastmod>${new Date(a.updated_at).toISOString().slice(0, 10)}</lastmod></url>`,
      ),
    ];
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
  });
}
