import { CODE_MESSAGES, discountLabel } from '#shared/discounts/discounts.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import { percentOf, spreadByLargestRemainder } from '#shared/money/split-cents.ts';

// How an order is priced, in whole cents, from the database's prices and discounts (docs/decisions/0037):
// 1. Automatic sales set each line's unit price: its list price less the largest sale percentage live for it.
// 2. A quantity break ("3 or more artworks: 25 % off") takes its percentage off the lines it covers, at those
//    prices, once enough different artworks are in the cart; the largest such discount applies.
// 3. A code that combines with automatic sales comes off what is left; one that does not is priced on the list
//    prices alone, and the buyer gets whichever total is lower (told when the code lost).
// Each discount is rounded half up to the cent and spread over the lines it covers by largest remainder, so every
// line's total is what it was charged and the lines add up to the order's total exactly.

export interface Discount {
  id: number;
  kind: 'code' | 'sale' | 'quantity';
  code: string | null;
  name: string;
  percentOff: number | null;
  amountOffCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  oncePerCustomer: boolean;
  minSubtotalCents: number | null;
  minQuantity: number | null;
  scope: 'all' | 'artworks' | 'categories';
  scopeArtworks: readonly number[];
  scopeCategories: readonly string[];
  combinesWithSales: boolean;
  active: boolean;
}

export interface CartLine {
  artworkId: number;
  category: string;
  quantity: number;
  /** The artwork's current price for the line's licence, before any sale. */
  listUnitCents: number;
  /**
   * False: automatic sales do not apply to the line (a commercial licence, decision 0040: the price history that an
   * honest "was" price is read from is the personal price's). Codes and quantity breaks still do.
   */
  saleEligible?: boolean;
  /** False: a quantity break neither counts the line nor takes anything off it (a licence upgrade, decision 0068). */
  breakEligible?: boolean;
}

/** A line as charged; whatever else the caller's line carries (its licence) comes along. */
export type PricedLine<L extends CartLine = CartLine> = L & {
  /** After an automatic sale. */
  unitCents: number;
  /** The sale that set unitCents, if one did. */
  saleId: number | null;
  /** The line's share of the order's discounts (a quantity break and a code). */
  discountCents: number;
  /** unitCents × quantity − discountCents. */
  totalCents: number;
};

export interface AppliedDiscount {
  id: number;
  kind: 'code' | 'quantity';
  label: string;
  cents: number;
}

export interface OrderPricing<L extends CartLine = CartLine> {
  lines: Array<PricedLine<L>>;
  /** The lines at their unit prices. */
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The order-level discounts that apply, in the order they were taken off. */
  discounts: AppliedDiscount[];
  /** Why the code the buyer gave does not apply; null when it does or none was given. */
  codeProblem: string | null;
}

/** A code the buyer gave, with what the store knows of its uses (held by open checkouts and paid). */
export interface GivenCode {
  /** Undefined: no discount has that code. */
  discount: Discount | undefined;
  /** Uses taken by paid orders and held by other buyers' open checkouts. */
  usesTaken: number;
  /** Whether this buyer's account has a paid order that used it. */
  usedByCustomer: boolean;
}

export interface PriceOrderInput<L extends CartLine = CartLine> {
  lines: readonly L[];
  /** The automatic sales and quantity breaks (whatever their dates: the ones live at `now` apply). */
  automatic: readonly Discount[];
  code?: GivenCode;
  now: Date;
  /** The store's: a code's minimum subtotal is named in it. */
  currency: StoreCurrency;
}

const isLive = (discount: Discount, now: Date) =>
  discount.active && (!discount.startsAt || discount.startsAt <= now) && (!discount.endsAt || now < discount.endsAt);

const covers = (discount: Discount, line: CartLine) =>
  discount.scope === 'all' ||
  (discount.scope === 'artworks' && discount.scopeArtworks.includes(line.artworkId)) ||
  (discount.scope === 'categories' && discount.scopeCategories.includes(line.category));

/** The line's unit price under the largest live sale that covers it. */
export function salePriceOf(line: CartLine, sales: readonly Discount[], now: Date) {
  if (line.saleEligible === false) return { unitCents: line.listUnitCents, saleId: null };
  let best: Discount | undefined;
  for (const sale of sales) {
    if (sale.kind !== 'sale' || !isLive(sale, now) || !covers(sale, line)) continue;
    if (!best || (sale.percentOff ?? 0) > (best.percentOff ?? 0)) best = sale;
  }
  const off = best ? percentOf(line.listUnitCents, best.percentOff ?? 0) : 0;
  return { unitCents: line.listUnitCents - off, saleId: best && off > 0 ? best.id : null };
}

const lineTotal = (line: PricedLine) => line.unitCents * line.quantity - line.discountCents;

function summed<L extends CartLine>(
  lines: Array<PricedLine<L>>,
  discounts: AppliedDiscount[],
  codeProblem: string | null,
): OrderPricing<L> {
  const priced = lines.map((line) => ({ ...line, totalCents: lineTotal(line) }));
  const subtotalCents = priced.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const discountCents = priced.reduce((sum, line) => sum + line.discountCents, 0);
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    totalCents: subtotalCents - discountCents,
    discounts,
    codeProblem,
  };
}

/** Takes `cents` off the lines `discount` covers, spread by what each has left; returns the cents taken. */
function takeOff(lines: PricedLine[], discount: Discount, cents: (base: number) => number): number {
  const covered = lines.filter(
    (line) => covers(discount, line) && (discount.kind !== 'quantity' || line.breakEligible !== false),
  );
  const left = covered.map(lineTotal);
  const base = left.reduce((a, b) => a + b, 0);
  const taken = Math.min(cents(base), base);
  spreadByLargestRemainder(taken, left).forEach((share, index) => (covered[index]!.discountCents += share));
  return taken;
}

const amountOf = (discount: Discount) => (base: number) =>
  discount.percentOff !== null ? percentOf(base, discount.percentOff) : (discount.amountOffCents ?? 0);

/** The largest live quantity break the cart reaches, taken off the lines it covers. */
function applyQuantityBreak(lines: PricedLine[], automatic: readonly Discount[], now: Date): AppliedDiscount[] {
  let best: { discount: Discount; cents: number } | undefined;
  for (const discount of automatic) {
    if (discount.kind !== 'quantity' || !isLive(discount, now)) continue;
    const covered = lines.filter((line) => line.breakEligible !== false && covers(discount, line));
    // Different artworks, not copies: a second copy of one file is nothing more to a buyer (nor both licences of it).
    const artworks = new Set(covered.map((line) => line.artworkId)).size;
    if (artworks < (discount.minQuantity ?? Infinity)) continue;
    const cents = percentOf(
      covered.map(lineTotal).reduce((a, b) => a + b, 0),
      discount.percentOff ?? 0,
    );
    if (cents > 0 && (!best || cents > best.cents)) best = { discount, cents };
  }
  if (!best) return [];
  const cents = takeOff(lines, best.discount, () => best.cents);
  return [{ id: best.discount.id, kind: 'quantity', label: best.discount.name, cents }];
}

/** Why the code cannot be used at all, before the cart is looked at. */
function codeUnusable(given: GivenCode, now: Date): string | null {
  const discount = given.discount;
  if (!discount || discount.kind !== 'code' || !discount.active) return CODE_MESSAGES.unknown;
  if (discount.startsAt && now < discount.startsAt) return CODE_MESSAGES.notStarted;
  if (discount.endsAt && now >= discount.endsAt) return CODE_MESSAGES.expired;
  if (discount.maxUses !== null && given.usesTaken >= discount.maxUses) return CODE_MESSAGES.usedUp;
  if (discount.oncePerCustomer && given.usedByCustomer) return CODE_MESSAGES.alreadyUsed;
  return null;
}

/** The code taken off `lines` (after what is already off them), or why it does not apply to them. */
function applyCode(lines: PricedLine[], discount: Discount, currency: StoreCurrency): AppliedDiscount | string {
  if (!lines.some((line) => covers(discount, line))) return CODE_MESSAGES.notInScope;
  const subtotal = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  if (discount.minSubtotalCents !== null && subtotal < discount.minSubtotalCents)
    return CODE_MESSAGES.minSubtotal(discount.minSubtotalCents, currency);
  const cents = takeOff(lines, discount, amountOf(discount));
  return { id: discount.id, kind: 'code', label: discountLabel(discount), cents };
}

export function priceOrder<L extends CartLine>(input: PriceOrderInput<L>): OrderPricing<L> {
  const { now } = input;
  const atSalePrices = () =>
    input.lines.map((line): PricedLine<L> => ({
      ...line,
      ...salePriceOf(line, input.automatic, now),
      discountCents: 0,
      totalCents: 0,
    }));
  const automaticLines = atSalePrices();
  const automaticDiscounts = applyQuantityBreak(automaticLines, input.automatic, now);
  const automatic = () => summed(automaticLines, automaticDiscounts, null);
  if (!input.code) return automatic();

  const unusable = codeUnusable(input.code, now);
  if (unusable) return { ...automatic(), codeProblem: unusable };
  const code = input.code.discount!;

  if (code.combinesWithSales) {
    const lines = automaticLines.map((line) => ({ ...line }));
    const applied = applyCode(lines, code, input.currency);
    if (typeof applied === 'string') return { ...automatic(), codeProblem: applied };
    return summed(lines, [...automaticDiscounts, applied], null);
  }
  // A code that does not combine: on the list prices, without sales or breaks; the lower total wins.
  const lines = input.lines.map((line): PricedLine<L> => ({
    ...line,
    unitCents: line.listUnitCents,
    saleId: null,
    discountCents: 0,
    totalCents: 0,
  }));
  const applied = applyCode(lines, code, input.currency);
  if (typeof applied === 'string') return { ...automatic(), codeProblem: applied };
  const withCode = summed(lines, [applied], null);
  const without = automatic();
  return withCode.totalCents <= without.totalCents
    ? withCode
    : { ...without, codeProblem: CODE_MESSAGES.notCombinable };
}
