import { transition, type LifecycleOrder, type OrderEvent } from '#shared/orders/order-lifecycle.ts';
import type { OrderRow } from '../../db/schema';
import type { PendingAfterCommit } from '../../events/event-bus';
import type { LifecycleDeps } from './order-deps';
import { applyAskedLineRefunds } from './line-refunds';
import { domainEventsOf } from './order-domain-events';
import { queueLifecycleMails } from './order-mail';
import { lockOrderById, lockOrderByIntent, recordOrderHistory, recordPaymentEvent, setOrderStatus } from './repository';

/** Which order an event is about: the provider names its payment, the store its own row. */
export type OrderKey = { paymentIntentId: string } | { orderId: number };

/** What became of an event: delivered before, about no order, changing nothing, or applied. */
export type EventOutcome = 'repeated' | 'no-order' | 'unchanged' | 'changed';

export interface ApplyOptions {
  /** The provider's event that brought it: recorded in the same transaction, so a delivery again changes nothing. */
  providerEvent?: { id: string; type: string };
  now?: Date;
}

function lifecycleOf(order: OrderRow): LifecycleOrder {
  return {
    status: order.status,
    amountCents: order.amount_cents,
    refundedCents: order.refunded_cents,
    paid: order.paid_at !== null,
    processing: order.payment_processing_at !== null,
  };
}

/**
 * Every change of an order's status goes through here, whichever path brings it (the provider's webhook or test
 * events, the page's confirmation, the owner's refund, the housekeeping) and however often, at once on several
 * instances: in one transaction the provider's event id is recorded (exactly once), the order is locked (a payment,
 * a refund and a dispute about it are decided one after the other), the lifecycle decides, and the status, its
 * history, what happened (the domain events: a discount code's use, the invoice or credit note are their
 * in-transaction listeners', the work after the commit is written to the outbox) and the e-mails it sends are
 * written together (decision 0026: all or nothing; a failure rolls back all, and the provider delivers the event
 * again). The e-mails and the after-commit work are tried after the commit, so the answer follows them when the
 * mail server and Stripe are up; a failure is logged and left to the queue's and the outbox's retries.
 *
 * `event` may be decided from the locked order (null: nothing to apply), e.g. after checking a payment matches it.
 */
export async function applyOrderEvent(
  deps: LifecycleDeps,
  key: OrderKey,
  event: OrderEvent | ((order: OrderRow) => OrderEvent | null),
  options: ApplyOptions = {},
): Promise<EventOutcome> {
  const now = options.now ?? new Date();
  const nothing = (outcome: EventOutcome) => ({ outcome, mailIds: [], afterCommit: [] as PendingAfterCommit });
  const { outcome, mailIds, afterCommit } = await deps.db.transaction().execute(async (trx) => {
    const { providerEvent } = options;
    const paymentIntentId = 'paymentIntentId' in key ? key.paymentIntentId : null;
    if (providerEvent && !(await recordPaymentEvent(trx, { ...providerEvent, paymentIntentId, now })))
      return nothing('repeated');
    const order =
      'orderId' in key ? await lockOrderById(trx, key.orderId) : await lockOrderByIntent(trx, key.paymentIntentId);
    if (!order) return nothing('no-order');
    const decided = typeof event === 'function' ? event(order) : event;
    const next = decided && transition(lifecycleOf(order), decided);
    if (!decided || !next) return nothing('unchanged');
    await setOrderStatus(trx, order.id, {
      status: next.status,
      refundedCents: next.refundedCents,
      ...(next.paidNow ? { paidAt: now } : {}),
      card: decided.type === 'paid' ? decided.card : null,
      ...(next.processing === undefined ? {} : { processing: next.processing }),
      now,
    });
    // Money paid back on a paid order applies the owner's line refunds it covers (line-refunds.ts).
    const refundedLines =
      order.paid_at !== null && next.refundedCents > order.refunded_cents
        ? await applyAskedLineRefunds(trx, order.id, next.refundedCents - order.refunded_cents, now)
        : [];
    for (const row of next.history) await recordOrderHistory(trx, order.id, row.status, row.note, now);
    for (const line of refundedLines)
      await recordOrderHistory(trx, order.id, next.status, `Line refunded: ${line.title}`, now);
    const lineIds = refundedLines.map((line) => line.id);
    const afterCommit = await deps.events.emitAll(trx, domainEventsOf(order, decided, next, lineIds), now);
    // After the listeners: the mails link the invoice or credit note they issued.
    const mails = await queueLifecycleMails(
      deps,
      trx,
      order.id,
      next.mails,
      refundedLines.map((line) => line.title),
    );
    return { outcome: 'changed' as const, mailIds: mails, afterCommit };
  });
  await deps.mail.deliverQueued(mailIds);
  // After the commit, and never failing the event: the change stands whatever becomes of the work.
  await deps.events.runAfterCommit(afterCommit);
  return outcome;
}
