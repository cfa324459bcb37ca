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
import { ZIP_REQUESTS } from './zip-requests';
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

    // The whole print pack (one download counted, streamed by pack-zip-route.ts) and the whole set the line was
    // bought in (one download of each piece, streamed by set-zip-route.ts): a short-lived link to either.
    for (const [kind, request] of ZIP_REQUESTS) {
      app.post(
        `/api/downloads/:itemId/${kind}`,
        { schema: { params: downloadRequestParamsSchema, response: { 200: downloadLinkSchema } } },
        async (asked, reply) => {
          reply.header('Cache-Control', 'no-store');
          return request(deps, holderOfUser(asked.user!), asked.params.itemId, clientOf(asked));
        },
      );
    }
  };
}
