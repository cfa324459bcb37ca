// Money is kept in whole cents wherever it is stored or added up, so 0.1 + 0.2 never becomes 0.30000000000000004.

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

// en-US for every currency, so the symbol comes first and the decimals follow a point: '$12.50', '€12.50', '£12.50'.
// One formatter a currency: building one per call costs more than the rest of a page's prices.
const formatters = new Map<string, Intl.NumberFormat>();
function formatterOf(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * '€5.90': an amount (whole units, as prices are entered) in a currency, with its symbol and two decimals. The
 * currency is the store's (STORE_CURRENCY), or an order's own (the code it was charged in, 'usd' or 'USD').
 */
export function formatMoney(amount: number, currency: string): string {
  return formatterOf(currency.toUpperCase()).format(amount);
}

/** '€5.90' from 590: an amount in cents, as orders count it. */
export function formatMoneyCents(cents: number, currency: string): string {
  return formatMoney(fromCents(cents), currency);
}

/** '$', '€', '£': the prefix of a money input; the currency is the store's or an order's ('usd' or 'USD'). */
export function currencySymbol(currency: string): string {
  return (
    formatterOf(currency.toUpperCase())
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? ''
  );
}

/** Discount percent: round((original - price) / original * 100), only when the original price is above the price. */
export function discountPercent(price: number, originalPrice: number | null | undefined): number | null {
  if (originalPrice == null || !(originalPrice > price) || originalPrice <= 0) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

export interface PricedLine {
  price: number;
  quantity: number;
}

/** Sum of price × quantity, added in cents and returned in whole units. */
export function cartTotal(lines: readonly PricedLine[]): number {
  const cents = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  return fromCents(cents);
}
