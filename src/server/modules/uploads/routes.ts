import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_KINDS, UPLOAD_LIMITS } from '../../../shared/artwork-write';
import { uploadResponseSchema } from '../../../shared/artwork-write-schema';
import { AppError } from '../../errors';
import { requireAdmin } from '../auth/current-user';
import { storeUploads, type IncomingFile } from './service';

const MB = 1024 * 1024;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fieldSize: 1024, fields: 5, parts: 20 } });

  app.post(
    '/api/uploads',
    {
      schema: { querystring: z.object({ kind: z.enum(UPLOAD_KINDS) }), response: { 201: uploadResponseSchema } },
      preHandler: requireAdmin,
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(400, 'Send the files as multipart/form-data.');
      const { kind } = request.query;
      const limits = UPLOAD_LIMITS[kind];
      const files: IncomingFile[] = [];
      try {
        // One more file than allowed is read, so that "too many" is told apart from "just enough".
        for await (const part of request.files({ limits: { fileSize: limits.maxBytes, files: limits.maxFiles + 1 } })) {
          files.push({ name: part.filename || 'file', bytes: await part.toBuffer() });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, `File too large: the limit is ${limits.maxBytes / MB} MB per file.`);
        }
        if (code === 'FST_FILES_LIMIT') throw new AppError(400, `Maximum ${limits.maxFiles} files allowed. Please remove some files first.`);
        throw error;
      }
      const stored = await storeUploads({ db: app.db, publicStore: app.storage, privateStore: app.privateStorage }, kind, files);
      return reply.status(201).send({ files: stored });
    },
  );
};
