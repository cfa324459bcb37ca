import { useRef, useState, type FormEvent } from 'react';
import { fromCents } from '#shared/money/money.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import type { CardConfirmer } from '../card-confirmer';
import { usePaymentFlow } from '../use-payment-flow';
import { CardForm } from './card-form';
import { PayButton } from './pay-button';

/** The payment test uses a fixed e-mail, so only the card decides what happens. */
export const TEST_EMAIL = 'test@example.com';

export interface TestArtwork {
  id: number;
  title: string;
  price: number;
}

/** One artwork paid through the full flow (intent, card, the server's confirmation) with its result texts. */
export function PaymentTestForm({ artwork, onSignedOut }: { artwork: TestArtwork; onSignedOut: () => void }) {
  const { formatPrice } = useMoney();
  const card = useRef<CardConfirmer>(null);
  const [paidIntentId, setPaidIntentId] = useState<string | null>(null);
  const request = { items: [{ ...artwork, quantity: 1 }], email: TEST_EMAIL };
  const payment = usePaymentFlow(request, {
    onPaid: (order) => setPaidIntentId(order.paymentIntentId),
    onSignedOut,
  });

  const price = payment.intent ? fromCents(payment.intent.amount) : artwork.price;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPaidIntentId(null);
    void payment.pay(card.current, { email: TEST_EMAIL, name: 'Test Customer' });
  };

  return (
    <form className="checkout-card payment-test-form" onSubmit={submit} noValidate aria-label="Test payment">
      <h2>
        {artwork.title} <span className="muted">· {formatPrice(price)}</span>
      </h2>
      <FormField label="Email" type="email" name="email" value={TEST_EMAIL} readOnly hint="A fixed test address." />
      <CardForm ref={card} showTestCards={false} />
      {paidIntentId && <FormMessage kind="success">Payment successful! Payment Intent ID {paidIntentId}</FormMessage>}
      {payment.failure && <FormMessage kind="error">Payment failed: {payment.failure.message}</FormMessage>}
      {payment.unconfirmed ? (
        <button
          type="button"
          className="button button--block"
          disabled={payment.processing}
          onClick={() => void payment.checkAgain()}
        >
          {payment.processing ? 'Checking...' : 'Check again'}
        </button>
      ) : (
        <PayButton total={price} processing={payment.processing} />
      )}
    </form>
  );
}
