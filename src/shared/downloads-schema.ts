import { z } from 'zod';
import { ORDER_STATUSES } from './checkout';
import { DOWNLOAD_FORMATS } from './downloads';

export const downloadItemSchema = z.object({
  itemId: z.number().int(),
  artworkId: z.number().int(),
  title: z.string(),
  artist: z.string(),
  dimensions: z.string().nullable(),
  previewUrl: z.string().nullable(),
  purchasedAt: z.string(),
  /** How it is delivered: our own file (in these formats), the owner's Google Drive link, or nothing to give. */
  delivery: z.enum(['file', 'drive', 'none']),
  formats: z.array(z.enum(DOWNLOAD_FORMATS)),
  downloads: z.number().int(),
  /** Downloads allowed per item; null: unlimited. */
  limit: z.number().int().nullable(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;

const downloadOrderSchema = z.object({
  orderNumber: z.string(),
  paymentIntentId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  items: z.array(downloadItemSchema),
});
export type DownloadOrder = z.infer<typeof downloadOrderSchema>;

export const downloadListSchema = z.object({ orders: z.array(downloadOrderSchema) });
export type DownloadList = z.infer<typeof downloadListSchema>;

export const downloadRequestParamsSchema = z.object({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });
export const downloadRequestBodySchema = z.object({ format: z.enum(DOWNLOAD_FORMATS).default('png') });
export const downloadLinkSchema = z.object({
  url: z.string(),
  kind: z.enum(['file', 'drive']),
  fileName: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
