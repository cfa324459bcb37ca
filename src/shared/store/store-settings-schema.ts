import { z } from 'zod';
import { STORE_LICENCE_DEFAULTS } from '../licences/licences';
import { REFUND_POLICY_IDS } from './store-settings';
import { STORE_CURRENCIES } from '../taxes/taxes';

export const storeSettingsSchema = z.object({
  storeName: z.string(),
  /** STORE_LICENSE: the licences a new artwork offers (each artwork says which it offers). */
  license: z.enum(STORE_LICENCE_DEFAULTS),
  refundPolicy: z.enum(REFUND_POLICY_IDS),
  /** Where customers can write; the contact form is the main way. */
  supportEmail: z.string().nullable(),
  /** Downloads allowed per bought artwork; null: unlimited (DOWNLOAD_LIMIT). */
  downloadLimit: z.number().int().nullable(),
  /** STORE_CURRENCY: prices are entered, shown and charged in it. */
  currency: z.enum(STORE_CURRENCIES),
  /** GUEST_CHECKOUT: a signed-out visitor may check out with their e-mail (decision 0058). */
  guestCheckout: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
