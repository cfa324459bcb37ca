import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { ApiError } from '../../lib/api-client';

/**
 * What to tell the customer when a step of the payment throws. The server's refusals carry their own words (and,
 * for a cart the server cannot price, which line is at fault in `details`); a non-JSON failure already reads
 * 'Server error: {status} {statusText}'; anything else, such as a dropped connection, gets the fallback
 * 'Payment failed'.
 */
export function paymentFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return CHECKOUT_MESSAGES.paymentFailed;
  const details = Object.values(error.details ?? {}).flat();
  const extra = details.filter((detail) => detail !== error.message);
  return [error.message, ...new Set(extra)].join(' ');
}
