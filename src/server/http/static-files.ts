import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

const ONE_YEAR_SECONDS = 31_536_000;

/** Where the app serves the public files kept on local disk (DATA_DIR/files); the public store's URLs start so. */
export const PUBLIC_FILES_PATH = '/files/';

/** Stored files never change under a name (new content gets a new name), so browsers may keep them for a year. */
export function publicFileRoutes({ root }: { root: string }): FastifyPluginAsync {
  return async (app) => {
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: PUBLIC_FILES_PATH,
      decorateReply: false,
      index: false,
      maxAge: ONE_YEAR_SECONDS * 1000,
      immutable: true,
    });
  };
}

/** The built React app's files: hashed assets cached for a year, the rest for an hour. Pages are site-pages.ts's. */
export function clientAssetRoutes({ clientDir }: { clientDir: string }): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      index: false,
      // npm run build writes .br and .gz copies; the browser gets the smallest one it accepts.
      preCompressed: true,
      // One route per built file, found at start: every other path reaches the page route.
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'Cache-Control',
          immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600',
        );
      },
    });
  };
}
