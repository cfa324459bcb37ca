import type { ProviderIntent } from '../../providers/payments/payment-provider';
import { applyOrderEvent, type EventOutcome } from './apply-order-event';
import type { LifecycleDeps } from './order-deps';

/** Whether this intent is the one the order was priced for: the order's id, amount and currency. */
function matchesOrder(intent: ProviderIntent, order: { id: number; amount_cents: number; currency: string }): boolean {
  return (
    intent.metadata.orderId === String(order.id) &&
    intent.amount === order.amount_cents &&
    intent.currency === order.currency
  );
}

/**
 * "This intent succeeded", from the provider's event (with its id) or the page's confirmation (without): the order
 * is paid once, whichever comes first and however often, and only if the intent is the one it was priced for.
 */
export async function recordPayment(
  deps: LifecycleDeps,
  intent: ProviderIntent,
  eventId?: string,
): Promise<EventOutcome> {
  if (intent.status !== 'succeeded') return 'unchanged';
  const outcome = await applyOrderEvent(
    deps,
    { paymentIntentId: intent.id },
    (order) => {
      if (matchesOrder(intent, order)) return { type: 'paid', card: intent.card };
      deps.log.error(
        { orderId: order.id, paymentIntentId: intent.id, amount: intent.amount },
        'a payment does not match its order: not fulfilled',
      );
      return null;
    },
    eventId ? { providerEvent: { id: eventId, type: 'payment_intent.succeeded' } } : {},
  );
  if (outcome === 'no-order')
    deps.log.error({ paymentIntentId: intent.id }, 'a payment succeeded for no order of this store');
  return outcome;
}
