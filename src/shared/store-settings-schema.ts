import { z } from 'zod';
import { LICENSE_IDS, REFUND_POLICY_IDS } from './store-settings';

export const storeSettingsSchema = z.object({
  storeName: z.string(),
  license: z.enum(LICENSE_IDS),
  refundPolicy: z.enum(REFUND_POLICY_IDS),
  /** Where customers can write; the contact form is the main way. */
  supportEmail: z.string().nullable(),
  /** Downloads allowed per bought artwork; null: unlimited (DOWNLOAD_LIMIT). */
  downloadLimit: z.number().int().nullable(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;
