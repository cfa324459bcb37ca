import { currencySymbol, formatMoneyCents } from '#shared/money/money.ts';

/**
 * An order's amounts in the currency it was charged in (its `currency`), never the store's: the owner may have
 * changed STORE_CURRENCY since, and an order paid in dollars still reads in dollars. Prices of the catalogue, the
 * cart and the checkout stay with useMoney (the store's currency, what the next order is charged in).
 */
export function orderMoney(currency: string) {
  return {
    currency,
    /** '$5.90' from 590. */
    formatCents: (cents: number) => formatMoneyCents(cents, currency),
    /** '$': before a money input. */
    symbol: currencySymbol(currency),
    /** 'USD': a money input's label says it, 'Amount to refund (USD)'. */
    code: currency.toUpperCase(),
  };
}
