import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  eurRateSavedSchema,
  eurRateWriteSchema,
  taxQuarterParamsSchema,
  taxReportQuerySchema,
  taxReportSchema,
  taxSettingsSchema,
} from '#shared/taxes/tax-report-schema.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { requireAdmin } from '../auth';
import { quarterReport, saveQuarterEurRate, taxSettingsView } from './tax-admin-service';
import { taxReportCsv } from './tax-report';

/**
 * The owner's taxes (decision 0043): the settings the server runs with, read-only; the quarterly report, as JSON for
 * the page and as CSV to keep or import; the euro rate kept per quarter. Every route passes the one admin guard.
 */
export function adminTaxRoutes({ db, config }: { db: Kysely<Database>; config: Config }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get('/api/admin/tax/settings', { schema: { response: { 200: taxSettingsSchema } } }, async () =>
      taxSettingsView(db, config),
    );
    app.get(
      '/api/admin/tax/report',
      { schema: { querystring: taxReportQuerySchema, response: { 200: taxReportSchema } } },
      async (request) => quarterReport(db, config, request.query.quarter, request.query.eurRate),
    );
    app.get('/api/admin/tax/report.csv', { schema: { querystring: taxReportQuerySchema } }, async (request, reply) => {
      const { quarter, eurRate } = request.query;
      const report = await quarterReport(db, config, quarter, eurRate);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="tax-${quarter}.csv"`)
        .send(taxReportCsv(report));
    });
    app.put(
      '/api/admin/tax/eur-rates/:quarter',
      { schema: { params: taxQuarterParamsSchema, body: eurRateWriteSchema, response: { 200: eurRateSavedSchema } } },
      async (request) => saveQuarterEurRate(db, config, request.params.quarter, request.body.rate),
    );
  };
}
