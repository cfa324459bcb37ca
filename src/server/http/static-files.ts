import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
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

/** The built React app's files: hashed assets cached for a year, the rest for an hour. Pages are site-pages.ts's. */
export async function registerClientAssets(app: FastifyInstance, clientDir: string): Promise<void> {
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
      res.header('Cache-Control', immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600');
    },
  });
}
