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
