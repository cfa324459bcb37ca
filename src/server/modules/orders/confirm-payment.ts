import type { Customer } from '#shared/accounts/customer.ts';
import { CHECKOUT_RETURN_PATH } from '#shared/orders/checkout-return.ts';
import type { ConfirmPaymentAnswer } from '#shared/orders/confirm-payment-schema.ts';
import { ConflictError, InvalidInputError } from '../../errors';
import { ConfirmRefusedError, type ProviderIntent } from '../../providers/payments/payment-provider';
import { applyOrderEvent } from './apply-order-event';
import { NO_LONGER_PAYABLE, payableOrder, taxByMethod } from './card-country-tax';
import type { OrderDeps } from './order-deps';
import { customerOwns } from './order-customer';
import { orderSummariesOf } from './order-summaries';
import { recordPayment } from './record-payment';
import { findOrderByIntent } from './repository';

const UNKNOWN_DETAILS = 'Your payment details could not be read. Please enter them again.';

/**
 * POST /api/checkout/confirm-payment: the server confirms the payment with what the payment form collected, after
 * taxing the order by it (taxByMethod: a card's country, or the billing country for a method without a card). The
 * price is fixed before anything is charged, and nothing the browser says is believed: the provider tells what the
 * method is and how the confirmation went. A payment that succeeded is recorded here (the webhook may be first: it is
 * recorded once); one that settles later marks the order as processing until the provider's webhook ends it.
 */
export async function confirmPayment(
  deps: OrderDeps,
  customer: Customer,
  body: { paymentIntentId: string; confirmationId: string; country?: string | undefined },
): Promise<ConfirmPaymentAnswer> {
  const order = await payableOrder(deps, customer, body.paymentIntentId);
  const method = await deps.payments.readConfirmation(body.confirmationId);
  if (!method) throw new InvalidInputError(UNKNOWN_DETAILS, { confirmationId: [UNKNOWN_DETAILS] });
  const payment = await taxByMethod(deps, order, method, body.country ?? null);
  const answer = { payment, redirectUrl: null, message: null, order: null };
  if (payment.changed) return { ...answer, outcome: 'total_changed' };

  let intent: ProviderIntent;
  try {
    intent = await deps.payments.confirmIntent({
      intentId: body.paymentIntentId,
      confirmationId: body.confirmationId,
      returnUrl: `${deps.config.publicUrl}${CHECKOUT_RETURN_PATH}`,
    });
  } catch (error) {
    // Nothing was charged: the buyer chooses again (a method this store does not take, details used already).
    if (error instanceof ConfirmRefusedError)
      throw new InvalidInputError(error.message, { confirmationId: [error.message] });
    throw error;
  }
  switch (intent.status) {
    case 'succeeded':
    case 'processing':
      return { ...answer, ...(await settle(deps, customer, intent)) };
    case 'requires_action':
      return { ...answer, outcome: 'action', redirectUrl: intent.nextAction?.redirectUrl ?? null };
    case 'requires_payment_method':
    case 'requires_confirmation':
      return { ...answer, outcome: 'failed', message: intent.lastError?.message ?? 'The payment failed.' };
    default:
      throw new ConflictError(NO_LONGER_PAYABLE);
  }
}

/**
 * What the provider's intent says of the order, applied through its lifecycle: paid, or processing. Both the page
 * (here, and its return from a bank) and the webhook come this way, in any order and however often.
 */
export async function settle(
  deps: OrderDeps,
  customer: Customer,
  intent: ProviderIntent,
): Promise<Pick<ConfirmPaymentAnswer, 'outcome' | 'order'>> {
  if (intent.status === 'succeeded') await recordPayment(deps, intent);
  else await applyOrderEvent(deps, { paymentIntentId: intent.id }, { type: 'payment_processing' });
  const recorded = await findOrderByIntent(deps.db, intent.id);
  const [order] = recorded && customerOwns(customer, recorded) ? await orderSummariesOf(deps, [recorded]) : [];
  if (!order) throw new ConflictError(NO_LONGER_PAYABLE);
  return { outcome: order.paidAt ? 'paid' : 'processing', order };
}
