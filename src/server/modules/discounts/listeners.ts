import type { EventBus } from '../../events/event-bus';
import { releaseUse } from './repository';
import { spendCodeUse } from './spend-code-use';

/** What discounts do when an order changes: in its transaction, so a code's uses are counted with the order. */
export function registerDiscountListeners(events: EventBus): void {
  // A discount code's use is counted with the payment that spends it, and given back with the order that cannot.
  events.onInTransaction('order.paid', (trx, event, { now }) => spendCodeUse(trx, event.orderId, now));
  events.onInTransaction('order.canceled', (trx, event) => releaseUse(trx, event.orderId));
}
