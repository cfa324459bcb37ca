import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { detachOrdersOfAccount } from './account-deleted';
import { findOrderById } from './repository';

/**
 * What orders do after an order of theirs changed: a canceled or expired order's intent is canceled at the provider
 * when nobody is paying it yet, so the price of a checkout left open can no longer be charged. Asked again, the
 * provider leaves a canceled intent as it is; one whose payment got under way meanwhile is left alone too, and its
 * payment still makes the order paid (money taken is always recorded).
 */
export function registerOrderListeners(events: EventBus, deps: { db: Kysely<Database>; payments: PaymentProvider }) {
  events.onAfterCommit(['order.canceled'], 'orders.cancel-waiting-intent', async (event) => {
    const order = await findOrderById(deps.db, event.orderId);
    if (order?.payment_intent_id && !order.paid_at) await deps.payments.cancelIntent(order.payment_intent_id);
  });
  // A deleted account's orders stay, detached from it and from its address (decision 0074).
  events.onInTransaction('account.deleted', (trx, event, { now }) => detachOrdersOfAccount(trx, event, now));
}
