import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses what the app builds per request (API JSON, the HTML shell, sitemap) when the browser accepts it,
 * with a Brotli level that costs little CPU. Built assets go out from their precompressed copies instead
 * (npm run build makes them), and images are compressed already.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
