// The test card form's formatting as you type, as Stripe's card field does: the number in groups of four, the
// expiry as 'MM / YY', only digits in the security code. Pure functions, so they are tested without a browser.

export const CARD_NUMBER_MAX_DIGITS = 19;
export const CVC_MAX_DIGITS = 4;

export const digitsOf = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(value: string): string {
  return digitsOf(value, CARD_NUMBER_MAX_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' → '12 / 34'; a first digit above 1 can only be a month of one digit, so '4' → '04'. */
export function formatExpiry(value: string): string {
  let digits = digitsOf(value, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return digitsOf(value, CVC_MAX_DIGITS);
}

/** Month and four-digit year of a complete 'MM / YY', or null while it is not. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOf(value, 4);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/**
 * Where the caret belongs after reformatting: just after the same number of digits as before it. Without this the
 * caret jumps to the end whenever a space or ' / ' is inserted in front of it.
 */
export function caretAfterDigits(formatted: string, digitsBeforeCaret: number): number {
  if (digitsBeforeCaret <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index++) {
    if (/\d/.test(formatted[index] ?? '') && ++seen === digitsBeforeCaret) return index + 1;
  }
  return formatted.length;
}
