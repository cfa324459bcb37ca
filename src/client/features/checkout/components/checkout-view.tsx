import { useRef, useState, type ReactNode } from 'react';
import { CONSENT_KINDS, type ConsentKind } from '#shared/mailing/consent-kinds.ts';
import { ConsentBoxes } from '#client/components/ui/consent-boxes.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Link } from 'react-router';
import type { CartQuote } from '#shared/orders/cart-quote-schema.ts';
import type { LicenceTier } from '#shared/licences/licences.ts';
import type { OrderSummary as PaidOrder } from '#shared/orders/checkout-schema.ts';
import { cartTotal, fromCents, toCents } from '#shared/money/money.ts';
import { isFreeTotal } from '#shared/orders/free-order.ts';
import { upgradeLineLabel } from '#shared/licences/upgrades.ts';
import type { PaymentRequestItem } from '../api/checkout-api';
import type { CardConfirmer } from '../card-confirmer';
import { contactProblems, emailLooksValid } from '../contact-checks';
import { usePaymentsConfig } from '../api/checkout-queries';
import { usePaymentFlow, type CountryQuestion } from '../use-payment-flow';
import { CountryQuestionDialog } from './country-question-dialog';
import { CheckoutForm } from './checkout-form';
import type { Contact, ContactProblems } from './contact-fields';
import { OrderSummary, type SummaryLine } from './order-summary';

interface CheckoutViewProps {
  /** The cart's lines, as the page reads them from the cart (a feature of its own). */
  lines: PaymentRequestItem[];
  /** The cart's sets, each one line (the server splits it into its pieces' lines). */
  sets?: SetRequestLine[];
  /** Licence upgrades of the buyer's library, each one line (decision 0068). */
  upgrades?: UpgradeRequestLine[];
  accountEmail: string;
  /** Signed out, with guest checkout on: the order is made for the e-mail typed, without an account. */
  guest?: boolean;
  /** The discount code to send ('' for none): the page sends one only when the server's quote applied it. */
  code: string;
  /** The cart priced by the server with that code, shown until the order itself is priced. */
  quote: CartQuote | undefined;
  /** The discount code's field, shown in the summary (a feature of its own, given by the page). */
  codeField: ReactNode;
  onCodeRefused: (message: string) => void;
  onPaid: (order: PaidOrder) => void;
  onSignedOut: () => void;
  /** Where the buyer lives and a business's VAT number: the page quotes the cart's tax by them. */
  taxPlace: { country: string; vatNumber: string; vatNumberProblem: string | null };
  onTaxPlaceChange: (place: { country?: string; vatNumber?: string }) => void;
}

/** A set as the checkout sends and shows it. */
export interface SetRequestLine {
  setId: number;
  licence: LicenceTier;
  title: string;
  price: number;
}

/** A licence upgrade as the checkout sends and shows it: the Personal line, a guest's token, today's difference. */
export interface UpgradeRequestLine {
  itemId: number;
  guestToken?: string | undefined;
  title: string;
  /** In cents. */
  amount: number;
}

export const VAT_NUMBER_HINT =
  'For businesses in the EU, the UK or Norway: with a valid number from another country than ours you pay no VAT (reverse charge).';

/** The checkout form and order summary, and the payment behind the Pay button. */
export function CheckoutView(props: CheckoutViewProps) {
  const { lines, accountEmail, code, quote, codeField, onCodeRefused, onPaid, onSignedOut } = props;
  const sets = props.sets ?? [];
  const upgrades = props.upgrades ?? [];
  const { taxPlace, onTaxPlaceChange } = props;
  const [contact, setContact] = useState<Contact>({ email: accountEmail, firstName: '', lastName: '' });
  const [vatNumber, setVatNumber] = useState(taxPlace.vatNumber);
  const [listConsents, setListConsents] = useState<ConsentKind[]>([]);
  const taxes = usePaymentsConfig().data?.taxes;
  const [question, setQuestion] = useState<{ ask: CountryQuestion; answer: (country: string | null) => void } | null>(
    null,
  );
  const askCountry = (ask: CountryQuestion) =>
    new Promise<string | null>((resolve) => setQuestion({ ask, answer: resolve }));
  const [problems, setProblems] = useState<ContactProblems>({});
  const card = useRef<CardConfirmer>(null);
  const form = useRef<HTMLFormElement>(null);
  const request = {
    items: lines,
    sets: sets.map(({ setId, licence }) => ({ setId, licence })),
    upgrades: upgrades.map(({ itemId, guestToken }) => (guestToken ? { itemId, guestToken } : { itemId })),
    email: contact.email.trim(),
    firstName: contact.firstName.trim(),
    lastName: contact.lastName.trim(),
    ...(code ? { code } : {}),
    country: taxPlace.country,
    ...(taxPlace.vatNumber ? { vatNumber: taxPlace.vatNumber } : {}),
    ...(listConsents.length > 0 ? { listConsents } : {}),
  };
  const payment = usePaymentFlow(request, { onPaid, onSignedOut, onCodeRefused, onCountryQuestion: askCountry });

  // What will be charged: the order's own figures once the server has made it, its quote before, the cart's at first.
  const cartCents =
    toCents(cartTotal([...lines, ...sets.map(({ price }) => ({ price, quantity: 1 }))])) +
    upgrades.reduce((sum, upgrade) => sum + upgrade.amount, 0);
  const intent = payment.intent;
  const totals = intent
    ? {
        subtotal: intent.subtotal,
        discounts: intent.discountLabel ? [{ label: intent.discountLabel, amount: intent.discount }] : [],
        tax: intent.tax,
        total: intent.amount,
      }
    : (quote ?? { subtotal: cartCents, discounts: [], tax: null, total: cartCents });
  const total = fromCents(totals.total);
  // Free as the server priced it (the quote with the code, or the order itself); the server checks it again.
  const free = isFreeTotal(intent?.amount ?? quote?.total ?? cartCents);
  const titleOf = (id: number) => lines.find((line) => line.id === id)?.title ?? '';
  const serverLines = intent?.items ?? quote?.items;
  const summaryLines: SummaryLine[] = serverLines
    ? summaryOf(serverLines, titleOf, sets, upgrades)
    : [
        ...lines.map((line) => ({
          id: line.id,
          title: line.title,
          licence: line.licence,
          quantity: line.quantity,
          amount: toCents(cartTotal([line])),
        })),
        ...sets.map((set) => ({
          id: -set.setId,
          title: set.title,
          licence: set.licence,
          quantity: 1,
          amount: toCents(set.price),
        })),
        ...upgrades.map(upgradeSummaryLine),
      ];

  const changeContact = (field: keyof Contact, value: string) => {
    setContact((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = () => {
    const found = contactProblems(contact);
    setProblems(found);
    const first = (['email', 'firstName', 'lastName'] as const).find((field) => found[field]);
    if (first) return form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    if (free) return void payment.getFree();
    void payment.pay(card.current, { email: request.email, name: `${request.firstName} ${request.lastName}` });
  };

  return (
    <div className="page checkout">
      <Link className="checkout__back" to="/cart">
        ← Back to Cart
      </Link>
      <h1>Checkout</h1>
      <div className="summary-layout checkout__layout">
        <CheckoutForm
          ref={form}
          contact={contact}
          problems={problems}
          onContactChange={changeContact}
          card={card}
          vatField={
            taxes?.charged && (
              <FormField
                label="VAT number (optional)"
                name="vatNumber"
                autoComplete="off"
                value={vatNumber}
                error={taxPlace.vatNumberProblem ?? undefined}
                hint={VAT_NUMBER_HINT}
                onChange={(e) => setVatNumber(e.target.value)}
                onBlur={() => onTaxPlaceChange({ vatNumber: vatNumber.trim() })}
              />
            )
          }
          listConsentField={<ConsentBoxes kinds={CONSENT_KINDS} value={listConsents} onChange={setListConsents} />}
          onCountryChange={(country) => onTaxPlaceChange({ country })}
          total={total}
          free={free}
          emailReady={emailLooksValid(contact.email)}
          payment={payment}
          onSubmit={submit}
          guest={props.guest ?? false}
        />
        <OrderSummary
          lines={summaryLines}
          totals={totals}
          codeField={codeField}
          repriced={intent !== null && intent.amount !== (quote?.total ?? cartCents)}
        />
      </div>
      <CountryQuestionDialog
        question={question?.ask ?? null}
        onAnswer={(country) => {
          question?.answer(country);
          setQuestion(null);
        }}
      />
    </div>
  );
}

type ServerLine = {
  artworkId: number;
  setId?: number | null | undefined;
  upgradeOfItemId?: number | null | undefined;
  licence: LicenceTier;
  quantity: number;
  unitAmount: number;
  title?: string;
};

/** An upgrade's line in the summary; its key is apart from artworks' and sets' (a set's is its id negated). */
const upgradeSummaryLine = (upgrade: { itemId: number; title: string; amount: number }): SummaryLine => ({
  id: -1_000_000_000 - upgrade.itemId,
  title: `${upgrade.title} — ${upgradeLineLabel}`,
  licence: 'commercial',
  quantity: 1,
  amount: upgrade.amount,
});

/**
 * The server's lines for the summary: an artwork's as it is, a set's pieces as one line under the set's title, an
 * upgrade as the artwork's title and what it is.
 */
function summaryOf(
  lines: readonly ServerLine[],
  titleOf: (id: number) => string,
  sets: readonly SetRequestLine[],
  upgrades: readonly UpgradeRequestLine[],
): SummaryLine[] {
  const summary: SummaryLine[] = [];
  for (const line of lines) {
    const amount = line.unitAmount * line.quantity;
    if (line.upgradeOfItemId != null) {
      const upgrade = upgrades.find((u) => u.itemId === line.upgradeOfItemId);
      summary.push(
        upgradeSummaryLine({ itemId: line.upgradeOfItemId, title: line.title ?? upgrade?.title ?? '', amount }),
      );
      continue;
    }
    if (line.setId == null) {
      summary.push({
        id: line.artworkId,
        title: line.title ?? titleOf(line.artworkId),
        licence: line.licence,
        quantity: line.quantity,
        amount,
      });
      continue;
    }
    const set = summary.find((entry) => entry.id === -line.setId! && entry.licence === line.licence);
    if (set) set.amount += amount;
    else {
      const title = sets.find((s) => s.setId === line.setId)?.title ?? 'Set';
      summary.push({ id: -line.setId, title, licence: line.licence, quantity: 1, amount });
    }
  }
  return summary;
}
