import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { currencySymbol, formatMoney, formatMoneyCents } from '../../shared/money/money';
import { downloadPolicy, LICENCE_OVERVIEW, REFUND_POLICIES } from '../../shared/store/store-settings';
import type { StoreSettings } from '../../shared/store/store-settings-schema';
import { fetchJson } from './api-client';

/** What pages show before the settings arrive: the defaults, so the text never flashes from one to the other. */
const DEFAULT_SETTINGS: StoreSettings = {
  storeName: 'Wall Art Store',
  license: 'personal',
  refundPolicy: 'final-sale',
  supportEmail: null,
  downloadLimit: null,
  currency: 'usd',
  guestCheckout: false,
};

/** The store's licence and refund policy, with their texts: every page that mentions either reads this. */
export const storeSettingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: ({ signal }) => fetchJson<StoreSettings>('/api/settings', { signal }),
  staleTime: 10 * 60_000,
});

export function useStoreSettings() {
  const { data } = useQuery(storeSettingsQuery);
  const settings = data ?? DEFAULT_SETTINGS;
  return {
    ...settings,
    licenseText: LICENCE_OVERVIEW,
    refundText: REFUND_POLICIES[settings.refundPolicy],
    downloadText: downloadPolicy(settings),
  };
}

/**
 * Every price a page shows (here, beside the settings it reads, so the pages' prices come with the start-up code
 * instead of a chunk of their own), in the store's currency (STORE_CURRENCY, from the store's settings): artwork prices are
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
