// Money is kept in whole cents wherever it is stored or added up, so 0.1 + 0.2 never becomes 0.30000000000000004.

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$5.90': USD with a dollar sign and two decimals. */
export function formatUsd(dollars: number): string {
  return usd.format(dollars);
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

/** Sum of price × quantity, added in cents and returned in dollars. */
export function cartTotal(lines: readonly PricedLine[]): number {
  const cents = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  return fromCents(cents);
}
