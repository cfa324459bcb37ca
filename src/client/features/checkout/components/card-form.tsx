import { lazy, Suspense, type Ref } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { usePaymentsConfig } from '../api/checkout-queries';
import type { CardConfirmer } from '../card-confirmer';
import { TestCardForm } from './test-card-form';

// Stripe's form comes as its own chunk, fetched only when the store is set up for Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const loading = (
  <p className="muted" role="status">
    Loading payment form...
  </p>
);

/**
 * The card form of the provider the server names: the built-in test provider's, or Stripe Elements. The test
 * form lists the test cards unless the page shows them itself (showTestCards false).
 */
export function CardForm({
  ref,
  showTestCards,
  onCountryChange,
}: {
  ref: Ref<CardConfirmer>;
  showTestCards?: boolean;
  /** The billing country as the buyer picks it: the checkout taxes the order by it. */
  onCountryChange?: (country: string) => void;
}) {
  const config = usePaymentsConfig();
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
  if (config.data.provider === 'stripe') {
    return (
      <Suspense fallback={loading}>
        <StripeCardForm publishableKey={config.data.publishableKey} ref={ref} onCountryChange={onCountryChange} />
      </Suspense>
    );
  }
  return (
    <TestCardForm
      ref={ref}
      showTestCards={showTestCards}
      demoCode={config.data.demoCode}
      onCountryChange={onCountryChange}
    />
  );
}
