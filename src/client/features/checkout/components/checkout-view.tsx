import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OrderSummary as PaidOrder } from '#shared/checkout-schema.ts';
import { cartTotal, fromCents, toCents } from '#shared/money.ts';
import type { PaymentRequestItem } from '../api/checkout-api';
import type { CardConfirmer } from '../card-confirmer';
import { contactProblems, emailLooksValid } from '../contact-checks';
import { usePaymentFlow } from '../use-payment-flow';
import { CheckoutForm } from './checkout-form';
import type { Contact, ContactProblems } from './contact-fields';
import { OrderSummary, type SummaryLine } from './order-summary';

interface CheckoutViewProps {
  /** The cart's lines, as the page reads them from the cart (a feature of its own). */
  lines: PaymentRequestItem[];
  accountEmail: string;
  onPaid: (order: PaidOrder, paymentIntentId: string) => void;
  onSignedOut: () => void;
}

/** The checkout form and order summary, and the payment behind the Pay button. */
export function CheckoutView({ lines, accountEmail, onPaid, onSignedOut }: CheckoutViewProps) {
  const [contact, setContact] = useState<Contact>({ email: accountEmail, firstName: '', lastName: '' });
  const [problems, setProblems] = useState<ContactProblems>({});
  const card = useRef<CardConfirmer>(null);
  const form = useRef<HTMLFormElement>(null);
  const request = {
    items: lines,
    email: contact.email.trim(),
    firstName: contact.firstName.trim(),
    lastName: contact.lastName.trim(),
  };
  const payment = usePaymentFlow(request, { onPaid, onSignedOut });

  const cartCents = toCents(cartTotal(lines));
  const intent = payment.intent;
  const total = fromCents(intent ? intent.amount : cartCents);
  const summaryLines: SummaryLine[] = intent
    ? intent.items.map((line) => ({
        id: line.artworkId,
        title: line.title,
        licence: line.licence,
        quantity: line.quantity,
        amount: fromCents(line.amount),
      }))
    : lines.map((line) => ({
        id: line.id,
        title: line.title,
        licence: line.licence,
        quantity: line.quantity,
        amount: cartTotal([line]),
      }));

  const changeContact = (field: keyof Contact, value: string) => {
    setContact((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = () => {
    const found = contactProblems(contact);
    setProblems(found);
    const first = (['email', 'firstName', 'lastName'] as const).find((field) => found[field]);
    if (first) return form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    void payment.pay(card.current, { email: request.email, name: `${request.firstName} ${request.lastName}` });
  };

  return (
    <div className="page checkout">
      <Link className="checkout__back" to="/cart">
        ← Back to Cart
      </Link>
      <h1>Checkout</h1>
      <div className="checkout__layout">
        <CheckoutForm
          ref={form}
          contact={contact}
          problems={problems}
          onContactChange={changeContact}
          card={card}
          total={total}
          emailReady={emailLooksValid(contact.email)}
          payment={payment}
          onSubmit={submit}
        />
        <OrderSummary lines={summaryLines} total={total} repriced={intent !== null && intent.amount !== cartCents} />
      </div>
    </div>
  );
}
