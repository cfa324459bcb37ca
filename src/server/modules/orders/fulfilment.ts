import type { PaymentEvent, ProviderIntent } from '../../providers/payments/payment-provider';
import { storeSettingsOf } from '../settings/service';
import { receiptMessage } from './receipt-email';
import { applyRefundTotal, closeDispute, openDispute, queueRefundEmail, statusAfterRefunds } from './after-sale';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findOrderById, findOrderItems, lockOrderByIntent, recordOrderHistory, recordPaymentEvent, setOrderStatus } from './repository';
import type { OrderDeps } from './service';

/** Whether this intent is the one the order was priced for: the order's id, amount and currency. */
function matchesOrder(intent: ProviderIntent, order: { id: number; amount_cents: number; currency: string }): boolean {
  return intent.metadata.orderId === String(order.id) && intent.amount === order.amount_cents && intent.currency === order.currency;
}

/**
 * Turns "this intent succeeded" into a paid order, once, whichever path brings it first (the provider's event or
 * the page's confirmation) and however often. The event is recorded and the order, locked, moved in one
 * transaction; `paid_at` marks it done, so only the call that set it queues the receipt, in that same transaction
 * (decision 0026: paid and receipt queued, or neither; a failure rolls back both and the event is delivered again),
 * keyed by the order so it is queued once even so. Whatever the order's state (failed, cancelled by the
 * housekeeping), money taken is never left unrecorded. Returns whether this call paid it.
 */
export async function fulfilPayment(deps: OrderDeps, intent: ProviderIntent, eventId?: string): Promise<boolean> {
  if (intent.status !== 'succeeded') return false;
  const now = new Date();
  const paid = await deps.db.transaction().execute(async (trx) => {
    if (eventId && !(await recordPaymentEvent(trx, { id: eventId, type: 'payment_intent.succeeded', paymentIntentId: intent.id, now }))) return null;
    const order = await lockOrderByIntent(trx, intent.id);
    if (!order) {
      deps.log.error({ paymentIntentId: intent.id }, 'a payment succeeded for no order of this store');
      return null;
    }
    if (!matchesOrder(intent, order)) {
      deps.log.error({ orderId: order.id, paymentIntentId: intent.id, amount: intent.amount }, 'a payment does not match its order: not fulfilled');
      return null;
    }
    if (order.paid_at) return null;
    // A refund or dispute reported before the payment itself was kept on the order: it decides the status now.
    const status = order.status === 'disputed' ? 'disputed' : statusAfterRefunds(order, order.refunded_cents);
    await setOrderStatus(trx, order.id, { status, paidAt: now, card: intent.card, now });
    const paidWith = intent.card ? ` (${intent.card.brand} ending in ${intent.card.last4})` : '';
    await recordOrderHistory(trx, order.id, 'paid', `Payment succeeded${paidWith}`, now);
    if (status !== 'paid') await recordOrderHistory(trx, order.id, status, 'A refund or dispute reported before the payment applies', now);
    const mailIds = [await queueReceipt(deps, trx, order.id, `receipt:${order.order_number}`)];
    // A refund reported before the payment told nobody (there was no sale yet): the customer hears of it now,
    // after the receipt.
    if (status === 'refunded' || status === 'partially_refunded') {
      const paidOrder = await findOrderById(trx, order.id);
      if (paidOrder) mailIds.push(await queueRefundEmail(deps, trx, paidOrder, paidOrder.refunded_cents));
    }
    return { mailIds };
  });
  if (paid === null) return false;
  // Tried here, after the commit, so the answer still follows the receipt when the mail server is up; a failure
  // is logged, the sale stands, and the queue retries.
  await deps.mail.deliverQueued(paid.mailIds);
  return true;
}

/** Queues an order's receipt in `db` (a transaction or not), built from the order as `db` sees it. */
async function queueReceipt(deps: OrderDeps, db: Kysely<Database>, orderId: number, key?: string): Promise<number | undefined> {
  const order = await findOrderById(db, orderId);
  if (!order) return undefined;
  const items = await findOrderItems(db, [orderId]);
  const message = receiptMessage({ config: deps.config, settings: storeSettingsOf(deps.config) }, order, items);
  return deps.mail.enqueue(db, { ...message, kind: 'receipt', ref: order.order_number }, { key, deliverHere: true });
}

/** 'Send receipt again': a new message each time it is asked for (no key), tried at once, retried if need be. */
export async function sendReceipt(deps: OrderDeps, orderId: number): Promise<void> {
  try {
    await deps.mail.deliverQueued([await queueReceipt(deps, deps.db, orderId)]);
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'receipt could not be queued');
  }
}

/** A failed attempt marks a pending order failed; the customer may still pay it, which then wins. */
async function markFailed(deps: OrderDeps, intent: ProviderIntent, eventId: string): Promise<void> {
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await recordPaymentEvent(trx, { id: eventId, type: 'payment_intent.payment_failed', paymentIntentId: intent.id, now }))) return;
    const order = await lockOrderByIntent(trx, intent.id);
    if (order?.status === 'pending') {
      await setOrderStatus(trx, order.id, { status: 'failed', now });
      await recordOrderHistory(trx, order.id, 'failed', intent.lastError?.message ?? 'The payment failed', now);
    }
  });
}

/** The provider's notifications (Stripe's webhook, the test provider's events), each handled once by its id. */
export async function handlePaymentEvent(deps: OrderDeps, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'ignored':
      return;
    case 'payment_intent.payment_failed':
      return markFailed(deps, event.intent, event.id);
    case 'charge.refunded':
      return applyRefundTotal(deps, event.paymentIntentId, event.amountRefunded, event.id);
    case 'charge.dispute.created':
      return openDispute(deps, event.paymentIntentId, event.id);
    case 'charge.dispute.closed':
      return closeDispute(deps, event.paymentIntentId, event.won, event.id);
    case 'payment_intent.succeeded':
      break;
  }
  // A webhook's intent may not carry the card; the provider's current view does, and is the authority anyway.
  const intent = event.intent.card ? event.intent : ((await deps.payments.retrieveIntent(event.intent.id)) ?? event.intent);
  await fulfilPayment(deps, intent, event.id);
}
