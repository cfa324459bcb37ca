import { dayOf } from '#shared/analytics/funnel.ts';
import type { EventBus } from '../../events/event-bus';
import { addDailyCounts, orderSalesByArtwork } from './repository';

/**
 * A payment counts as a sale of each artwork in the order, with what its lines came to (after discounts), on the
 * day it was paid. In the payment's own transaction: counted exactly once, however often the payment is reported,
 * and at the cost of two statements on the payment's path. A refund does not take the sale back: the funnel shows
 * what buyers did, the orders page what they kept.
 */
export function registerAnalyticsListeners(events: EventBus): void {
  events.onInTransaction('order.paid', async (trx, event, { now }) => {
    const day = dayOf(now);
    const sales = await orderSalesByArtwork(trx, event.orderId);
    await addDailyCounts(
      trx,
      sales.map((sale) => ({ day, artworkId: sale.artworkId, sales: 1, revenueCents: sale.revenueCents })),
    );
  });
}
