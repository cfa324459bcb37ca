import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateParamsSchema,
  licenceCertificateSchema,
  licenceParamsSchema,
  licenceTermsListSchema,
  licenceTermsSchema,
  licenceTermsUpdateSchema,
} from '#shared/licences/licence-schema.ts';
import { requireAdmin, requireUser } from '../auth';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import { certificatePdfOf, findCertificate, type CertificateDeps } from './certificate-service';
import { listCurrentTerms, saveTerms } from './terms-service';

export type LicenceDeps = CertificateDeps;

export function licenceRoutes(deps: LicenceDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/licence-terms', { schema: { response: { 200: licenceTermsListSchema } } }, async () => ({
      terms: await listCurrentTerms(deps.db),
    }));

    app.put(
      '/api/admin/licence-terms/:licence',
      {
        onRequest: requireAdmin,
        schema: { params: licenceParamsSchema, body: licenceTermsUpdateSchema, response: { 200: licenceTermsSchema } },
      },
      async (request) => saveTerms(deps.db, request.params.licence, request.body),
    );

    // Public: whoever holds a certificate's number can check it, and sees only what the certificate prints.
    app.get(
      '/api/licences/:certificateNumber',
      { schema: { params: certificateParamsSchema, response: { 200: licenceCertificateSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return findCertificate(deps, request.user ?? null, request.params.certificateNumber);
      },
    );

    app.get(
      '/api/licences/:certificateNumber/pdf',
      { onRequest: requireUser, schema: { params: certificateParamsSchema } },
      async (request, reply) => {
        const { pdf, certificate } = await certificatePdfOf(deps, request.user!, request.params.certificateNumber);
        reply.header('Cache-Control', 'private, no-store');
        reply.header(
          'Content-Disposition',
          attachmentDisposition(`License certificate ${certificate.certificateNumber}.pdf`),
        );
        return reply.type('application/pdf').send(pdf);
      },
    );
  };
}
