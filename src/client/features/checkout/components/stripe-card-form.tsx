import { AddressElement, CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useId, useImperativeHandle, useState, type Ref } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { CARD_MESSAGES } from '../card-checks';
import type { CardConfirmer, CardOutcome, Charge, MethodOutcome, Payer } from '../card-confirmer';

// This module is loaded only by the checkout pages and only when the store takes payments through Stripe (the
// card form picks it with a dynamic import), so Stripe.js and its React bindings are in no other page's code.

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
const cardStyle = {
  base: { fontSize: '16px', color: '#1f2933', '::placeholder': { color: '#5f6b76' } },
  invalid: { color: '#c53030' },
};

interface StripeCardFormProps {
  publishableKey: string;
  ref: Ref<CardConfirmer>;
  /** The billing address's country as typed: the checkout taxes the order by it. */
  onCountryChange?: ((country: string) => void) | undefined;
}

export default function StripeCardForm({ publishableKey, ref, onCountryChange }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ appearance }}>
      <StripeFields ref={ref} onCountryChange={onCountryChange} />
    </Elements>
  );
}

const failed = (message: string | undefined): { status: 'failed'; message: string; shownAtField: false } => ({
  status: 'failed',
  message: message ?? CHECKOUT_MESSAGES.paymentFailed,
  shownAtField: false,
});

function StripeFields({ ref, onCountryChange }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardComplete, setCardComplete] = useState(false);

  const onCardChange = (event: StripeCardElementChangeEvent) => {
    setCardComplete(event.complete);
    setCardError(event.error?.message ?? null);
  };

  useImperativeHandle(ref, (): CardConfirmer => ({
    async check() {
      if (!stripe || !elements) {
        setCardError(CHECKOUT_MESSAGES.notReady);
        return false;
      }
      // getValue() also makes the address form show what is missing.
      const address = await elements.getElement(AddressElement)?.getValue();
      if (!cardComplete) setCardError((current) => current ?? CARD_MESSAGES.numberIncomplete);
      return cardComplete && address?.complete === true;
    },
    async createPaymentMethod(payer: Payer): Promise<MethodOutcome> {
      const card = elements?.getElement(CardElement);
      if (!stripe || !elements) return failed(CHECKOUT_MESSAGES.notReady);
      if (!card) return failed(CHECKOUT_MESSAGES.cardInputMissing);
      const billing = await elements.getElement(AddressElement)?.getValue();
      const { line1, line2, city, state, postal_code, country } = billing?.value.address ?? {};
      const { error, paymentMethod } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: {
          email: payer.email,
          name: billing?.value.name || payer.name,
          address: { line1, line2: line2 ?? undefined, city, state, postal_code, country },
        },
      });
      if (error) return failed(error.message);
      return { status: 'made', paymentMethodId: paymentMethod.id };
    },
    async confirm({ clientSecret }: Charge, paymentMethodId: string): Promise<CardOutcome> {
      if (!stripe) return failed(CHECKOUT_MESSAGES.notReady);
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: paymentMethodId,
      });
      if (error) return failed(error.message);
      // Stripe.js has already shown its own authentication step when the card asked for one.
      if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') {
        return { status: 'succeeded', paymentIntentId: paymentIntent.id };
      }
      return failed(CHECKOUT_MESSAGES.paymentFailed);
    },
  }));

  return (
    <div className="card-form">
      <h3 className="card-form__heading">Billing address</h3>
      <AddressElement
        options={{ mode: 'billing' }}
        onChange={(event) => onCountryChange?.(event.value.address.country)}
      />
      <div className="form-field card-form__stripe-card">
        <span className="card-form__label" id={labelId}>
          Card details
        </span>
        <div className="card-form__stripe-frame" role="group" aria-labelledby={labelId}>
          <CardElement options={{ hidePostalCode: true, style: cardStyle }} onChange={onCardChange} />
        </div>
        {cardError && (
          <p className="form-field__error" role="alert">
            {cardError}
          </p>
        )}
      </div>
    </div>
  );
}
