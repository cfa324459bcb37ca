import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { taxDocumentFileName } from '#shared/taxes/tax-document-format.ts';
import { taxDocumentContentSchema, taxDocumentParamsSchema } from '#shared/taxes/tax-document-schema.ts';
import type { Database } from '../../db/schema';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import { taxDocumentPdf } from './document-pdf';
import { visibleDocument } from './document-service';

export interface TaxDocumentDeps {
  db: Kysely<Database>;
}

/**
 * Invoices and credit notes for the buyer of their order and the owner (decision 0042). No guard hook: a
 * signed-out visitor gets the same 404 as a number that does not exist, rather than a 401 that would confirm it.
 */
export function taxDocumentRoutes(deps: TaxDocumentDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/tax-documents/:number',
      { schema: { params: taxDocumentParamsSchema, response: { 200: taxDocumentContentSchema } } },
      async (request, reply) => {
        // On the 404 too: nothing about a document is kept by a cache.
        reply.header('Cache-Control', 'private, no-store');
        return visibleDocument(deps.db, request.user ?? null, request.params.number);
      },
    );

    app.get(
      '/api/tax-documents/:number/pdf',
      { schema: { params: taxDocumentParamsSchema } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const content = await visibleDocument(deps.db, request.user ?? null, request.params.number);
        const pdf = await taxDocumentPdf(content);
        reply.header('Content-Disposition', attachmentDisposition(taxDocumentFileName(content.number)));
        return reply.type('application/pdf').send(pdf);
      },
    );
  };
}
