import type { StoreSettings } from '#shared/store/store-settings-schema.ts';
import type { Config } from '../../config';

/** What every page and e-mail says about the store, its licence and refunds: read from the configuration. */
export function storeSettingsOf(config: Config): StoreSettings {
  return {
    storeName: config.storeName,
    license: config.license,
    refundPolicy: config.refundPolicy,
    supportEmail: config.contactEmail ?? null,
    downloadLimit: config.downloadLimit ?? null,
    currency: config.tax.currency,
    guestCheckout: config.guestCheckout,
  };
}
