import type { EventBus } from '../../events/event-bus';
import { queueReviewRequest } from './review-request';
import { forgetReviewer } from './service';

/**
 * What reviews do when an order or an account changes, in its transaction: a paid order gets its one review
 * request, due two weeks later (sent then only with consent, and not for an order refunded by then); a deleted
 * account's reviews stop naming the person.
 */
export function registerReviewListeners(events: EventBus): void {
  events.onInTransaction('order.paid', (trx, event, { now }) => queueReviewRequest(trx, event.orderId, now));
  events.onInTransaction('account.deleted', (trx, event) => forgetReviewer(trx, event));
}
