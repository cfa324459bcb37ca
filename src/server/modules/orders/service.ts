import { randomBytes } from 'node:crypto';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import type { CreatePaymentIntentBody, OrderSummary, PaymentIntentAnswer } from '#shared/orders/checkout-schema.ts';
import { canResendReceipt } from '#shared/orders/order-lifecycle.ts';
import type { OrderRow } from '../../db/schema';
import { findOtherHeldOrders, holdCodeUse } from '../discounts';
import { applyOrderEvent } from './apply-order-event';
import { cartKeyOf, priceNewOrder } from './price-new-order';
import { taxSummaryOf } from './order-tax-view';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError } from '../../errors';
import { certificateNumberer } from '../licences';
import type { OrderDeps } from './order-deps';
import { sendReceipt } from './order-mail';
import { toOrderLine, toOrderSummary } from './order-view';
import { findOrderByNumber } from './admin-repository';
import { findOrderDocuments } from '../taxes';
import { recordPayment } from './record-payment';
import { releaseUnlessPaying } from './release-unless-paying';
import {
  findOrderByIntent,
  findOrderItems,
  findOrdersByEmail,
  findOpenOrderForCart,
  insertPendingOrder,
  setPaymentIntent,
} from './repository';

/** 'WA-' and 8 characters without look-alikes (no 0/O, 1/I): easy to read out over the phone. */
function newOrderNumber(): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `WA-${[...randomBytes(8)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/**
 * POST /api/create-payment-intent, with the server as the authority: one pending order per customer and cart
 * (asking again, from another tab or after a failed card, gives the same order and intent), priced from the
 * database, and one intent per order (the provider's idempotency key is the order's id).
 */
export async function createPaymentIntent(
  deps: OrderDeps,
  user: SessionUser,
  body: CreatePaymentIntentBody,
): Promise<PaymentIntentAnswer> {
  const now = new Date();
  const orderNumber = newOrderNumber();
  const priced = await priceNewOrder(deps, body, { userId: user.id, now, orderNumber });
  const cartKey = cartKeyOf(user.id, priced);
  const newId = await insertPendingOrder(deps.db, {
    orderNumber,
    userId: user.id,
    customerEmail: user.email,
    firstName: body.firstName ?? '',
    lastName: body.lastName ?? '',
    provider: deps.payments.name,
    cartKey,
    ...priced,
    currency: deps.config.tax.currency,
    now,
  });
  const order = await findOpenOrderForCart(deps.db, user.id, cartKey);
  if (!order) throw new ConflictError('Your order changed while it was being created. Please try again.');
  if (newId === undefined) deps.log.debug({ orderId: order.id }, 'same cart again: the pending order is reused');
  if (order.discount_id !== null) await holdCodeOrCancel(deps, order, user, now);

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
 * A code with a limit is held for this order before it can be paid (renewed when the checkout asks again). The
 * buyer's other checkouts holding it are let go first, unless a payment of theirs is under way (they keep their hold:
 * release-unless-paying.ts). When its last use went to someone else meanwhile, this order is cancelled, through the
 * lifecycle, so its price is never charged, and the buyer is told to check out again: the same cart without the code
 * is a new order.
 */
async function holdCodeOrCancel(deps: OrderDeps, order: OrderRow, user: SessionUser, now: Date): Promise<void> {
  const hold = { discountId: order.discount_id!, orderId: order.id, userId: user.id, now };
  for (const other of await findOtherHeldOrders(deps.db, hold)) await releaseUnlessPaying(deps, other, now);
  const problem = await holdCodeUse(deps.db, hold);
  if (!problem) return;
  await applyOrderEvent(deps, { orderId: order.id }, { type: 'canceled' }, { now });
  throw new InvalidInputError(problem, { code: [problem] });
}

/**
 * The page's word that the card went through. The provider is asked, never the browser believed: the intent must be
 * this customer's, succeeded, and for the order's amount and currency. The webhook may have been first; either
 * way the order is paid once.
 */
export async function confirmOrder(deps: OrderDeps, user: SessionUser, paymentIntentId: string): Promise<OrderSummary> {
  const order = await findOrderByIntent(deps.db, paymentIntentId);
  if (!order || order.user_id !== user.id) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
  if (!order.paid_at) {
    const intent = await deps.payments.retrieveIntent(paymentIntentId);
    if (!intent) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
    if (intent.status !== 'succeeded')
      throw new ConflictError(intent.lastError?.message ?? 'The payment has not gone through yet.');
    await recordPayment(deps, intent);
  }
  const [paid] = await findOrdersWithItems(deps, [paymentIntentId]);
  if (!paid?.paidAt) throw new ConflictError('The payment does not match this order.');
  return paid;
}

async function findOrdersWithItems(deps: OrderDeps, intentIds: string[]): Promise<OrderSummary[]> {
  const { db } = deps;
  const orders = (await Promise.all(intentIds.map((id) => findOrderByIntent(db, id)))).filter((o) => o !== undefined);
  const items = await findOrderItems(
    db,
    orders.map((o) => o.id),
  );
  const certificateOf = await certificateNumbererOf(deps);
  const documents = await findOrderDocuments(
    db,
    orders.map((o) => o.id),
  );
  return orders.map((order) => toOrderSummary(order, items, certificateOf, documents));
}

const certificateNumbererOf = (deps: Pick<OrderDeps, 'certificateSecret'>) =>
  deps.certificateSecret ? certificateNumberer(deps.certificateSecret) : Promise.resolve(undefined);

/** GET /api/orders/:email: the account with that address, or the owner; nobody else learns anything. */
export async function listOrdersByEmail(
  deps: Pick<OrderDeps, 'db' | 'certificateSecret'>,
  user: SessionUser,
  email: string,
): Promise<OrderSummary[]> {
  const wanted = email.trim().toLowerCase();
  if (user.role !== 'admin' && user.email !== wanted) throw new NotAllowedError('You can only see your own orders.');
  const orders = await findOrdersByEmail(deps.db, wanted);
  const items = await findOrderItems(
    deps.db,
    orders.map((o) => o.id),
  );
  const certificateOf = await certificateNumbererOf(deps);
  const documents = await findOrderDocuments(
    deps.db,
    orders.map((o) => o.id),
  );
  return orders.map((order) => toOrderSummary(order, items, certificateOf, documents));
}

/** 'Send receipt again' on the order history: the customer's own order, once it was paid. */
export async function resendReceipt(deps: OrderDeps, user: SessionUser, orderNumber: string): Promise<void> {
  const order = await findOrderByNumber(deps.db, orderNumber);
  if (!order || order.user_id !== user.id) throw new NotFoundError(CHECKOUT_MESSAGES.orderNotFound);
  if (!canResendReceipt({ status: order.status, paidAt: order.paid_at }))
    throw new ConflictError('This order has not been paid, so it has no receipt.');
  await sendReceipt(deps, order.id);
}
