import { AddressElement, Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import type { ActionOutcome, CardConfirmer, ConfirmationOutcome, Payer } from '../card-confirmer';

// This module is loaded only by the checkout pages and only when the store takes payments through Stripe (the
// payment form picks it with a dynamic import), so Stripe.js and its React bindings are in no other page's code.
// Stripe's Payment Element shows the methods the intent will allow: cards only, or (PAYMENT_METHODS=automatic)
// Apple Pay, Google Pay, Link and the local methods the seller turned on. It makes a ConfirmationToken; the server
// reads it, taxes the order and confirms the payment (decision 0060).

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js once per key; a failed load (blocked script, no network) is null, which reads 'not ready' on Pay. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

// Elements draws its fields in Stripe's frames; these match the store's tokens (global.css).
const appearance = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#b4532a',
    colorText: '#1f2933',
    colorDanger: '#c53030',
    borderRadius: '6px',
    fontFamily: 'system-ui, sans-serif',
  },
} as const;

/** Stripe's smallest charge: the Element needs an amount before the server has priced the order. */
const PLACEHOLDER_CENTS = 50;

interface StripePaymentFormProps {
  publishableKey: string;
  methods: 'card' | 'automatic';
  /** The total as priced so far, in cents: wallets show it on their payment sheet. */
  amountCents: number;
  currency: string;
  ref: Ref<CardConfirmer>;
  /** The billing address's country as typed: the checkout taxes the order by it. */
  onCountryChange?: ((country: string) => void) | undefined;
}

export default function StripePaymentForm({
  publishableKey,
  methods,
  amountCents,
  currency,
  ref,
  onCountryChange,
}: StripePaymentFormProps) {
  // Deferred intent: the Element is drawn before the server makes the intent, and confirms nothing itself.
  const options = {
    mode: 'payment',
    amount: Math.max(amountCents, PLACEHOLDER_CENTS),
    currency: currency.toLowerCase(),
    appearance,
    ...(methods === 'card' ? { paymentMethodTypes: ['card'] } : {}),
  } as const;
  return (
    <Elements stripe={stripeFor(publishableKey)} options={options}>
      <StripeFields ref={ref} onCountryChange={onCountryChange} amountCents={amountCents} />
    </Elements>
  );
}

const failed = (message: string | undefined): { status: 'failed'; message: string; shownAtField: false } => ({
  status: 'failed',
  message: message ?? CHECKOUT_MESSAGES.paymentFailed,
  shownAtField: false,
});

function StripeFields({
  ref,
  onCountryChange,
  amountCents,
}: Pick<StripePaymentFormProps, 'ref' | 'onCountryChange' | 'amountCents'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [problem, setProblem] = useState<string | null>(null);

  // The wallets' payment sheet shows the total: it follows the server's pricing.
  useEffect(() => {
    void elements?.update({ amount: Math.max(amountCents, PLACEHOLDER_CENTS) });
  }, [elements, amountCents]);

  useImperativeHandle(ref, (): CardConfirmer => ({
    async check() {
      if (!stripe || !elements) {
        setProblem(CHECKOUT_MESSAGES.notReady);
        return false;
      }
      setProblem(null);
      // submit() checks every field and shows what is missing beside it; a wallet's sheet opens here.
      const { error } = await elements.submit();
      if (error) setProblem(error.message ?? CHECKOUT_MESSAGES.paymentFailed);
      return !error;
    },
    async createConfirmation(payer: Payer): Promise<ConfirmationOutcome> {
      if (!stripe || !elements) return failed(CHECKOUT_MESSAGES.notReady);
      const billing = await elements.getElement(AddressElement)?.getValue();
      const { line1, line2, city, state, postal_code, country } = billing?.value.address ?? {};
      const { error, confirmationToken } = await stripe.createConfirmationToken({
        elements,
        params: {
          payment_method_data: {
            billing_details: {
              email: payer.email,
              name: billing?.value.name || payer.name,
              address: { line1, line2: line2 ?? undefined, city, state, postal_code, country },
            },
          },
        },
      });
      if (error) return failed(error.message);
      return { status: 'made', confirmationId: confirmationToken.id };
    },
    async handleAction({ clientSecret }): Promise<ActionOutcome> {
      if (!stripe) return failed(CHECKOUT_MESSAGES.notReady);
      // A card's 3-D Secure step, shown by Stripe.js over the page.
      const { error } = await stripe.handleNextAction({ clientSecret });
      return error ? failed(error.message) : { status: 'done' };
    },
  }));

  return (
    <div className="card-form">
      <PaymentElement options={{ layout: 'tabs' }} />
      <h3 className="card-form__heading">Billing address</h3>
      <AddressElement
        options={{ mode: 'billing' }}
        onChange={(event) => onCountryChange?.(event.value.address.country)}
      />
      {problem && (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
