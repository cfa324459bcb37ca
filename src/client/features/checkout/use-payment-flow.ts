import { useRef, useState } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/checkout.ts';
import type { OrderSummary, PaymentIntentAnswer } from '#shared/checkout-schema.ts';
import { fromCents } from '#shared/money.ts';
import { ApiError } from '../../lib/api-client';
import type { PaymentIntentRequest } from './api/checkout-api';
import { useConfirmOrder, useCreatePaymentIntent } from './api/checkout-mutations';
import type { CardConfirmer, Payer } from './card-confirmer';
import { paymentFailureText } from './payment-failure';

export const CONFIRMATION_PENDING =
  'Your card was accepted, but the store has not confirmed your order yet. Please check again in a moment; you will not be charged twice.';

export interface PaymentFailure {
  message: string;
  /** The card form shows it beside the field at fault already. */
  shownAtField: boolean;
}

interface Callbacks {
  /** The server has confirmed the order as paid: only now is the purchase complete. */
  onPaid: (order: OrderSummary, paymentIntentId: string) => void;
  /** The session ended before paying (401); the page asks the customer to sign in again. */
  onSignedOut?: () => void;
  /**
   * The server refused the discount code when the order was made (400 naming `code`: its last use went to someone
   * else, it expired meanwhile): the page shows why by the code and lets the buyer pay without it.
   */
  onCodeRefused?: (message: string) => void;
}

/** What the buyer reads when the code was refused as they paid: nothing was charged, and the total has changed. */
export const CODE_REFUSED_AT_PAYMENT = 'Your discount code could not be used. Check the new total and pay again.';

// An intent is bound to what it charges for: the same lines for the same e-mail use it again after a decline (as
// Stripe intends, instead of leaving an abandoned order per attempt); a changed cart gets a new one.
const intentKey = (request: PaymentIntentRequest) =>
  JSON.stringify([
    request.email.trim().toLowerCase(),
    request.items.map((item) => [item.id, item.quantity]),
    request.code ?? '',
  ]);

/**
 * The payment: create the intent on the server, confirm it with the card form of the active provider, then
 * have the server confirm the order. States: idle, processing, failed (message shown, Pay usable again), and
 * 'unconfirmed' (the provider accepted the card but the server has not confirmed yet: no second payment is
 * offered, only asking again).
 */
export function usePaymentFlow(request: PaymentIntentRequest, { onPaid, onSignedOut, onCodeRefused }: Callbacks) {
  const createIntent = useCreatePaymentIntent();
  const confirmOrder = useConfirmOrder();
  const [intent, setIntent] = useState<{ key: string; answer: PaymentIntentAnswer } | null>(null);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [unconfirmedIntentId, setUnconfirmedIntentId] = useState<string | null>(null);
  // State updates land after the click that started a payment; this stops a second click in the meantime.
  const busy = useRef(false);

  const key = intentKey(request);
  const currentIntent = intent?.key === key ? intent.answer : null;
  const fail = (message: string, shownAtField = false) => setFailure({ message, shownAtField });

  async function run(steps: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    setFailure(null);
    try {
      await steps();
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }

  async function confirmWithServer(paymentIntentId: string) {
    try {
      const order = await confirmOrder.mutateAsync(paymentIntentId);
      if (order.status !== 'paid') throw new ApiError(409, CONFIRMATION_PENDING);
      setUnconfirmedIntentId(null);
      // A paid intent cannot pay again: another payment from the same form (the test page) starts a new one.
      setIntent(null);
      onPaid(order, paymentIntentId);
    } catch (error) {
      setUnconfirmedIntentId(paymentIntentId);
      fail(error instanceof ApiError && error.status === 409 ? CONFIRMATION_PENDING : paymentFailureText(error));
    }
  }

  const pay = (card: CardConfirmer | null, payer: Payer) =>
    run(async () => {
      if (!card) return fail(CHECKOUT_MESSAGES.cardInputMissing);
      try {
        if (!(await card.check())) return;
        let answer = currentIntent;
        if (!answer) {
          answer = await createIntent.mutateAsync(request);
          setIntent({ key, answer });
        }
        if (!answer.clientSecret) return fail(CHECKOUT_MESSAGES.noClientSecret);
        const outcome = await card.confirm(
          { clientSecret: answer.clientSecret, amount: fromCents(answer.amount) },
          payer,
        );
        if (outcome.status === 'failed') return fail(outcome.message, outcome.shownAtField);
        await confirmWithServer(outcome.paymentIntentId);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) onSignedOut?.();
        // An intent whose confirmation broke off may be in any state: the next attempt starts a fresh one.
        setIntent(null);
        const codeRefusal = error instanceof ApiError && error.status === 400 ? error.details?.code?.[0] : undefined;
        if (codeRefusal && onCodeRefused) {
          onCodeRefused(codeRefusal);
          return fail(CODE_REFUSED_AT_PAYMENT);
        }
        fail(paymentFailureText(error));
      }
    });

  const checkAgain = () =>
    run(async () => {
      if (unconfirmedIntentId) await confirmWithServer(unconfirmedIntentId);
    });

  return { processing, failure, intent: currentIntent, unconfirmed: unconfirmedIntentId !== null, pay, checkAgain };
}
