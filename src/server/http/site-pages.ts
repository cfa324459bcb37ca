import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../shared/accounts/auth-schema';
import { matchSitePage, sitePage, type SitePath } from '../../shared/store/site-pages';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { NotFoundError } from '../errors';
import { getArtworkDetail } from '../modules/artworks';
import { readSessionToken, userOfSession } from '../modules/auth';
import { approvedReviewsForPage } from '../modules/reviews';
import { getSetOnSale } from '../modules/sets';
import { artworkPageMeta, defaultPageMeta, renderPageHtml, type PageMeta } from './page-meta';
import { pageChunkPreloads } from './page-chunks';
import { setPageMeta } from './set-page-meta';
import { withRenderedPage, type PageRenderer } from './server-render';
import { clientAssetRoutes } from './static-files';

export interface SitePageDeps {
  db: Kysely<Database>;
  config: Config;
  /** The built client, whose index.html every page starts from. */
  clientDir: string;
  /** Renders a public page on the server; null without the server build (the browser renders it then). */
  renderer: PageRenderer | null;
  /** A page that exists only for some visitors or settings: for the others it is a 404 like any unknown path. */
  isHidden: (path: SitePath, user: Pick<SessionUser, 'role'> | null) => boolean;
}

/**
 * Serves the store's pages: the built index.html with the page's meta tags and, for public pages, the page rendered
 * on the server. A path that is no page answers 404 (with the not-found page), so crawlers see the truth. Pages go
 * through an ordinary route, so the app's one compression setup applies to them as to the API.
 */
export function sitePageRoutes({ db, config, clientDir, renderer, isHidden }: SitePageDeps): FastifyPluginAsync {
  return async (app) => {
    const indexFile = path.join(clientDir, 'index.html');
    // Tests of the API alone build the app without a client: every unknown path is then a JSON 404.
    if (!fs.existsSync(indexFile)) return;
    const indexHtml = fs.readFileSync(indexFile, 'utf8');
    const preloadsOf = pageChunkPreloads(clientDir);
    const { publicUrl, storeName } = config;

    /**
     * An artwork page carries that artwork's tags; every other page, the store's own. An artwork page whose
     * artwork does not exist is a page that does not exist: status 404, so crawlers drop it.
     */
    async function metaFor(
      pathname: string,
      page: ReturnType<typeof matchSitePage>,
    ): Promise<{ meta: PageMeta; exists: boolean }> {
      const artworkId = page?.path === '/artwork/:id' ? page.params.id : undefined;
      if (artworkId) {
        // Only "no such artwork" means 404: a database failure must not tell crawlers the page is gone.
        const artwork = await getArtworkDetail(db, artworkId, publicUrl).catch((error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        });
        if (artwork) {
          const reviews = artwork.rating ? await approvedReviewsForPage(db, artwork.id) : [];
          return { meta: artworkPageMeta(artwork, publicUrl, storeName, config.tax.currency, reviews), exists: true };
        }
        return { meta: defaultPageMeta(pathname, publicUrl, storeName), exists: false };
      }
      if (page?.path === '/sets/:id') {
        const id = page.params.id ?? '';
        // A set off sale, like an unknown one, is a page that is not there.
        const set = /^[1-9]\d{0,8}$/.test(id)
          ? await getSetOnSale(db, Number(id)).catch((error: unknown) => {
              if (error instanceof NotFoundError) return null;
              throw error;
            })
          : null;
        if (set) return { meta: setPageMeta(set, publicUrl, storeName, config.tax.currency), exists: true };
        return { meta: defaultPageMeta(pathname, publicUrl, storeName), exists: false };
      }
      return { meta: defaultPageMeta(pathname, publicUrl, storeName), exists: page !== null };
    }

    const dependsOnVisitor = (path: SitePath) =>
      new Set([isHidden(path, null), isHidden(path, { role: 'customer' }), isHidden(path, { role: 'admin' })]).size > 1;

    async function signedInUser(request: FastifyRequest) {
      const token = readSessionToken(request, config);
      return token ? userOfSession({ db, config }, token) : null;
    }

    await app.register(clientAssetRoutes({ clientDir }));

    app.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage = !pathname.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
      if (!wantsPage) return reply.callNotFound();
      // One trailing slash is allowed, as links are written either way; an empty segment ('//…') is no page.
      let page = pathname.includes('//') ? null : matchSitePage(pathname.replace(/\/$/, '') || '/');
      // Most pages are the same for every visitor, and their answer may be kept for everyone (see answer-cache/);
      // a page that exists only for some visitors is looked up per visitor, and kept only for anonymous ones.
      request.sharedAnswer = 'everyone';
      if (page && dependsOnVisitor(page.path)) {
        request.sharedAnswer = 'anonymous';
        if (isHidden(page.path, await signedInUser(request))) page = null;
      } else if (page && isHidden(page.path, null)) {
        page = null;
      }
      const { meta, exists } = await metaFor(pathname, page);
      let html = renderPageHtml(indexHtml, meta);
      if (page) html = html.replace('</head>', `${preloadsOf(page.path)}</head>`);
      if (renderer && page && sitePage(page.path).serverRendered) {
        // Rendered for nobody in particular: the page fills in the visitor's account after it starts.
        const rendered = await renderer(new URL(request.url, publicUrl));
        if (rendered) html = withRenderedPage(html, rendered);
      }
      return reply
        .status(exists ? 200 : 404)
        .header('Cache-Control', 'private, no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  };
}
