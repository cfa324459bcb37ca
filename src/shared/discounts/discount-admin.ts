// The owner's side of discounts: kinds, limits, the texts of the admin API's refusals and a discount's status.
// No zod here (the owner's pages load it); the request and answer shapes are in discounts-schema.ts.

import { CURRENCY_UNITS } from '../money/currency-words';
import { currencySymbol, formatMoneyCents } from '../money/money';
import type { StoreCurrency } from '../taxes/taxes';

export const DISCOUNT_KINDS = ['code', 'sale', 'quantity'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_SCOPES = ['all', 'artworks', 'categories'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

/** What the owner's pages call each kind. */
export const KIND_LABELS: Readonly<Record<DiscountKind, string>> = {
  code: 'Discount code',
  sale: 'Automatic sale',
  quantity: 'Quantity break',
};

/** The code the demo catalogue comes with (10 % off everything, no limit). */
export const DEMO_DISCOUNT_CODE = 'WELCOME10';

export const DISCOUNT_LIMITS = {
  nameMax: 80,
  /** Whole units of the store's currency: a fixed amount off, or a minimum subtotal. */
  maxAmount: 100_000,
  maxUses: 1_000_000,
  minQuantity: 2,
  maxQuantity: 1_000,
  maxArtworks: 500,
} as const;

export const DISCOUNT_MESSAGES = {
  kind: 'Choose a discount code, an automatic sale or a quantity break.',
  kindFixed: 'A discount’s kind cannot change: create a new one instead.',
  code: 'A code is 2 to 32 letters, digits or dashes.',
  codeRequired: 'Give the code buyers will type.',
  codeTaken: 'Another discount already has this code.',
  codeUsed: 'This code has been used: its text cannot change. Create a new code instead.',
  codeOnly: (field: string) => `Only a discount code has ${field}.`,
  nameRequired: 'Give the name buyers will see, e.g. “Spring sale”.',
  name: `The name must be at most ${DISCOUNT_LIMITS.nameMax} characters.`,
  percent: 'The percentage is a whole number from 1 to 100.',
  percentRequired: 'Give the percentage off.',
  oneValue: 'Give either a percentage or an amount off, not both.',
  valueRequired: 'Give a percentage or an amount off.',
  money: (label: string, currency: StoreCurrency) =>
    `${label} is an amount in ${CURRENCY_UNITS[currency]} above ${currencySymbol(currency)}0, with at most two decimals.`,
  moneyMax: (label: string, currency: StoreCurrency) =>
    `${label} must be at most ${currencySymbol(currency)}${DISCOUNT_LIMITS.maxAmount}.`,
  date: 'Give a date and time.',
  endBeforeStart: 'The end must be after the start.',
  maxUses: 'The total uses are a whole number of at least 1.',
  maxUsesBelowUses: (uses: number) => `This code has been used ${uses} times: the limit cannot be lower.`,
  minQuantity: `A quantity break needs a minimum quantity of at least ${DISCOUNT_LIMITS.minQuantity}.`,
  minQuantityOnly: 'Only a quantity break has a minimum quantity.',
  artworksRequired: 'Choose at least one artwork.',
  unknownArtwork: (id: number) => `No artwork has the id ${id}.`,
  categoriesRequired: 'Choose at least one category.',
  category: 'Choose from the store’s categories.',
  scopeMismatch: (what: string) => `${what} are chosen only when the discount applies to chosen ${what.toLowerCase()}.`,
  notFound: 'No such discount.',
} as const;

/** What a discount takes off, as the owner's list and the demo's note say it: '10 % off', '$5.00 off'. */
export function discountValueText(
  discount: { percentOff: number | null; amountOffCents: number | null },
  currency: StoreCurrency,
): string {
  if (discount.percentOff !== null) return `${discount.percentOff} % off`;
  return `${formatMoneyCents(discount.amountOffCents ?? 0, currency)} off`;
}

export const DISCOUNT_STATUSES = ['active', 'scheduled', 'expired', 'used-up', 'off'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const STATUS_LABELS: Readonly<Record<DiscountStatus, string>> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used-up': 'Used up',
  off: 'Off',
};

interface StatusFacts {
  active: boolean;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  maxUses: number | null;
  /** Paid orders that used it. */
  uses: number;
}

const at = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/**
 * What the owner's list says of a discount now. Switched off wins, then over (ended, or every use paid for), then
 * not started. Uses held by open checkouts do not make a code "used up": a hold is given back after 30 minutes.
 */
export function discountStatus(discount: StatusFacts, now: Date): DiscountStatus {
  if (!discount.active) return 'off';
  if (discount.endsAt && at(discount.endsAt) <= now) return 'expired';
  if (discount.maxUses !== null && discount.uses >= discount.maxUses) return 'used-up';
  if (discount.startsAt && at(discount.startsAt) > now) return 'scheduled';
  return 'active';
}
