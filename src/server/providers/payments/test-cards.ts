// The built-in test provider's cards: Stripe's test numbers with Stripe's codes and messages, so what an owner
// tries locally behaves as Stripe's test mode will. Card details are only read here; nothing but the brand and the
// last four digits ever leaves this module.

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
}

export interface CardError {
  code: string;
  message: string;
  /** The form field at fault, for errors the card form shows beside a field. */
  field?: 'number' | 'expiry' | 'cvc' | 'postalCode';
}

export type CardOutcome =
  | { kind: 'succeeds'; brand: string; last4: string }
  | { kind: 'authentication'; brand: string; last4: string }
  | { kind: 'refused'; error: CardError; brand?: string; last4?: string };

export const DECLINES: Record<string, CardError> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect.", field: 'cvc' },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};
const SUCCEEDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '378282246310005',
  '6011111111111117',
]);
const NEEDS_AUTHENTICATION = new Set(['4000002500003155', '4000002760003184']);

/**
 * Stripe's international test cards (Visa, 4000 00 + the country's ISO numeric code): each succeeds and was issued in
 * its country, the card-side evidence of where a buyer lives. Every other test card was issued in the United States.
 */
export const CARD_COUNTRIES: Readonly<Record<string, string>> = {
  '4000000400000008': 'AT',
  '4000000560000004': 'BE',
  '4000002080000001': 'DK',
  '4000002460000001': 'FI',
  '4000002500000003': 'FR',
  '4000002760000016': 'DE',
  '4000003720000005': 'IE',
  '4000003800000008': 'IT',
  '4000005280000002': 'NL',
  '4000005780000007': 'NO',
  '4000006160000005': 'PL',
  '4000006200000007': 'PT',
  '4000007240000007': 'ES',
  '4000007520000008': 'SE',
  '4000008260000000': 'GB',
};

export function cardCountryOf(number: string): string {
  return CARD_COUNTRIES[number.replace(/[\s-]/g, '')] ?? 'US';
}

export const AUTHENTICATION_FAILED: CardError = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
/** The test bank's answers (the redirect method's page): the buyer left it, or it declined. */
export const BANK_LEFT: CardError = {
  code: 'payment_intent_authentication_failure',
  message: 'You left your bank without paying. Nothing was charged: choose how to pay and try again.',
};
export const BANK_DECLINED: CardError = {
  code: 'payment_method_provider_decline',
  message: 'Your bank declined the payment. Choose another way to pay, or try again.',
};
const LIVE_CARD_IN_TEST_MODE: CardError = {
  code: 'card_declined',
  message:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Stripe's checks of the form itself, in the order its card form reports them. */
function formError(card: CardDetails, digits: string, now: Date): CardError | null {
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
    return { code: 'incorrect_number', message: 'Your card number is incorrect.', field: 'number' };
  if (!(card.expMonth >= 1 && card.expMonth <= 12))
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", field: 'expiry' };
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (year < now.getUTCFullYear())
    return { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past.", field: 'expiry' };
  if (year * 12 + card.expMonth < thisMonth)
    return { code: 'invalid_expiry_month', message: "Your card's expiration date is in the past.", field: 'expiry' };
  if (!/^\d{3,4}$/.test(card.cvc))
    return { code: 'incomplete_cvc', message: "Your card's security code is incomplete.", field: 'cvc' };
  if (!card.postalCode.trim())
    return { code: 'incomplete_zip', message: 'Your postal code is incomplete.', field: 'postalCode' };
  return null;
}

export function cardOutcome(card: CardDetails, now = new Date()): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  const invalid = formError(card, digits, now);
  if (invalid) return { kind: 'refused', error: invalid };
  const brand = brandOf(digits);
  const last4 = digits.slice(-4);
  const decline = DECLINES[digits];
  if (decline) return { kind: 'refused', error: decline, brand, last4 };
  if (NEEDS_AUTHENTICATION.has(digits)) return { kind: 'authentication', brand, last4 };
  if (SUCCEEDS.has(digits) || digits in CARD_COUNTRIES) return { kind: 'succeeds', brand, last4 };
  return { kind: 'refused', error: LIVE_CARD_IN_TEST_MODE, brand, last4 };
}
