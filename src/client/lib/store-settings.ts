import { queryOptions, useQuery } from '@tanstack/react-query';
import { downloadPolicy, LICENCE_OVERVIEW, REFUND_POLICIES } from '../../shared/store-settings';
import type { StoreSettings } from '../../shared/store-settings-schema';
import { fetchJson } from './api-client';

/** What pages show before the settings arrive: the defaults, so the text never flashes from one to the other. */
const DEFAULT_SETTINGS: StoreSettings = {
  storeName: 'Wall Art Store',
  license: 'personal',
  refundPolicy: 'final-sale',
  supportEmail: null,
  downloadLimit: null,
  currency: 'usd',
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
