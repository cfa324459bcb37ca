import type { Kysely } from 'kysely';
import { formatMoneyCents } from '#shared/money/money.ts';
import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import type { Database } from '../../db/schema';
import { findOrderDocuments } from '../taxes';
import { findOrderItems } from './repository';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** An amount both ways: cents for a program, the formatted text (in the order's own currency) for a person. */
const money = (cents: number, currency: string) => ({ cents, formatted: formatMoneyCents(cents, currency) });

/**
 * An account's orders for the buyer's copy of their data: every order of the account (paid or not), its lines and
 * amounts, and the numbers of its invoices and credit notes. Only rows whose user_id is the account's: nothing of
 * anyone else's can appear.
 */
export async function ordersOfAccount(db: Kysely<Database>, userId: number) {
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ids = orders.map((order) => order.id);
  const [items, documents] = await Promise.all([findOrderItems(db, ids), findOrderDocuments(db, ids)]);
  return orders.map((order) => ({
    number: buyerOrderNumber({ paymentIntentId: order.payment_intent_id, orderNumber: order.order_number }),
    storeReference: order.order_number,
    createdAt: iso(order.created_at),
    paidAt: iso(order.paid_at),
    status: order.status,
    email: order.customer_email,
    name: `${order.first_name} ${order.last_name}`.trim(),
    currency: order.currency.toUpperCase(),
    subtotal: money(order.subtotal_cents, order.currency),
    discount: money(order.discount_cents, order.currency),
    tax: money(order.tax_cents, order.currency),
    total: money(order.amount_cents, order.currency),
    refunded: money(order.refunded_cents, order.currency),
    billingCountry: order.billing_country,
    vatNumber: order.vat_number,
    paymentMethod: order.payment_method_label ?? order.card_brand,
    lines: items
      .filter((item) => item.order_id === order.id)
      .map((item) => ({
        title: item.title,
        artist: item.artist,
        licence: item.licence,
        quantity: item.quantity,
        unitPrice: money(item.unit_price_cents, order.currency),
        total: money(item.line_total_cents, order.currency),
      })),
    documents: documents
      .filter((document) => document.orderId === order.id)
      .map((document) => ({ kind: document.kind, number: document.number, issuedAt: iso(document.issuedAt) })),
  }));
}

export type AccountOrderExport = Awaited<ReturnType<typeof ordersOfAccount>>[number];
