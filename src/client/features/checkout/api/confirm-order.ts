import type { OrderSummary } from '#shared/orders/checkout-schema.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { checkoutApi } from './checkout-api';

export const CONFIRM_ATTEMPTS = 6;
export const CONFIRM_RETRY_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server whether the order is paid; only its answer completes a purchase. A 409 means the provider has
 * not told the server yet (Stripe's webhook can arrive a moment after the browser hears of the payment), so it
 * asks again a few times before giving up.
 */
export async function confirmPaidOrder(
  paymentIntentId: string,
  wait: (ms: number) => Promise<void> = sleep,
  email?: string,
): Promise<OrderSummary> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await checkoutApi.confirmOrder(paymentIntentId, email);
    } catch (error) {
      const notPaidYet = error instanceof ApiError && error.status === 409;
      if (!notPaidYet || attempt >= CONFIRM_ATTEMPTS) throw error;
      await wait(CONFIRM_RETRY_MS);
    }
  }
}
