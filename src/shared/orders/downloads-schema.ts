import { z } from 'zod';
import { ORDER_STATUSES } from './checkout';
import { licenceTierSchema } from '../licences/licence-schema';
import { DOWNLOAD_FORMATS } from './downloads';
import { RATIO_IDS } from '../prints/print-sizes';
import { ratioPrintSizesSchema } from '../prints/print-sizes-schema';

/** One file of a bought artwork's print pack: its ratio, pixels, the sizes it prints at, and its formats. */
const downloadPackFileSchema = ratioPrintSizesSchema.extend({
  formats: z.array(z.enum(DOWNLOAD_FORMATS)),
  /** The name it is saved under: 'Museum Arches – 4x5 (8x10, 16x20 in).jpg'. */
  fileName: z.string(),
  /** The JPEG's size in bytes: a buyer on a phone sees what a download costs before starting it. */
  bytes: z.number().int(),
});

/**
 * The print pack of a bought artwork's current master: `ready` with its files, or `preparing` while the newest
 * generation is made (done of total files), when the master's own buttons are offered meanwhile.
 */
export const downloadPackSchema = z.object({
  status: z.enum(['ready', 'preparing']),
  done: z.number().int(),
  total: z.number().int(),
  files: z.array(downloadPackFileSchema),
  /** About the ZIP's size: its files' sum (stored as they are; headers and the frame guide add a few kilobytes). */
  zipBytes: z.number().int(),
});
export type DownloadPack = z.infer<typeof downloadPackSchema>;

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
  licence: licenceTierSchema,
  licenceTermsVersion: z.number().int().nullable(),
  /** The line's licence certificate: its page is /licences/<number>, its PDF /api/licences/<number>/pdf. */
  certificateNumber: z.string(),
  /** Null when the artwork has no pack (no image master, or none made yet). */
  pack: downloadPackSchema.nullable(),
  /** The set this line is a piece of, when the set was bought whole (its title today); null for an artwork alone. */
  set: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /**
   * A Personal line that can be upgraded to Commercial now (decision 0068): what the upgrade costs today, in cents of
   * the store's currency, before any code and tax; null when it cannot (Commercial, no Commercial offered, upgraded).
   */
  upgrade: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  /** A Personal line upgraded to Commercial: the order that holds the Commercial line; null otherwise. */
  upgradedIn: z.object({ orderNumber: z.string(), itemId: z.number().int() }).nullable(),
  /** The Commercial line of an upgrade: the Personal line it upgrades; null for any other line. */
  upgradeOfItemId: z.number().int().nullable(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;

export const downloadOrderSchema = z.object({
  orderNumber: z.string(),
  paymentIntentId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  amount: z.number().int(),
  /** What the order was charged in ('usd'): its amounts read in it, whatever the store's currency is today. */
  currency: z.string(),
  /** What a discount code or quantity break took off the order (cents), and its name as the buyer saw it. */
  discount: z.number().int(),
  discountLabel: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  items: z.array(downloadItemSchema),
});
export type DownloadOrder = z.infer<typeof downloadOrderSchema>;

export const downloadListSchema = z.object({ orders: z.array(downloadOrderSchema) });
export type DownloadList = z.infer<typeof downloadListSchema>;

export const downloadRequestParamsSchema = z.object({ itemId: z.coerce.number().int().positive().max(2_147_483_647) });
/** The master (PNG unless asked otherwise), or one ratio's file of the pack (JPG unless asked otherwise). */
export const downloadRequestBodySchema = z.object({
  format: z.enum(DOWNLOAD_FORMATS).optional(),
  ratio: z.enum(RATIO_IDS).optional(),
});
export type DownloadRequestBody = z.infer<typeof downloadRequestBodySchema>;
export const downloadLinkSchema = z.object({
  url: z.string(),
  kind: z.enum(['file', 'drive']),
  fileName: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
