import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_CSV_MAX_BYTES } from '#shared/imports/import-limits.ts';
import {
  importConfirmSchema,
  importIdParams,
  importPreviewSchema,
  importProgressSchema,
} from '#shared/imports/import-schema.ts';
import { FileRejectedError, FileTooLargeError } from '../../errors';
import { requireAdmin } from '../auth';
import { confirmImport, getImportPreview, importProgress, previewImport, type ImportDeps } from './service';

const tooLarge = () =>
  new FileTooLargeError(`The CSV is larger than ${IMPORT_CSV_MAX_BYTES / 2 ** 20} MB: split it.`, {
    file: ['too large'],
  });

/** The owner's catalogue import: a CSV uploaded and understood, then confirmed, then its pictures' progress. */
export function importRoutes(deps: ImportDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    await app.register(multipart, { limits: { fieldSize: 1024, fields: 2, parts: 3, files: 1 } });

    app.post('/api/admin/imports', { schema: { response: { 201: importPreviewSchema } } }, async (request, reply) => {
      if (!request.isMultipart())
        throw new FileRejectedError('Send the CSV as multipart/form-data.', { file: ['missing'] });
      const part = await request
        .file({ limits: { fileSize: IMPORT_CSV_MAX_BYTES, files: 1 } })
        // A form the multipart reader cannot start on (no boundary, a broken header) is the sender's mistake.
        .catch(() => {
          throw new FileRejectedError('The upload is not a readable multipart form: send the CSV again.', {
            file: ['unreadable'],
          });
        });
      if (!part) throw new FileRejectedError('Choose a CSV file to import.', { file: ['missing'] });
      // The CSV is parsed as it streams in; the multipart reader cuts it at the cap and says so.
      part.file.once('limit', () => part.file.destroy(tooLarge()));
      const preview = await previewImport(deps, part.filename || 'import.csv', part.file);
      if (part.file.truncated) throw tooLarge();
      return reply.status(201).send(preview);
    });

    app.get(
      '/api/admin/imports/:id',
      { schema: { params: importIdParams, response: { 200: importPreviewSchema } } },
      (request) => getImportPreview(deps, request.params.id),
    );

    app.post(
      '/api/admin/imports/:id/confirm',
      { schema: { params: importIdParams, body: importConfirmSchema, response: { 200: importProgressSchema } } },
      (request) => confirmImport(deps, request.params.id, request.body.rates),
    );

    app.get(
      '/api/admin/imports/:id/progress',
      { schema: { params: importIdParams, response: { 200: importProgressSchema } } },
      (request) => importProgress(deps, request.params.id),
    );
  };
}
