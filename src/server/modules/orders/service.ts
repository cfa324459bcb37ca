import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import type { Customer } from '#shared/accounts/customer.ts';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import type { CreatePaymentIntentBody, OrderSummary, PaymentIntentAnswer } from '#shared/orders/checkout-schema.ts';
import { canResendReceipt } from '#shared/orders/order-lifecycle.ts';
import type { OrderRow } from '../../db/schema';
import { taxSummaryOf } from './order-tax-view';
import { ConflictError, NotAllowedError, NotFoundError } from '../../errors';
import type { OrderDeps } from './order-deps';
import { sendReceipt } from './order-mail';
import { toOrderLine } from './order-view';
import { orderSummariesOf } from './order-summaries';
import { findOrderByNumber } from './admin-repository';
import { customerOwns } from './order-customer';
import { openPendingOrder, priceOrderCart } from './open-pending-order';
import { recordPayment } from './record-payment';
import { applyOrderEvent } from './apply-order-event';
import { findOrderByIntent, findOrderItems, findOrdersByEmail, setPaymentIntent } from './repository';

/**
 * POST /api/create-payment-intent, with the server as the authority: one pending order per customer and cart
 * (asking again, from another tab or after a failed card, gives the same order and intent), priced from the
 * database, and one intent per order (the provider's idempotency key is the order's id).
 */
export async function createPaymentIntent(
  deps: OrderDeps,
  customer: Customer,
  body: CreatePaymentIntentBody,
): Promise<PaymentIntentAnswer> {
  const cart = await priceOrderCart(deps, customer, body, 'card');
  const order = await openPendingOrder(deps, customer, body, cart, deps.payments.name);
  if (!order) throw new ConflictError('Your order changed while it was being created. Please try again.');
  const now = cart.now;

  // An order keeps the intent it was given: a payment made on it must always find its order (the provider forgets
  // idempotency keys after a day, and asking again would then give a second intent).
  const existing = order.payment_intent_id ? await deps.payments.retrieveIntent(order.payment_intent_id) : null;
  const intent =
    existing ??
    (await deps.payments.createIntent({
      amount: order.amount_cents,
      currency: order.currency,
      orderId: order.id,
      orderNumber: order.order_number,
      customerEmail: order.customer_email,
      // The order's public number, not its row id: ids start again in a new database, and a Stripe account that
      // served a wiped or a second database would answer with another order's intent.
      idempotencyKey: `order-${order.order_number}`,
    }));
  if (order.payment_intent_id !== intent.id) await setPaymentIntent(deps.db, order.id, intent.id, now);
  return paymentAnswer(deps, order, intent);
}

/** What the checkout shows and pays: the order as priced and taxed, and its intent. */
export async function paymentAnswer(
  deps: OrderDeps,
  order: OrderRow,
  intent: { id: string; clientSecret: string },
): Promise<PaymentIntentAnswer> {
  const items = await findOrderItems(deps.db, [order.id]);
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    orderNumber: order.order_number,
    subtotal: order.subtotal_cents,
    discount: order.discount_cents,
    discountLabel: order.discount_label,
    amount: order.amount_cents,
    currency: order.currency,
    tax: taxSummaryOf(order, items),
    items: items.map((item) => toOrderLine(item)),
  };
}

/**
 * The page's word that the card went through. The provider is asked, never the browser believed: the intent must be
 * this customer's (a guest's: the intent's order made with the address they give again), succeeded, and for the
 * order's amount and currency. The webhook may have been first; either way the order is paid once.
 */
export async function confirmOrder(
  deps: OrderDeps,
  customer: Customer,
  paymentIntentId: string,
): Promise<OrderSummary> {
  const order = await findOrderByIntent(deps.db, paymentIntentId);
  if (!order || !customerOwns(customer, order)) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
  if (!order.paid_at) {
    const intent = await deps.payments.retrieveIntent(paymentIntentId);
    if (!intent) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
    // Settling (back from a bank, a debit): the order says so until the provider's word ends it.
    if (intent.status === 'processing') {
      await applyOrderEvent(deps, { paymentIntentId }, { type: 'payment_processing' });
      const [processing] = await orderSummariesOf(deps, [(await findOrderByIntent(deps.db, paymentIntentId))!]);
      return processing!;
    }
    if (intent.status !== 'succeeded')
      throw new ConflictError(intent.lastError?.message ?? 'The payment has not gone through yet.');
    await recordPayment(deps, intent);
  }
  // Read again: the payment was recorded just now, or by the webhook meanwhile.
  const recorded = await findOrderByIntent(deps.db, paymentIntentId);
  const [paid] = recorded ? await orderSummariesOf(deps, [recorded]) : [];
  if (!paid?.paidAt) throw new ConflictError('The payment does not match this order.');
  return paid;
}

/** GET /api/orders/:email: the account with that address, or the owner; nobody else learns anything. */
export async function listOrdersByEmail(
  deps: Pick<OrderDeps, 'db' | 'certificateSecret'>,
  user: SessionUser,
  email: string,
): Promise<OrderSummary[]> {
  const wanted = email.trim().toLowerCase();
  if (user.role !== 'admin' && user.email !== wanted) throw new NotAllowedError('You can only see your own orders.');
  return orderSummariesOf(deps, await findOrdersByEmail(deps.db, wanted));
}

/** 'Send receipt again' on the order history: the customer's own order, once it was paid. */
export async function resendReceipt(deps: OrderDeps, user: SessionUser, orderNumber: string): Promise<void> {
  const order = await findOrderByNumber(deps.db, orderNumber);
  if (!order || order.user_id !== user.id) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
  if (!canResendReceipt({ status: order.status, paidAt: order.paid_at }))
    throw new ConflictError('This order has not been paid, so it has no receipt.');
  await sendReceipt(deps, order.id);
}
