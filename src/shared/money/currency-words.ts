import type { StoreCurrency } from '../taxes/taxes';

// The currency in words, for the few sentences that name it (the owner's money fields, the terms page): apart from
// money.ts, which every price on every page loads.

/** What an amount is in, as a sentence says it: 'an amount in euros'. */
export const CURRENCY_UNITS: Readonly<Record<StoreCurrency, string>> = { usd: 'dollars', eur: 'euros', gbp: 'pounds' };
/** The currency's full name, as the terms say it: 'Prices are in US dollars'. */
export const CURRENCY_NAMES: Readonly<Record<StoreCurrency, string>> = {
  usd: 'US dollars',
  eur: 'euros',
  gbp: 'pounds sterling',
};

/**
 * CURRENCY_UNITS for an order's currency code, in either case ('USD'): 'dollars'. A code the store never sold in is
 * named by itself ('CHF'), so a sentence still says what the amount is in.
 */
export function currencyUnitsOf(currency: string): string {
  const code = currency.toLowerCase();
  return Object.hasOwn(CURRENCY_UNITS, code) ? CURRENCY_UNITS[code as StoreCurrency] : currency.toUpperCase();
}
