import { z } from 'zod';
import { STORE_LICENCE_DEFAULTS } from './licences';
import { REFUND_POLICY_IDS } from './store-settings';

export const storeSettingsSchema = z.object({
  storeName: z.string(),
  /** STORE_LICENSE: the licences a new artwork offers (each artwork says which it offers). */
  license: z.enum(STORE_LICENCE_DEFAULTS),
  refundPolicy: z.enum(REFUND_POLICY_IDS),
  /** Where customers can write; the contact form is the main way. */
  supportEmail: z.string().nullable(),
  /** Downloads allowed per bought artwork; null: unlimited (DOWNLOAD_LIMIT). */
  downloadLimit: z.number().int().nullable(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
