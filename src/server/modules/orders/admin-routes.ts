import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrdersQuerySchema,
  lineRefundBodySchema,
  orderNumberParamsSchema,
  refundBodySchema,
  salesSummarySchema,
} from '#shared/orders/owner-orders-schema.ts';
import { requireAdmin } from '../auth';
import { getOrderDetail, listOrders, refundOrder, salesSummary } from './admin-service';
import type { OrderDeps } from './order-deps';
import { refundLine } from './refund-line';

/** The owner's orders and sales; every route passes the one admin guard before anything is read. */
export function adminOrderRoutes(deps: OrderDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
    });

    app.get(
      '/api/admin/orders',
      { schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrderListSchema } } },
      async (request) => listOrders(deps, request.query),
    );
    app.get(
      '/api/admin/orders/:orderNumber',
      { schema: { params: orderNumberParamsSchema, response: { 200: adminOrderDetailSchema } } },
      async (request) => getOrderDetail(deps, request.params.orderNumber),
    );
    app.post(
      '/api/admin/orders/:orderNumber/refund',
      {
        schema: { params: orderNumberParamsSchema, body: refundBodySchema, response: { 200: adminOrderDetailSchema } },
      },
      async (request) => refundOrder(deps, request.params.orderNumber, request.body.amount, request.body.requestId),
    );
    app.post(
      '/api/admin/orders/:orderNumber/refund-line',
      {
        schema: {
          params: orderNumberParamsSchema,
          body: lineRefundBodySchema,
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (request) => refundLine(deps, request.params.orderNumber, request.body),
    );
    app.get('/api/admin/sales', { schema: { response: { 200: salesSummarySchema } } }, async () => salesSummary(deps));
  };
}
