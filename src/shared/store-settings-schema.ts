import { z } from 'zod';
import { LICENSE_IDS, REFUND_POLICY_IDS, type StoreSettings } from './store-settings';

export const storeSettingsSchema: z.ZodType<StoreSettings> = z.object({
  storeName: z.string(),
  license: z.enum(LICENSE_IDS),
  refundPolicy: z.enum(REFUND_POLICY_IDS),
  supportEmail: z.string().nullable(),
  downloadLimit: z.number().int().nullable(),
});
