import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { UPLOAD_LIMITS } from '#shared/artwork-write.ts';
import { uploadQuerySchema, uploadResponseSchema } from '#shared/artwork-write-schema.ts';
import { FileRejectedError } from '../../errors';
import type { Database } from '../../db/schema';
import { requireAdmin } from '../auth/current-user';
import type { Stores } from './discard-stored-objects';
import { storeUploads } from './service';

export interface UploadRouteDeps extends Stores {
  db: Kysely<Database>;
}

/** The owner's uploads, into the public and private stores. */
export function uploadRoutes(deps: UploadRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fieldSize: 1024, fields: 5, parts: 20 } });

    app.post(
      '/api/uploads',
      // The owner check comes first, so nobody else gets as far as sending a file.
      { schema: { querystring: uploadQuerySchema, response: { 201: uploadResponseSchema } }, onRequest: requireAdmin },
      async (request, reply) => {
        if (!request.isMultipart()) throw new FileRejectedError('Send the files as multipart/form-data.');
        const { kind } = request.query;
        const { maxBytes, maxFiles } = UPLOAD_LIMITS[kind];
        // One more file than allowed is read, so that "too many" is told apart from "just enough".
        const parts = request.files({ limits: { fileSize: maxBytes, files: maxFiles + 1 } });
        const stored = await storeUploads({ ...deps, log: request.log }, kind, parts);
        return reply.status(201).send({ files: stored });
      },
    );
  };
}
