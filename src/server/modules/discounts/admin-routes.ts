import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  adminDiscountListSchema,
  adminDiscountSchema,
  discountIdParamsSchema as idParams,
  discountWriteSchemaIn,
} from '#shared/discounts/discounts-schema.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import type { Database } from '../../db/schema';
import { requireAdmin } from '../auth';
import { createDiscount, editDiscount, listAdminDiscounts, setDiscountActive } from './admin-service';

/**
 * The owner's discount codes, automatic sales and quantity breaks. Every route passes the one admin guard before the
 * body is read; a change drops the catalogue's kept answers through the app's owner-change hook, as artwork edits do.
 */
export function adminDiscountRoutes({
  db,
  currency,
}: {
  db: Kysely<Database>;
  currency: StoreCurrency;
}): FastifyPluginAsyncZod {
  const discountWriteSchema = discountWriteSchemaIn(currency);
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });
    const one = { params: idParams, response: { 200: adminDiscountSchema } };

    app.get('/api/admin/discounts', { schema: { response: { 200: adminDiscountListSchema } } }, async () => ({
      items: await listAdminDiscounts(db),
    }));
    app.post(
      '/api/admin/discounts',
      { schema: { body: discountWriteSchema, response: { 201: adminDiscountSchema } } },
      async (request, reply) => reply.status(201).send(await createDiscount(db, request.body)),
    );
    app.put('/api/admin/discounts/:id', { schema: { ...one, body: discountWriteSchema } }, async (request) =>
      editDiscount(db, request.params.id, request.body),
    );
    app.post('/api/admin/discounts/:id/deactivate', { schema: one }, async (request) =>
      setDiscountActive(db, request.params.id, false),
    );
    app.post('/api/admin/discounts/:id/activate', { schema: one }, async (request) =>
      setDiscountActive(db, request.params.id, true),
    );
  };
}
