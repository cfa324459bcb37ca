import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import type { OrderRow } from '../../db/schema';
import { certificateNumberer } from '../licences';
import { findOrderDocuments } from '../taxes';
import type { OrderDeps } from './order-deps';
import { toOrderSummary } from './order-view';
import { findOrderItems } from './repository';

/** Orders as their buyer sees them (order-view.ts), with their lines, certificates and tax documents read at once. */
export async function orderSummariesOf(
  deps: Pick<OrderDeps, 'db' | 'certificateSecret'>,
  orders: readonly OrderRow[],
): Promise<OrderSummary[]> {
  const ids = orders.map((o) => o.id);
  const [items, certificateOf, documents] = await Promise.all([
    findOrderItems(deps.db, ids),
    deps.certificateSecret ? certificateNumberer(deps.certificateSecret) : Promise.resolve(undefined),
    findOrderDocuments(deps.db, ids),
  ]);
  return orders.map((order) => toOrderSummary(order, items, certificateOf, documents));
}
