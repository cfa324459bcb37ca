import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { UPLOAD_KINDS, UPLOAD_LIMITS } from '#shared/catalogue/artwork-write.ts';
import { uploadQuerySchema, uploadResponseSchema } from '#shared/catalogue/artwork-write-schema.ts';
import { FileRejectedError } from '../../errors';
import type { Database } from '../../db/schema';
import { requireAdmin } from '../auth';
import type { Stores } from './discard-stored-objects';
import { storeUploads } from './service';

export interface UploadRouteDeps extends Stores {
  db: Kysely<Database>;
}

/** The owner's uploads, into the public and private stores. */
export function uploadRoutes(deps: UploadRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The app's bodyLimit (1 MB) never applies here: the multipart reader takes the body as a stream, not through
    // Fastify's body parser. What bounds an upload is the reader's own limits: `fileSize` and `files` per kind
    // (UPLOAD_LIMITS, given with each request below: 300 MB for the master), and, in front, nginx's
    // client_max_body_size (deploy/nginx.conf). The default fileSize would otherwise be that 1 MB bodyLimit.
    await app.register(multipart, {
      limits: {
        fieldSize: 1024,
        fields: 5,
        parts: 20,
        fileSize: Math.max(...UPLOAD_KINDS.map((k) => UPLOAD_LIMITS[k].maxBytes)),
      },
    });

    app.post(
      '/api/uploads',
      // The owner check comes first, so nobody else gets as far as sending a file.
      { schema: { querystring: uploadQuerySchema, response: { 201: uploadResponseSchema } }, onRequest: requireAdmin },
      async (request, reply) => {
        if (!request.isMultipart()) throw new FileRejectedError('Send the files as multipart/form-data.');
        const { kind } = request.query;
        const { maxBytes, maxFiles } = UPLOAD_LIMITS[kind];
        // One more file than allowed is let in, so that "too many" is told apart from "just enough" (service.ts).
        const parts = request.files({ limits: { fileSize: maxBytes, files: maxFiles + 1 } });
        const stored = await storeUploads({ ...deps, log: request.log }, kind, parts);
        return reply.status(201).send({ files: stored });
      },
    );
  };
}
