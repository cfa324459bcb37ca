import type { OrderLine, OrderSummary } from '#shared/orders/checkout-schema.ts';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import { taxSummaryOf } from './order-tax-view';
import { paymentMethodText } from '../../providers/payments/payment-method-label';
import type { OrderDocumentRow } from '../taxes';
import { documentRefsOf } from '../taxes';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** Numbers a line's licence certificate (licences/certificate-number.ts). */
export type CertificateNumberer = (itemId: number) => string;

export function toOrderLine(item: OrderItemRow, certificateOf?: CertificateNumberer): OrderLine {
  return {
    artworkId: item.artwork_id,
    ...(item.set_id === null ? {} : { setId: item.set_id }),
    ...(item.upgrade_of_item_id === null ? {} : { upgradeOfItemId: item.upgrade_of_item_id }),
    ...(item.set_title === null ? {} : { setTitle: item.set_title }),
    title: item.title,
    artist: item.artist,
    listUnitAmount: item.list_unit_price_cents,
    unitAmount: item.unit_price_cents,
    quantity: item.quantity,
    discount: item.discount_cents,
    amount: item.line_total_cents,
    licence: item.licence,
    licenceTermsVersion: item.licence_terms_version,
    certificateNumber: certificateOf ? certificateOf(item.id) : null,
    ...(item.line_refund_id === null ? {} : { refunded: true }),
  };
}

/** An order as its customer and the owner see it: the snapshot taken at the sale, never today's catalogue. */
export function toOrderSummary(
  order: OrderRow,
  items: readonly OrderItemRow[],
  certificateOf: CertificateNumberer | undefined,
  /** The documents of the orders of the list (taxes/document-repository.ts findOrderDocuments). */
  documents: readonly OrderDocumentRow[],
): OrderSummary {
  // A licence starts with the payment: an order never paid has no certificates.
  const certified = order.paid_at ? certificateOf : undefined;
  return {
    orderNumber: order.order_number,
    paymentIntentId: order.payment_intent_id,
    status: order.status,
    customerEmail: order.customer_email,
    subtotal: order.subtotal_cents,
    discount: order.discount_cents,
    discountLabel: order.discount_label,
    amount: order.amount_cents,
    currency: order.currency,
    tax: taxSummaryOf(order, items),
    cardBrand: order.card_brand,
    cardLast4: order.card_last4,
    paymentMethod: paymentMethodText(order),
    paymentProcessing: order.payment_processing_at !== null && order.paid_at === null,
    createdAt: iso(order.created_at),
    paidAt: order.paid_at ? iso(order.paid_at) : null,
    items: items.filter((item) => item.order_id === order.id).map((item) => toOrderLine(item, certified)),
    documents: documentRefsOf(documents, order.id),
  };
}
