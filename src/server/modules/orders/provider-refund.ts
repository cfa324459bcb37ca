import type { OrderRow } from '../../db/schema';
import { ConflictError } from '../../errors';
import { RefundRefusedError } from '../../providers/payments/payment-provider';
import { applyOrderEvent } from './apply-order-event';
import type { OrderDeps } from './order-deps';

/**
 * Asks the payment provider to refund `amountCents` of the order (all that is left when undefined) under `key`, its
 * idempotency key (the same key refunds once), then applies the intent's refunded total through the order's
 * lifecycle. A refusal by the provider is a 409 in its words; `onProviderFailure` runs first when the provider
 * refused or could not be asked, so a caller can take back what it recorded for the refund.
 */
export async function refundThroughProvider(
  deps: OrderDeps,
  order: Pick<OrderRow, 'refunded_cents'> & { payment_intent_id: string },
  amountCents: number | undefined,
  key: string,
  onProviderFailure?: () => Promise<void>,
): Promise<void> {
  let refund;
  try {
    refund = await deps.payments.refund(order.payment_intent_id, amountCents, key);
  } catch (error) {
    await onProviderFailure?.();
    if (error instanceof RefundRefusedError) throw new ConflictError(error.message);
    throw error;
  }
  const intent = await deps.payments.retrieveIntent(order.payment_intent_id);
  const totalRefundedCents = intent?.amountRefunded ?? order.refunded_cents + refund.amount;
  await applyOrderEvent(
    deps,
    { paymentIntentId: order.payment_intent_id },
    { type: 'refund_total_changed', totalRefundedCents },
  );
}
