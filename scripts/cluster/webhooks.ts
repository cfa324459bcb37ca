// Stripe's side of the webhook: an event's JSON (from the Stripe-protocol server), signed with the endpoint's
// secret as Stripe signs it, POSTed to the store, and sent again after a failure with growing waits, as Stripe
// retries a delivery that did not answer 2xx. Each attempt is signed anew: Stripe's signature carries its send
// time, and the store refuses an old one.
import Stripe from 'stripe';
import { UPSTREAM_HEADER } from '../benchmarks/shared/store-http';

/** Shorter than Stripe's (minutes to days) so a run stays short; growing the same way. */
export const RETRY_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000, 4_000, 8_000];

export interface Delivery {
  /** The HTTP status, or the error code when no answer came (ECONNREFUSED, a reset). */
  status: number | string;
  upstream: string;
}

export interface RetriedDelivery extends Delivery {
  attempts: number;
}

export async function deliverEvent(origin: string, secret: string, payload: string): Promise<Delivery> {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  try {
    const response = await fetch(`${origin}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Stripe-Signature': signature,
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return { status: response.status, upstream: response.headers.get(UPSTREAM_HEADER) ?? '' };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: cause?.code ?? (error instanceof Error ? error.name : String(error)), upstream: '' };
  }
}

const succeeded = (delivery: Delivery) =>
  typeof delivery.status === 'number' && delivery.status >= 200 && delivery.status < 300;

/** Delivers until a 2xx answer or the waits run out; the last delivery's outcome and how many attempts it took. */
export async function deliverWithRetries(origin: string, secret: string, payload: string): Promise<RetriedDelivery> {
  let delivery = await deliverEvent(origin, secret, payload);
  let attempts = 1;
  for (const wait of RETRY_DELAYS_MS) {
    if (succeeded(delivery)) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    delivery = await deliverEvent(origin, secret, payload);
    attempts++;
  }
  return { ...delivery, attempts };
}
