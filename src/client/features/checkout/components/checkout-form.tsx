import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { toCents } from '#shared/money/money.ts';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import type { CardConfirmer } from '../card-confirmer';
import type { PaymentFailure } from '../use-payment-flow';
import { CardForm } from './card-form';
import { ContactFields, type Contact, type ContactProblems } from './contact-fields';
import { FreeOrderSection } from './free-order-section';
import { PayButton } from './pay-button';

interface CheckoutFormProps {
  ref: Ref<HTMLFormElement>;
  contact: Contact;
  problems: ContactProblems;
  onContactChange: (field: keyof Contact, value: string) => void;
  card: Ref<CardConfirmer>;
  /** A business buyer's VAT number, where the store charges VAT. */
  vatField: ReactNode;
  /** The mailing list's boxes, unticked by default. */
  listConsentField?: ReactNode;
  onCountryChange: (country: string) => void;
  total: number;
  /** The server priced the order at $0.00: no card form, one button that completes it. */
  free: boolean;
  emailReady: boolean;
  payment: {
    processing: boolean;
    failure: PaymentFailure | null;
    unconfirmed: boolean;
    checkAgain: () => Promise<void>;
  };
  onSubmit: () => void;
  /** Signed out, with guest checkout on: the e-mail is who buys. */
  guest?: boolean;
}

/** The checkout's form: Contact Information, the provider's payment form (its methods) and Pay. */
export function CheckoutForm({
  ref,
  contact,
  problems,
  onContactChange,
  card,
  vatField,
  listConsentField,
  onCountryChange,
  total,
  free,
  emailReady,
  payment,
  onSubmit,
  guest = false,
}: CheckoutFormProps) {
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const { processing, failure, unconfirmed } = payment;
  return (
    <form ref={ref} className="checkout-form" onSubmit={submit} noValidate aria-label="Payment">
      <section className="checkout-card" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Contact Information</h2>
        <ContactFields value={contact} problems={problems} onChange={onContactChange} guest={guest} />
        {vatField}
        {listConsentField}
      </section>

      <section className="checkout-card" aria-labelledby="payment-heading">
        <h2 id="payment-heading">{free ? 'Payment' : 'Payment Method'}</h2>
        {!free && <CardForm ref={card} onCountryChange={onCountryChange} amountCents={toCents(total)} />}

        {failure && !failure.shownAtField && (
          <FormMessage kind="error">
            <p>{failure.message}</p>
            {unconfirmed && (
              <button
                type="button"
                className="button button--link"
                disabled={processing}
                onClick={() => void payment.checkAgain()}
              >
                {processing ? 'Checking...' : 'Check again'}
              </button>
            )}
          </FormMessage>
        )}
        {free && <FreeOrderSection processing={processing} disabled={!emailReady} />}
        {!unconfirmed && !free && (
          <PayButton
            total={total}
            processing={processing}
            disabled={!emailReady}
            describedBy={emailReady ? undefined : hintId}
          />
        )}
        {!emailReady && (
          <p id={hintId} className="form-field__hint checkout-form__hint">
            {CHECKOUT_MESSAGES.enterEmail}
          </p>
        )}
      </section>
    </form>
  );
}
