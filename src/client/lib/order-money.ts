import { useMemo } from 'react';
import { currencySymbol, formatMoney, formatMoneyCents } from '../../shared/money';
import { useStoreSettings } from './store-settings';

/**
 * Every price a page shows, in the store's currency (STORE_CURRENCY, from the store's settings): artwork prices are
 * whole units with two decimals, orders count in cents (decision 0021).
 */
export function useMoney() {
  const { currency } = useStoreSettings();
  return useMemo(
    () => ({
      currency,
      /** '€5.90' from 5.9. */
      formatPrice: (amount: number) => formatMoney(amount, currency),
      /** '€5.90' from 590. */
      formatCents: (cents: number) => formatMoneyCents(cents, currency),
      /** '€': before a money input. */
      symbol: currencySymbol(currency),
      /** 'EUR': a money input's label says it, 'Price (EUR)'. */
      code: currency.toUpperCase(),
    }),
    [currency],
  );
}
