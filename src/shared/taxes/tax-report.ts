// The owner's quarterly tax report (decision 0043): quarters, the euro rate the owner types, and the words of the
// page and the API's refusals. No zod here: the owner's page loads it; the API's shapes are in tax-report-schema.ts.

import type { TaxTreatment } from './taxes';

/** '2026-Q4'. */
export const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/;

const FIRST_YEAR = 2000;
const LAST_YEAR = 2999;

/** A quarter's first moment and the first moment after it, in UTC; null for anything but 'YYYY-Qn'. */
export function quarterBounds(quarter: string): { start: Date; end: Date } | null {
  const match = QUARTER_PATTERN.exec(quarter);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  return { start: new Date(Date.UTC(year, index * 3, 1)), end: new Date(Date.UTC(year, index * 3 + 3, 1)) };
}

/** The quarter a moment falls in, in UTC. */
export function quarterOf(moment: Date): string {
  return `${moment.getUTCFullYear()}-Q${Math.floor(moment.getUTCMonth() / 3) + 1}`;
}

/** The quarter `count` quarters before this one's (0: itself). */
function quarterBefore(quarter: string, count: number): string {
  const { start } = quarterBounds(quarter)!;
  return quarterOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 3 * count, 1)));
}

/** The quarters the page offers: the current one first, then the ones before it. */
export function recentQuarters(now: Date, count = 8): string[] {
  const current = quarterOf(now);
  return Array.from({ length: count }, (_, index) => quarterBefore(current, index));
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

/** 'Q4 2026 (Oct – Dec)'. */
export function quarterLabel(quarter: string): string {
  const bounds = quarterBounds(quarter);
  if (!bounds) return quarter;
  const last = new Date(bounds.end.getTime() - 1);
  const [year, number] = quarter.split('-Q');
  return `Q${number} ${year} (${MONTH.format(bounds.start)} – ${MONTH.format(last)})`;
}

/** The quarter's last day, 'YYYY-MM-DD': the day whose ECB rate the owner enters. */
export function quarterLastDay(quarter: string): string {
  const bounds = quarterBounds(quarter);
  return bounds ? new Date(bounds.end.getTime() - 1).toISOString().slice(0, 10) : '';
}

const RATE_PATTERN = /^(\d{1,4})(?:\.(\d{1,6}))?$/;

/**
 * The euro rate as the ECB publishes it: units of the store's currency for 1 EUR (1.0815 USD = 1 EUR). A positive
 * decimal with at most 6 decimals and below 10,000. `micros` is the rate × 1,000,000, exactly, so conversions are
 * integer arithmetic; `text` is the rate written without needless zeros ('1.08150' → '1.0815').
 */
export function parseEurRate(value: string): { text: string; micros: number } | null {
  const match = RATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const micros = Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
  if (micros <= 0) return null;
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return { text: `${Math.floor(micros / 1_000_000)}${fraction ? `.${fraction}` : ''}`, micros };
}

export const TAX_REPORT_MESSAGES = {
  quarter: 'The quarter is a year and its quarter, such as 2026-Q4.',
  eurRate:
    'The euro rate is a positive number with at most 6 decimals, such as 1.0815: units of the store’s currency for 1 euro.',
  eurStore: 'The store’s currency is the euro: its report needs no rate.',
} as const;

/** What the owner's page calls each scheme (the registration a sale was taxed under). */
export const SCHEME_LABELS: Readonly<Record<string, string>> = {
  oss: 'OSS',
  domestic: 'Domestic',
  'eu-home': 'Home rate (EU)',
  gb: 'UK VAT',
  no: 'Norway VOEC',
  'stripe-tax': 'Stripe Tax',
};

export const TREATMENT_LABELS: Readonly<Record<TaxTreatment, string>> = {
  vat: 'VAT',
  'reverse-charge': 'Reverse charge',
  outside: 'Not taxed',
};

/** What each registration means, as the settings panel says it. */
export const REGISTRATION_LABELS: Readonly<Record<string, string>> = {
  eu: 'EU: the One-Stop Shop (each EU consumer’s own rate)',
  'eu-home': 'EU, under €10,000: the seller’s own rate for every EU consumer',
  gb: 'United Kingdom',
  no: 'Norway (VOEC)',
};
