import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxDocumentFileName } from '#shared/taxes/tax-document-format.ts';
import { taxDocumentParamsSchema } from '#shared/taxes/tax-document-schema.ts';
import {
  downloadLinkSchema,
  downloadRequestBodySchema,
  downloadRequestParamsSchema,
} from '#shared/orders/downloads-schema.ts';
import { guestLibrarySchema, guestTokenParamsSchema } from '#shared/orders/guest-orders-schema.ts';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import { attachmentDisposition } from '../../providers/storage/attachment-disposition';
import { NotFoundError } from '../../errors';
import { orderOfGuestLink } from '../orders';
import { documentOfOrder, documentRefsOf, findOrderDocuments, taxDocumentPdf } from '../taxes';
import { certificatePdfOf } from '../licences';
import { certificateParamsSchema } from '#shared/licences/licence-schema.ts';
import type { DownloadDeps } from './download-deps';
import type { DownloadHolder } from './entitlement';
import { ZIP_REQUESTS } from './zip-requests';
import { listDownloads, requestDownload } from './service';

/**
 * A guest's order library (decision 0058), reached with no session by its signed link: the order's lines with their
 * files, and its invoice and credit notes. Every download goes through the same entitlement check as an account's
 * (a refunded or disputed order downloads nothing), for this one order.
 */
export function guestLibraryRoutes(deps: DownloadDeps & { guestLinkSecret: SecretSource }): FastifyPluginAsyncZod {
  return async (app) => {
    const holderOf = async (token: string): Promise<{ holder: DownloadHolder; orderId: number; email: string }> => {
      const order = await orderOfGuestLink({ db: deps.db, guestLinkSecret: deps.guestLinkSecret }, token);
      return { holder: { userId: order.user_id, orderId: order.id }, orderId: order.id, email: order.customer_email };
    };
    const client = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
      ipAddress: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });

    app.get(
      '/api/guest-orders/:token',
      { schema: { params: guestTokenParamsSchema, response: { 200: guestLibrarySchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const { holder, orderId, email } = await holderOf(request.params.token);
        const [order] = await listDownloads(deps, holder);
        if (!order) throw new NotFoundError('This order has nothing to download.');
        const documents = documentRefsOf(await findOrderDocuments(deps.db, [orderId]), orderId);
        return { order, customerEmail: email, documents };
      },
    );

    // POST, as for an account: a link is handed out (and logged) only on purpose.
    app.post(
      '/api/guest-orders/:token/downloads/:itemId',
      {
        schema: {
          params: guestTokenParamsSchema.extend(downloadRequestParamsSchema.shape),
          body: downloadRequestBodySchema,
          response: { 200: downloadLinkSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const { holder } = await holderOf(request.params.token);
        return requestDownload(deps, holder, request.params.itemId, request.body, client(request));
      },
    );

    for (const [kind, request] of ZIP_REQUESTS) {
      app.post(
        `/api/guest-orders/:token/downloads/:itemId/${kind}`,
        {
          schema: {
            params: guestTokenParamsSchema.extend(downloadRequestParamsSchema.shape),
            response: { 200: downloadLinkSchema },
          },
        },
        async (asked, reply) => {
          reply.header('Cache-Control', 'no-store');
          const { holder } = await holderOf(asked.params.token);
          return request(deps, holder, asked.params.itemId, client(asked));
        },
      );
    }

    // A line's licence certificate as a PDF, as its buyer gets it from an account (decision 0040).
    app.get(
      '/api/guest-orders/:token/certificates/:certificateNumber/pdf',
      { schema: { params: guestTokenParamsSchema.extend(certificateParamsSchema.shape) } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const { orderId } = await holderOf(request.params.token);
        const { pdf, certificate } = await certificatePdfOf(
          { db: deps.db, config: deps.config, secret: deps.certificateSecret },
          { guestOrderId: orderId },
          request.params.certificateNumber,
        );
        reply.header(
          'Content-Disposition',
          attachmentDisposition(`License certificate ${certificate.certificateNumber}.pdf`),
        );
        return reply.type('application/pdf').send(pdf);
      },
    );

    app.get(
      '/api/guest-orders/:token/documents/:number/pdf',
      { schema: { params: guestTokenParamsSchema.extend(taxDocumentParamsSchema.shape) } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        const { orderId } = await holderOf(request.params.token);
        const content = await documentOfOrder(deps.db, orderId, request.params.number);
        reply.header('Content-Disposition', attachmentDisposition(taxDocumentFileName(content.number)));
        return reply.type('application/pdf').send(await taxDocumentPdf(content));
      },
    );
  };
}
