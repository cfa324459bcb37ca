import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  importAnswerSchema,
  importBodySchema,
  subscriberListQuerySchema,
  subscriberListSchema,
  type SubscriberList,
} from '#shared/mailing/mailing-list-schema.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { requireAdmin } from '../auth';
import { consentsCsv, importConsentsCsv } from './consents-csv';
import { countConsents, findConsents } from './consents-repository';

/** The owner's page lists this many rows; the CSV export has every one. */
const LIST_LIMIT = 500;
const asIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The owner's list: subscribers with their evidence and counts, the CSV export and the import with evidence. */
export function adminMailingListRoutes(deps: { db: Kysely<Database> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get(
      '/api/admin/mailing-list',
      { schema: { querystring: subscriberListQuerySchema, response: { 200: subscriberListSchema } } },
      async (request): Promise<SubscriberList> => {
        const rows = await findConsents(deps.db, { ...request.query, limit: LIST_LIMIT + 1 });
        return {
          subscribers: rows.slice(0, LIST_LIMIT).map((row) => ({
            id: row.id,
            email: row.email,
            kind: row.kind,
            status: row.status,
            source: row.source,
            consentedAt: asIso(row.consented_at)!,
            confirmedAt: asIso(row.confirmed_at),
            withdrawnAt: asIso(row.withdrawn_at),
            suppressed: row.suppressed,
          })),
          counts: await countConsents(deps.db),
          truncated: rows.length > LIST_LIMIT,
        };
      },
    );

    app.get('/api/admin/mailing-list/export.csv', async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="mailing-list-${day(new Date())}.csv"`)
        .send(await consentsCsv(deps.db)),
    );

    app.post(
      '/api/admin/mailing-list/import',
      { bodyLimit: 1_100_000, schema: { body: importBodySchema, response: { 200: importAnswerSchema } } },
      async (request) => importConsentsCsv(deps.db, request.body.csv),
    );
  };
}
