import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  downloadLinkSchema,
  downloadListSchema,
  downloadRequestBodySchema,
  downloadRequestParamsSchema,
} from '#shared/orders/downloads-schema.ts';
import { requireUser } from '../auth';
import { holderOfUser } from './entitlement';
import { requestPackZip } from './pack-zip-link';
import { requestSetZip } from './set-zip-link';
import { listDownloads, requestDownload, type DownloadDeps } from './service';

const clientOf = (request: FastifyRequest) => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

export function downloadRoutes(deps: DownloadDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser);

    app.get('/api/downloads', { schema: { response: { 200: downloadListSchema } } }, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { orders: await listDownloads(deps, holderOfUser(request.user!)) };
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
        return requestDownload(
          deps,
          holderOfUser(request.user!),
          request.params.itemId,
          request.body,
          clientOf(request),
        );
      },
    );

    // The whole print pack: one download counted, and a link to the route that streams it (pack-zip-route.ts).
    app.post(
      '/api/downloads/:itemId/zip',
      { schema: { params: downloadRequestParamsSchema, response: { 200: downloadLinkSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return requestPackZip(deps, holderOfUser(request.user!), request.params.itemId, clientOf(request));
      },
    );

    // The whole set the line was bought in: one download of each piece counted, and a link to set-zip-route.ts.
    app.post(
      '/api/downloads/:itemId/set-zip',
      { schema: { params: downloadRequestParamsSchema, response: { 200: downloadLinkSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return requestSetZip(deps, holderOfUser(request.user!), request.params.itemId, clientOf(request));
      },
    );
  };
}
