import { useImperativeHandle, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { checkoutApi, type TestConfirmAnswer } from '../api/checkout-api';
import { cardProblems, isCardField, type CardField, type CardProblems } from '../card-checks';
import type { ActionOutcome, CardConfirmer, Charge, ConfirmationOutcome, Payer } from '../card-confirmer';
import { formatCardNumber, formatCvc, formatExpiry, digitsOf, parseExpiry } from '../card-format';
import { countryOptions, DEFAULT_COUNTRY } from '../countries';
import { TestCardList } from './test-card-list';
import { AuthenticationDialog } from './authentication-dialog';
import { formattedChange } from './formatted-change';

interface Entry {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
  line1: string;
  city: string;
  postalCode: string;
  country: string;
}

const EMPTY: Entry = {
  number: '',
  expiry: '',
  cvc: '',
  name: '',
  line1: '',
  city: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
};
const CARD_INPUTS: readonly (keyof Entry)[] = ['number', 'expiry', 'cvc'];

/** The card's own inputs: digits only, reformatted as typed. */
const CARD_INPUT_LOOKS = {
  number: {
    label: 'Card number',
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
    format: formatCardNumber,
  },
  expiry: { label: 'Expiry (MM / YY)', autoComplete: 'cc-exp', placeholder: 'MM / YY', format: formatExpiry },
  cvc: { label: 'CVC', autoComplete: 'cc-csc', placeholder: '123', format: formatCvc },
} as const;

/** The ways to pay the test provider offers with PAYMENT_METHODS=automatic: a card, the test wallet, the test bank. */
type TestMethod = 'card' | 'test_wallet' | 'test_redirect';
const TEST_METHODS: ReadonlyArray<{ value: TestMethod; label: string; note: string }> = [
  { value: 'card', label: 'Card', note: 'Credit or debit card' },
  { value: 'test_wallet', label: 'Test Wallet', note: 'Stands for Apple Pay and Google Pay: pays with Visa ••4242' },
  {
    value: 'test_redirect',
    label: 'Test Bank',
    note: 'Stands for iDEAL, Bancontact and the like: you approve at the bank',
  },
];

/**
 * The built-in test provider's card form. Its details go to our own server's test provider only, which answers
 * as Stripe would (succeeded, declined, or authentication required); no real card is ever charged.
 */
export function TestCardForm({
  ref,
  showTestCards = true,
  demoCode = null,
  onCountryChange,
  methods = 'card',
}: {
  ref: Ref<CardConfirmer>;
  /** 'automatic': the test wallet and the test bank beside cards. */
  methods?: 'card' | 'automatic';
  showTestCards?: boolean;
  /** The billing country as chosen: the checkout taxes the order by it. */
  onCountryChange?: ((country: string) => void) | undefined;
  /** The demo's discount code, named in the test-mode note while the server says it can be used. */
  demoCode?: { code: string; off: string } | null;
}) {
  const [entry, setEntry] = useState<Entry>(EMPTY);
  const [method, setMethod] = useState<TestMethod>('card');
  const byCard = method === 'card';
  const [problems, setProblems] = useState<CardProblems>({});
  /** The amount being authenticated while the authentication step is open. */
  const [authenticating, setAuthenticating] = useState<number | null>(null);
  const answerAuthentication = useRef<((approve: boolean) => void) | null>(null);
  const fields = useRef<HTMLDivElement>(null);

  const set = (field: keyof Entry) => (value: string) => {
    setEntry((current) => ({ ...current, [field]: value }));
    // A postal code error clears when the card details change, as its own error does when it is edited.
    setProblems((current) => {
      const next = { ...current };
      delete next[field as CardField];
      if (CARD_INPUTS.includes(field)) delete next.postalCode;
      return next;
    });
  };

  /** What each text input of the form takes from the entry: its name, value, error and change handler. */
  const boundTo = (field: Exclude<keyof Entry, 'country'>, format?: (value: string) => string) => ({
    name: field,
    value: entry[field],
    error: problems[field as CardField],
    onChange: format
      ? formattedChange(format, set(field))
      : (e: ChangeEvent<HTMLInputElement>) => set(field)(e.target.value),
  });

  const cardInput = (field: keyof typeof CARD_INPUT_LOOKS) => {
    const { format, ...looks } = CARD_INPUT_LOOKS[field];
    return { ...looks, inputMode: 'numeric' as const, ...boundTo(field, format) };
  };

  const focusField = (field: CardField) =>
    fields.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();

  const showProblems = (found: CardProblems) => {
    setProblems(found);
    const first = (['number', 'expiry', 'cvc', 'postalCode'] as const).find((field) => found[field]);
    if (first) focusField(first);
  };

  // Opens the authentication step and waits for the customer's choice. The dialog reports a close after a choice
  // too, so only the first answer counts.
  const askAuthentication = (amount: number) =>
    new Promise<boolean>((resolve) => {
      answerAuthentication.current = resolve;
      setAuthenticating(amount);
    });
  const answer = (approve: boolean) => {
    const resolve = answerAuthentication.current;
    answerAuthentication.current = null;
    setAuthenticating(null);
    resolve?.(approve);
  };

  /** A refusal shown at its field when it names one. */
  const failureOf = (error: TestConfirmAnswer['error']) => {
    const message = error?.message ?? CHECKOUT_MESSAGES.paymentFailed;
    const field = error?.field;
    if (!isCardField(field)) return { status: 'failed' as const, message, shownAtField: false };
    showProblems({ [field]: message });
    return { status: 'failed' as const, message, shownAtField: true };
  };

  useImperativeHandle(ref, (): CardConfirmer => ({
    check() {
      if (!byCard) return Promise.resolve(true);
      const found = cardProblems(entry);
      showProblems(found);
      return Promise.resolve(Object.keys(found).length === 0);
    },
    async createConfirmation(payer: Payer): Promise<ConfirmationOutcome> {
      if (!byCard) {
        const made = await checkoutApi.createTestOtherMethod({ kind: method, country: entry.country });
        return { status: 'made', confirmationId: made.id };
      }
      const expiry = parseExpiry(entry.expiry) ?? { month: 0, year: 0 };
      const made = await checkoutApi.createTestPaymentMethod({
        card: {
          number: digitsOf(entry.number, 19),
          expMonth: expiry.month,
          expYear: expiry.year,
          cvc: entry.cvc,
          name: entry.name.trim() || payer.name,
        },
        billing: {
          line1: entry.line1,
          city: entry.city,
          postalCode: entry.postalCode,
          country: entry.country,
          email: payer.email,
        },
      });
      return 'error' in made ? failureOf(made.error) : { status: 'made', confirmationId: made.id };
    },
    async handleAction({ clientSecret, amount }: Charge): Promise<ActionOutcome> {
      const result = await checkoutApi.authenticateTestCard(clientSecret, await askAuthentication(amount));
      // 'processing' is not a refusal: the server finds out how it ends, and the order is confirmed by it or not at all.
      if (result.status === 'succeeded' || result.status === 'processing') return { status: 'done' };
      return { status: 'failed', message: result.error?.message ?? CHECKOUT_MESSAGES.paymentFailed };
    },
  }));

  return (
    <div className="card-form" ref={fields}>
      {showTestCards && byCard && (
        <div className="card-form__test-note" role="note">
          <p>
            <strong>Test mode:</strong> no real card is charged. Use any future expiry date, any CVC and any postal
            code.
          </p>
          {demoCode && (
            <p>
              Try the code <strong>{demoCode.code}</strong> for {demoCode.off}.
            </p>
          )}
          <TestCardList />
        </div>
      )}
      {methods === 'automatic' && (
        <fieldset className="test-methods">
          <legend className="card-form__label">Pay with</legend>
          {TEST_METHODS.map((choice) => (
            <label key={choice.value} className="test-methods__choice">
              <input
                type="radio"
                name="testMethod"
                value={choice.value}
                checked={method === choice.value}
                onChange={() => setMethod(choice.value)}
              />
              <span className="test-methods__name">{choice.label}</span>
              <span className="test-methods__note muted">{choice.note}</span>
            </label>
          ))}
        </fieldset>
      )}
      {byCard && (
        <>
          <FormField {...cardInput('number')} />
          <div className="card-form__row">
            <FormField {...cardInput('expiry')} />
            <FormField {...cardInput('cvc')} />
          </div>
          <FormField label="Name on card" autoComplete="cc-name" {...boundTo('name')} name="cardName" />
          <FormField label="Address line 1" autoComplete="address-line1" {...boundTo('line1')} />
          <div className="card-form__row">
            <FormField label="City" autoComplete="address-level2" {...boundTo('city')} />
            <FormField label="Postal code" autoComplete="postal-code" {...boundTo('postalCode')} />
          </div>
        </>
      )}
      <FormField
        label="Country"
        renderControl={(control) => (
          <select
            {...control}
            name="country"
            autoComplete="country"
            value={entry.country}
            onChange={(e) => {
              set('country')(e.target.value);
              onCountryChange?.(e.target.value);
            }}
          >
            {countryOptions().map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      />
      <AuthenticationDialog amount={authenticating} onAnswer={answer} />
    </div>
  );
}
