import { digitsOf, parseExpiry, CARD_NUMBER_MAX_DIGITS } from './card-format';

// The test card form's own checks before anything is sent, in Stripe's words (the test provider's too), so both
// providers read alike.
// The server's test provider checks again and has the last word (it declines, or names the field at fault).

export type CardField = 'number' | 'expiry' | 'cvc' | 'postalCode';
export type CardProblems = Partial<Record<CardField, string>>;

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  postalCodeIncomplete: 'Your postal code is incomplete.',
} as const;

const CARD_FIELDS: readonly string[] = ['number', 'expiry', 'cvc', 'postalCode'] satisfies CardField[];
export const isCardField = (field: string | undefined): field is CardField =>
  field !== undefined && CARD_FIELDS.includes(field);

/** The Luhn checksum every card number carries, which catches most typos. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export function cardProblems(entry: CardEntry, today = new Date()): CardProblems {
  const problems: CardProblems = {};
  const number = digitsOf(entry.number, CARD_NUMBER_MAX_DIGITS);
  if (number.length < 13) problems.number = CARD_MESSAGES.numberIncomplete;
  else if (!passesLuhn(number)) problems.number = CARD_MESSAGES.numberInvalid;

  const expiry = parseExpiry(entry.expiry);
  if (!expiry) problems.expiry = CARD_MESSAGES.expiryIncomplete;
  else if (expiry.month < 1 || expiry.month > 12) problems.expiry = CARD_MESSAGES.expiryMonthInvalid;
  else if (expiry.year < today.getFullYear()) problems.expiry = CARD_MESSAGES.expiryYearPast;
  // A card is good until the end of its expiry month.
  else if (expiry.year * 12 + expiry.month < today.getFullYear() * 12 + today.getMonth() + 1)
    problems.expiry = CARD_MESSAGES.expiryPast;

  if (digitsOf(entry.cvc, 4).length < 3) problems.cvc = CARD_MESSAGES.cvcIncomplete;
  if (!entry.postalCode.trim()) problems.postalCode = CARD_MESSAGES.postalCodeIncomplete;
  return problems;
}
