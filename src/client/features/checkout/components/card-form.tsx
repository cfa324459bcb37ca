import { lazy, Suspense, type Ref } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { useStoreSettings } from '#client/lib/store-settings.ts';
import { usePaymentsConfig } from '../api/checkout-queries';
import type { CardConfirmer } from '../card-confirmer';
import { TestCardForm } from './test-card-form';

// Stripe's form comes as its own chunk, fetched only when the store is set up for Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** The one way to pay when the store takes cards only. */
const cardOnly = (
  <p className="payment-method">
    <span>Credit or Debit Card</span>
    <span className="payment-method__brands muted" aria-hidden="true">
      Visa · Mastercard · Amex
    </span>
  </p>
);

const loading = (
  <p className="muted" role="status">
    Loading payment form...
  </p>
);

/**
 * The payment form of the provider the server names: the built-in test provider's, or Stripe's Payment Element.
 * The test form lists the test cards unless the page shows them itself (showTestCards false).
 */
export function CardForm({
  ref,
  showTestCards,
  onCountryChange,
  amountCents = 0,
}: {
  ref: Ref<CardConfirmer>;
  showTestCards?: boolean;
  /** The total as priced so far: Stripe's wallets show it on their sheet. */
  amountCents?: number;
  /** The billing country as the buyer picks it: the checkout taxes the order by it. */
  onCountryChange?: (country: string) => void;
}) {
  const config = usePaymentsConfig();
  const { currency } = useStoreSettings();
  if (config.isPending) return loading;
  if (config.isError) {
    return (
      <FormMessage kind="error">
        <p>{CHECKOUT_MESSAGES.notReady}</p>
        <button type="button" className="button button--link" onClick={() => void config.refetch()}>
          Try Again
        </button>
      </FormMessage>
    );
  }
  const { methods } = config.data;
  if (config.data.provider === 'stripe') {
    return (
      <Suspense fallback={loading}>
        {methods === 'card' && cardOnly}
        <StripePaymentForm
          publishableKey={config.data.publishableKey}
          methods={methods}
          amountCents={amountCents}
          currency={currency}
          ref={ref}
          onCountryChange={onCountryChange}
        />
      </Suspense>
    );
  }
  return (
    <>
      {methods === 'card' && cardOnly}
      <TestCardForm
        ref={ref}
        showTestCards={showTestCards}
        demoCode={config.data.demoCode}
        onCountryChange={onCountryChange}
        methods={methods}
      />
    </>
  );
}
