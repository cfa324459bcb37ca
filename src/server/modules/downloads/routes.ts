import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  downloadLinkSchema,
  downloadListSchema,
  downloadRequestBodySchema,
  downloadRequestParamsSchema,
} from '#shared/downloads-schema.ts';
import { requireUser } from '../auth/current-user';
import { listDownloads, requestDownload, type DownloadDeps } from './service';

export function downloadRoutes(deps: DownloadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser);

    app.get('/api/downloads', { schema: { response: { 200: downloadListSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { orders: await listDownloads(deps, request.user!) };
    });

    // POST: a link is handed out (and logged) only on purpose, never by a prefetch or a crawler following a GET.
    app.post(
      '/api/downloads/:itemId',
      {
        schema: {
          params: downloadRequestParamsSchema,
          body: downloadRequestBodySchema,
          response: { 200: downloadLinkSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return requestDownload(deps, request.user!, request.params.itemId, request.body.format, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
      },
    );
  };
}
