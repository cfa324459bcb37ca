import type { PaymentEvent, ProviderIntent } from '../../providers/payments/payment-provider';
import { storeSettingsOf } from '../settings/service';
import { receiptMessage } from './receipt-email';
import { applyRefundTotal, closeDispute, openDispute, statusAfterRefunds } from './after-sale';
import { findOrderById, findOrderItems, lockOrderByIntent, recordOrderHistory, recordPaymentEvent, setOrderStatus } from './repository';
import type { OrderDeps } from './service';

/** Whether this intent is the one the order was priced for: the order's id, amount and currency. */
function matchesOrder(intent: ProviderIntent, order: { id: number; amount_cents: number; currency: string }): boolean {
  return intent.metadata.orderId === String(order.id) && intent.amount === order.amount_cents && intent.currency === order.currency;
}

/**
 * Turns "this intent succeeded" into a paid order, once, whichever path brings it first (the provider's event or
 * the page's confirmation) and however often. The event is recorded and the order, locked, moved in one
 * transaction; `paid_at` marks it done, so only the call that set it sends the receipt. Whatever the order's state
 * (failed, cancelled by the housekeeping), money taken is never left unrecorded. Returns whether this call paid it.
 */
export async function fulfilPayment(deps: OrderDeps, intent: ProviderIntent, eventId?: string): Promise<boolean> {
  if (intent.status !== 'succeeded') return false;
  const now = new Date();
  const paidOrderId = await deps.db.transaction().execute(async (trx) => {
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
    return order.id;
  });
  if (paidOrderId === null) return false;
  await sendReceipt(deps, paidOrderId);
  return true;
}

/** Sent after the commit, by the one call that paid the order; a mail failure is logged and the sale stands. */
export async function sendReceipt(deps: OrderDeps, orderId: number): Promise<void> {
  try {
    const order = await findOrderById(deps.db, orderId);
    if (!order) return;
    const items = await findOrderItems(deps.db, [orderId]);
    await deps.mail.send(receiptMessage({ config: deps.config, settings: storeSettingsOf(deps.config) }, order, items));
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'receipt could not be sent');
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
