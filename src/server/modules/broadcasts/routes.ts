import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastDetailSchema,
  broadcastIdParamsSchema,
  broadcastListSchema,
  broadcastSendSchema,
  broadcastWriteSchema,
  testSendAnswerSchema,
} from '#shared/mailing/broadcast-schema.ts';
import { errorBodySchema } from '#shared/store/api-error-schema.ts';
import { requireAdmin } from '../auth';
import {
  broadcastDetail,
  changeBroadcast,
  createBroadcast,
  listOwnerBroadcasts,
  sendBroadcast,
  sendTest,
  type BroadcastDeps,
} from './service';

/** The owner's broadcasts: write, preview, test, send, and watch the sending. */
export function adminBroadcastRoutes(deps: BroadcastDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
    app.get('/api/admin/broadcasts', { schema: { response: { 200: broadcastListSchema } } }, async () => ({
      items: await listOwnerBroadcasts(deps.db),
    }));
    app.post(
      '/api/admin/broadcasts',
      { schema: { body: broadcastWriteSchema, response: { 201: broadcastDetailSchema, 400: errorBodySchema } } },
      async (request, reply) => reply.status(201).send(await createBroadcast(deps, request.body)),
    );
    app.get(
      '/api/admin/broadcasts/:id',
      { schema: { params: broadcastIdParamsSchema, response: { 200: broadcastDetailSchema, ...errors } } },
      async (request) => broadcastDetail(deps, request.params.id),
    );
    app.put(
      '/api/admin/broadcasts/:id',
      {
        schema: {
          params: broadcastIdParamsSchema,
          body: broadcastWriteSchema,
          response: { 200: broadcastDetailSchema, ...errors },
        },
      },
      async (request) => changeBroadcast(deps, request.params.id, request.body),
    );
    app.post(
      '/api/admin/broadcasts/:id/test',
      { schema: { params: broadcastIdParamsSchema, response: { 200: testSendAnswerSchema, ...errors } } },
      async (request) => sendTest(deps, request.params.id, request.user!.email),
    );
    app.post(
      '/api/admin/broadcasts/:id/send',
      {
        schema: {
          params: broadcastIdParamsSchema,
          body: broadcastSendSchema,
          response: { 200: broadcastDetailSchema, ...errors },
        },
      },
      async (request) => sendBroadcast(deps, request.params.id, request.body.ratePerMinute),
    );
  };
}
