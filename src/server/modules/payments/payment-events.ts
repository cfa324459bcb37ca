import type { PaymentEvent } from '../../providers/payments/payment-provider';
import { applyOrderEvent, recordPayment } from '../orders';
import type { OrderDeps } from '../orders';

/**
 * The provider's notifications (Stripe's webhook, the test provider's events) as events of the order's lifecycle,
 * each applied once by its id.
 */
export async function handlePaymentEvent(deps: OrderDeps, event: PaymentEvent): Promise<void> {
  const providerEvent = { id: event.id, type: event.type };
  switch (event.type) {
    case 'ignored':
      return;
    case 'payment_intent.succeeded': {
      // A webhook's intent may not carry the card; the provider's current view does, and is the authority anyway.
      const intent = event.intent.card
        ? event.intent
        : ((await deps.payments.retrieveIntent(event.intent.id)) ?? event.intent);
      await recordPayment(deps, intent, event.id);
      return;
    }
    case 'payment_intent.processing':
      // A payment that settles later (a bank debit, a redirect method's bank): the order shows it as processing.
      await applyOrderEvent(
        deps,
        { paymentIntentId: event.intent.id },
        { type: 'payment_processing' },
        { providerEvent },
      );
      return;
    case 'payment_intent.payment_failed':
      await applyOrderEvent(
        deps,
        { paymentIntentId: event.intent.id },
        { type: 'payment_failed', reason: event.intent.lastError?.message ?? null },
        { providerEvent },
      );
      return;
    case 'charge.refunded':
      await applyOrderEvent(
        deps,
        { paymentIntentId: event.paymentIntentId },
        { type: 'refund_total_changed', totalRefundedCents: event.amountRefunded },
        { providerEvent },
      );
      return;
    case 'charge.dispute.created':
      await applyOrderEvent(
        deps,
        { paymentIntentId: event.paymentIntentId },
        { type: 'dispute_opened' },
        { providerEvent },
      );
      return;
    case 'charge.dispute.closed':
      await applyOrderEvent(
        deps,
        { paymentIntentId: event.paymentIntentId },
        { type: event.won ? 'dispute_won' : 'dispute_lost' },
        { providerEvent },
      );
      return;
  }
}
