import { useRef, useState } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import type { OrderSummary, PaymentIntentAnswer } from '#shared/orders/checkout-schema.ts';
import { fromCents } from '#shared/money/money.ts';
import { ApiError } from '../../lib/api-client';
import type { PaymentIntentRequest } from './api/checkout-api';
import {
  useCompleteFreeOrder,
  useConfirmOrder,
  useConfirmPayment,
  useCreatePaymentIntent,
} from './api/checkout-mutations';
import type { CardConfirmer, Payer } from './card-confirmer';
import { rememberGuestEmail } from './guest-return-email';
import { paymentFailureText } from './payment-failure';

export const CONFIRMATION_PENDING =
  'Your card was accepted, but the store has not confirmed your order yet. Please check again in a moment; you will not be charged twice.';

export interface PaymentFailure {
  message: string;
  /** The card form shows it beside the field at fault already. */
  shownAtField: boolean;
}

interface Callbacks {
  /** The server has confirmed the order as paid (or completed it free): only now is the purchase complete. */
  onPaid: (order: OrderSummary) => void;
  /** The session ended before paying (401); the page asks the customer to sign in again. */
  onSignedOut?: () => void;
  /**
   * The server refused the discount code when the order was made (400 naming `code`: its last use went to someone
   * else, it expired meanwhile): the page shows why by the code and lets the buyer pay without it.
   */
  onCodeRefused?: (message: string) => void;
  /**
   * The billing address and the card name different countries: the buyer says which one they live in (VAT is
   * charged by it). Resolves with the country chosen, or null when they closed the question.
   */
  onCountryQuestion?: (question: CountryQuestion) => Promise<string | null>;
}

export interface CountryQuestion {
  message: string;
  /** The billing address's country, then the card's. */
  choices: [string, string];
}

/** The total moved when the card's country set the VAT: the buyer sees the new one before paying it. */
export const TOTAL_CHANGED =
  'The VAT, and so your total, changed with your country. Check the new total and press Pay again.';
export const COUNTRY_NOT_CHOSEN = 'Choose the country you live in to pay: VAT is charged by it.';

/** What the buyer reads when the code was refused as they paid: nothing was charged, and the total has changed. */
export const CODE_REFUSED_AT_PAYMENT = 'Your discount code could not be used. Check the new total and pay again.';

// An intent is bound to what it charges for: the same lines for the same e-mail use it again after a decline (as
// Stripe intends, instead of leaving an abandoned order per attempt); a changed cart gets a new one.
const intentKey = (request: PaymentIntentRequest) =>
  JSON.stringify([
    request.email.trim().toLowerCase(),
    (request.items ?? []).map((item) => [item.id, item.quantity, item.amount ?? null]),
    (request.sets ?? []).map((set) => [set.setId, set.licence ?? 'personal']),
    (request.upgrades ?? []).map((upgrade) => upgrade.itemId),
    request.code ?? '',
    request.country ?? '',
    request.vatNumber ?? '',
  ]);

/**
 * The payment: create the intent on the server, confirm it with the card form of the active provider, then
 * have the server confirm the order. States: idle, processing, failed (message shown, Pay usable again), and
 * 'unconfirmed' (the provider accepted the card but the server has not confirmed yet: no second payment is
 * offered, only asking again).
 */
export function usePaymentFlow(
  request: PaymentIntentRequest,
  { onPaid, onSignedOut, onCodeRefused, onCountryQuestion }: Callbacks,
) {
  const createIntent = useCreatePaymentIntent();
  const confirmOrder = useConfirmOrder();
  const completeFreeOrder = useCompleteFreeOrder();
  const confirmPayment = useConfirmPayment();
  const [intent, setIntent] = useState<{ key: string; answer: PaymentIntentAnswer } | null>(null);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [unconfirmedIntentId, setUnconfirmedIntentId] = useState<string | null>(null);
  // State updates land after the click that started a payment; this stops a second click in the meantime.
  const busy = useRef(false);
  // The country the buyer chose when billing and card disagreed, for this intent: asked once.
  const chosenCountry = useRef<{ intentId: string; country: string } | null>(null);

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
      const order = await confirmOrder.mutateAsync({ paymentIntentId, email: request.email });
      // A payment that settles later is done as far as the buyer goes: the page shows it as processing.
      if (order.status !== 'paid' && !order.paymentProcessing) throw new ApiError(409, CONFIRMATION_PENDING);
      setUnconfirmedIntentId(null);
      // A paid intent cannot pay again: another payment from the same form (the test page) starts a new one.
      setIntent(null);
      onPaid(order);
    } catch (error) {
      setUnconfirmedIntentId(paymentIntentId);
      fail(error instanceof ApiError && error.status === 409 ? CONFIRMATION_PENDING : paymentFailureText(error));
    }
  }

  /**
   * The server taxes the order by the method's country and confirms the payment with it; when the card's country
   * and the billing address disagree the buyer is asked once which is theirs (null: they did not say).
   */
  async function confirmByMethod(paymentIntentId: string, confirmationId: string) {
    const chosen = chosenCountry.current?.intentId === paymentIntentId ? chosenCountry.current.country : undefined;
    try {
      return await confirmPayment.mutateAsync({
        paymentIntentId,
        confirmationId,
        country: chosen,
        email: request.email,
      });
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409 ? error : null;
      const choices = conflict?.details?.countryChoices;
      if (!conflict || !choices || choices.length !== 2 || !onCountryQuestion) throw error;
      const country = await onCountryQuestion({ message: conflict.message, choices: [choices[0]!, choices[1]!] });
      if (!country) return null;
      chosenCountry.current = { intentId: paymentIntentId, country };
      return confirmPayment.mutateAsync({ paymentIntentId, confirmationId, country, email: request.email });
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
        const made = await card.createConfirmation(payer);
        if (made.status === 'failed') return fail(made.message, made.shownAtField);
        const confirmed = await confirmByMethod(answer.paymentIntentId, made.confirmationId);
        if (!confirmed) return fail(COUNTRY_NOT_CHOSEN);
        const taxed = confirmed.payment;
        setIntent({ key, answer: taxed });
        switch (confirmed.outcome) {
          case 'total_changed':
            return fail(TOTAL_CHANGED);
          case 'failed':
            return fail(confirmed.message ?? CHECKOUT_MESSAGES.paymentFailed);
          case 'paid':
          case 'processing':
            setIntent(null);
            return onPaid(confirmed.order!);
          case 'action': {
            // A redirect method: the buyer finishes at their bank, which sends them to the checkout's return page.
            if (confirmed.redirectUrl) {
              rememberGuestEmail(request.email);
              return window.location.assign(confirmed.redirectUrl);
            }
            const action = await card.handleAction({
              clientSecret: taxed.clientSecret,
              amount: fromCents(taxed.amount),
            });
            if (action.status === 'failed') return fail(action.message);
            return confirmWithServer(taxed.paymentIntentId);
          }
        }
      } catch (error) {
        // An intent whose confirmation broke off may be in any state: the next attempt starts a fresh one.
        setIntent(null);
        failWith(error);
      }
    });

  /** A session ended, a code whose last use went to someone else, or any other failure, in the buyer's words. */
  function failWith(error: unknown) {
    if (error instanceof ApiError && error.status === 401) onSignedOut?.();
    const codeRefusal = error instanceof ApiError && error.status === 400 ? error.details?.code?.[0] : undefined;
    if (codeRefusal && onCodeRefused) {
      onCodeRefused(codeRefusal);
      return fail(CODE_REFUSED_AT_PAYMENT);
    }
    fail(paymentFailureText(error));
  }

  /** A cart the server priced at $0.00: no card; the server prices it again and completes it, or says why not. */
  const getFree = () =>
    run(async () => {
      try {
        onPaid(await completeFreeOrder.mutateAsync(request));
      } catch (error) {
        failWith(error);
      }
    });

  const checkAgain = () =>
    run(async () => {
      if (unconfirmedIntentId) await confirmWithServer(unconfirmedIntentId);
    });

  return {
    processing,
    failure,
    intent: currentIntent,
    unconfirmed: unconfirmedIntentId !== null,
    pay,
    getFree,
    checkAgain,
  };
}
