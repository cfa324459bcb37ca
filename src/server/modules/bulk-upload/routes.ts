import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Server } from '@tus/server';
import { BULK_UPLOAD_TUS_PATH } from '#shared/catalogue/bulk-upload.ts';
import {
  bulkBatchCreatedSchema,
  bulkBatchCreateSchema,
  bulkBatchIdParamsSchema,
  bulkBatchSchema,
  publishArtworksSchema,
  publishedSchema,
} from '#shared/catalogue/bulk-upload-schema.ts';
import { errorBodySchema } from '#shared/store/api-error-schema.ts';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { NotFoundError } from '../../errors';
import { requireAdmin } from '../auth';
import { publishArtworks } from '../artworks';
import { createBatch, readBatch } from './repository';

export interface BulkUploadRouteDeps {
  db: Kysely<Database>;
  /** Publication tells `artwork.published`, which drops the kept pages on every instance. */
  events: EventBus;
  tus: Server;
}

/**
 * The owner's bulk upload: a batch is started (with its price), its files go through the tus endpoint, the review
 * grid reads the batch back, and the drafts chosen are published in one step. Owner only, before any body is read;
 * the same-origin guard covers the tus requests like any other write to /api/.
 */
export function bulkUploadRoutes(deps: BulkUploadRouteDeps): FastifyPluginAsyncZod {
  const { db, events, tus } = deps;
  return async (app) => {
    app.addHook('onRequest', requireAdmin);

    // tus reads the request's body itself, as a stream: Fastify must leave it unread, and the answer is tus's own.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    app.all(BULK_UPLOAD_TUS_PATH, handOver);
    app.all(`${BULK_UPLOAD_TUS_PATH}/*`, handOver);

    app.post(
      '/api/admin/bulk-batches',
      { schema: { body: bulkBatchCreateSchema, response: { 201: bulkBatchCreatedSchema } } },
      async (request, reply) => reply.status(201).send({ id: await createBatch(db, request.body.price) }),
    );

    app.get(
      '/api/admin/bulk-batches/:id',
      { schema: { params: bulkBatchIdParamsSchema, response: { 200: bulkBatchSchema, 404: errorBodySchema } } },
      async (request) => {
        const batch = await readBatch(db, request.params.id);
        if (!batch) throw new NotFoundError('This batch does not exist.');
        return batch;
      },
    );

    app.post(
      '/api/admin/artworks/publish',
      { schema: { body: publishArtworksSchema, response: { 200: publishedSchema } } },
      async (request) => ({ published: (await publishArtworks({ db, events }, request.body.ids)).length }),
    );
  };
}
