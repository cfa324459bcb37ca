import { ADMIN_ORDERS_PAGE_SIZE } from '#shared/orders/owner-orders.ts';
import type { AdminOrderDetail, AdminOrderRow, SalesSummary } from '#shared/orders/owner-orders-schema.ts';
import { canRefund, type OrderStatus } from '#shared/orders/order-lifecycle.ts';
import { FREE_ORDER_MESSAGES, FREE_ORDER_PROVIDER } from '#shared/orders/free-order.ts';
import type { OrderRow } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import {
  countDownloadsSince,
  findOrderByNumber,
  findOrderDownloads,
  findOrderHistory,
  salesSince,
  searchOrders,
  topArtworks,
} from './admin-repository';
import type { OrderDeps } from './order-deps';
import { refundThroughProvider } from './provider-refund';
import { toOrderLine } from './order-view';
import { taxSummaryOf } from './order-tax-view';
import { findOrderItems } from './repository';
import { documentRefsOf, findOrderDocuments } from '../taxes';
import { paymentMethodText } from '../../providers/payments/payment-method-label';

const iso = (value: Date | string) => new Date(value).toISOString();
const DAY_MS = 24 * 3_600_000;

function toRow(order: OrderRow, itemCount: number): AdminOrderRow {
  return {
    orderNumber: order.order_number,
    paymentIntentId: order.payment_intent_id,
    // Without the person once their account was deleted (decision 0074); the invoice keeps what it was issued with.
    customerEmail: order.account_deleted_at ? '' : order.customer_email,
    customerName: order.account_deleted_at ? '' : `${order.first_name} ${order.last_name}`.trim(),
    accountDeleted: order.account_deleted_at !== null,
    status: order.status,
    amount: order.amount_cents,
    refunded: order.refunded_cents,
    currency: order.currency,
    itemCount,
    createdAt: iso(order.created_at),
    paidAt: order.paid_at ? iso(order.paid_at) : null,
  };
}

export async function listOrders(
  deps: Pick<OrderDeps, 'db'>,
  query: { q?: string; status?: OrderStatus; page: number },
) {
  const { rows, total } = await searchOrders(deps.db, {
    ...query,
    // The number as the buyer reads it ('#7aa69243') is searched without its '#'.
    q: query.q?.replace(/^#/, ''),
    limit: ADMIN_ORDERS_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_ORDERS_PAGE_SIZE,
  });
  return { items: rows.map((row) => toRow(row, Number(row.itemCount ?? 0))), total, pageSize: ADMIN_ORDERS_PAGE_SIZE };
}

export async function getOrderDetail(deps: Pick<OrderDeps, 'db'>, orderNumber: string): Promise<AdminOrderDetail> {
  const order = await findOrderByNumber(deps.db, orderNumber);
  if (!order) throw new NotFoundError('Order not found');
  const [items, history, downloads, documents] = await Promise.all([
    findOrderItems(deps.db, [order.id]),
    findOrderHistory(deps.db, order.id),
    findOrderDownloads(deps.db, order.id),
    findOrderDocuments(deps.db, [order.id]),
  ]);
  return {
    ...toRow(
      order,
      items.reduce((sum, item) => sum + item.quantity, 0),
    ),
    subtotal: order.subtotal_cents,
    discount: order.discount_cents,
    discountLabel: order.discount_label,
    provider: order.provider,
    cardBrand: order.card_brand,
    cardLast4: order.card_last4,
    paymentMethod: paymentMethodText(order),
    items: items.map((item) => ({ ...toOrderLine(item), itemId: item.id, charged: item.net_cents + item.tax_cents })),
    tax: taxSummaryOf(order, items),
    guestLink: order.user_id === null ? { revoked: order.guest_link_revoked_at !== null } : null,
    taxEvidence: {
      billingCountry: order.billing_country,
      cardCountry: order.card_country,
      confirmedByBuyer: order.country_confirmed === 1,
      vatNumber: order.vat_number,
      vatNumberCheckedBy: order.vat_number_checked_by,
    },
    documents: documentRefsOf(documents, order.id),
    history: history.map((h) => ({ status: h.status, note: h.note, at: iso(h.created_at) })),
    downloads: downloads.map((d) => ({
      title: d.title,
      format: d.format,
      ipAddress: d.ip_address,
      userAgent: d.user_agent,
      at: iso(d.created_at),
    })),
  };
}

/**
 * The owner's Refund button: the provider pays back (all that is left, or `amount` cents), then its own total is
 * applied, the same way its later event is, so the two count once between them.
 */
export async function refundOrder(
  deps: OrderDeps,
  orderNumber: string,
  amount?: number,
  requestId?: string,
): Promise<AdminOrderDetail> {
  const order = await findOrderByNumber(deps.db, orderNumber);
  if (!order) throw new NotFoundError('Order not found');
  if (order.provider === FREE_ORDER_PROVIDER) throw new ConflictError(FREE_ORDER_MESSAGES.cannotRefund);
  if (!canRefund(order.status) || !order.payment_intent_id) {
    throw new ConflictError(`An order that is ${order.status.replace('_', ' ')} cannot be refunded.`);
  }
  const left = order.amount_cents - order.refunded_cents;
  if (amount !== undefined && amount > left)
    throw new ConflictError(
      `At most ${(left / 100).toFixed(2)} ${order.currency.toUpperCase()} is left to refund on this order.`,
    );
  // The same refund asked twice has the same key, and the provider makes it once: the page's id for it, or else
  // (an API client without one) what the order had refunded when it was asked.
  const key = `refund-${order.order_number}-${requestId ?? `${order.refunded_cents}-${amount ?? 'rest'}`}`;
  await refundThroughProvider(
    deps,
    { refunded_cents: order.refunded_cents, payment_intent_id: order.payment_intent_id },
    amount,
    key,
  );
  return getOrderDetail(deps, orderNumber);
}

export async function salesSummary(deps: Pick<OrderDeps, 'db'>): Promise<SalesSummary> {
  const now = new Date();
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  const [today, month, all, top, downloads] = await Promise.all([
    salesSince(deps.db, startOfDay),
    salesSince(deps.db, monthAgo),
    salesSince(deps.db, null),
    topArtworks(deps.db, 5),
    countDownloadsSince(deps.db, monthAgo),
  ]);
  return {
    revenue: { today: today.revenue, last30Days: month.revenue, allTime: all.revenue },
    orders: { today: today.orders, last30Days: month.orders, allTime: all.orders },
    discounts: { last30Days: month.discounts, allTime: all.discounts },
    topArtworks: top,
    downloadsLast30Days: downloads,
  };
}
