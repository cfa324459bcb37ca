import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isSiteRoute } from '../../shared/site-routes';
import { NotFoundError } from '../errors';
import { getArtworkDetail } from '../modules/artworks/service';
import { userOfSession } from '../modules/auth/service';
import { readSessionToken } from '../modules/auth/session-cookie';
import { artworkPageMeta, defaultPageMeta, renderPageHtml, type PageMeta } from './page-meta';
import { withRenderedPage, type PageRenderer } from './server-render';
import { LOCAL_FILES_PREFIX } from '../providers/storage/local-storage';

const ONE_YEAR_SECONDS = 31_536_000;

/** Stored files never change under a name (new content gets a new name), so browsers may keep them for a year. */
export async function registerLocalFiles(app: FastifyInstance, root: string): Promise<void> {
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: LOCAL_FILES_PREFIX,
    decorateReply: false,
    index: false,
    maxAge: ONE_YEAR_SECONDS * 1000,
    immutable: true,
  });
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and index.html for
 * every page of the site (404 status for paths that are no page, so crawlers see the truth).
 */
export async function registerClientApp(app: FastifyInstance, clientDir: string, renderer: PageRenderer | null = null): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const { publicUrl, storeName } = app.config;

  /**
   * An artwork page carries that artwork's tags; every other page, the store's own. An artwork page whose
   * artwork does not exist is a page that does not exist: status 404, so crawlers drop it.
   */
  async function metaFor(pathname: string): Promise<{ meta: PageMeta; exists: boolean }> {
    const artworkId = /^\/artwork\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (artworkId) {
      // Only "no such artwork" means 404: a database failure must not tell crawlers the page is gone.
      const artwork = await getArtworkDetail(app.db, artworkId).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      });
      if (artwork) return { meta: artworkPageMeta(artwork, publicUrl, storeName), exists: true };
      return { meta: defaultPageMeta(pathname, publicUrl, storeName), exists: false };
    }
    return { meta: defaultPageMeta(pathname, publicUrl, storeName), exists: isSiteRoute(pathname) };
  }

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      // npm run build writes .br and .gz copies; the browser gets the smallest one it accepts.
      preCompressed: true,
      // One route per built file, found at start: every other path reaches the page handler below.
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      indexHtml && request.method === 'GET' && !pathname.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsPage) return reply.status(404).send({ error: 'Not found' });
    const { meta, exists } = await metaFor(pathname);
    let html = renderPageHtml(indexHtml, meta);
    if (renderer && isSiteRoute(pathname)) {
      const token = readSessionToken(request, app.config);
      const user = token ? await userOfSession({ db: app.db, config: app.config }, token) : null;
      const page = await renderer(new URL(request.url, app.config.publicUrl), user);
      if (page) html = withRenderedPage(html, page);
    }
    // The not-found handler misses the compression hook that routes get, so the page is compressed here.
    const encoding = /\bbr\b/.test(String(request.headers['accept-encoding'])) ? 'br' : /\bgzip\b/.test(String(request.headers['accept-encoding'])) ? 'gzip' : null;
    // private: a server-rendered page can name the signed-in visitor, so no shared cache may keep it.
    reply.status(exists ? 200 : 404).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? zlib.brotliCompressSync(html) : zlib.gzipSync(html));
  });
}
