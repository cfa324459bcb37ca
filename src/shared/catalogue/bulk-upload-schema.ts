import { z } from 'zod';
import { toCents } from '../money/money';
import { MAX_PRICE } from './artwork-write';
import { BULK_FILE_STATUSES } from './bulk-upload';
import { CATEGORY_IDS } from './categories';

// The bulk upload's API: a batch is made (with its price), its files are uploaded through tus, and the grid reads
// the batch back with the drafts made.

const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_PRICE, `${label} must be at most ${MAX_PRICE}`)
    .refine((value) => Math.abs(toCents(value) - value * 100) < 1e-6, `${label} can have at most two decimals`);

export const bulkBatchCreateSchema = z.object({
  /** The personal licence's price for every draft of the batch; absent: the upload defaults' price. */
  price: price('Price').optional(),
});
export type BulkBatchCreate = z.infer<typeof bulkBatchCreateSchema>;

export const bulkBatchIdParamsSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{24}$/, 'Batch id is not valid'),
});

export const bulkBatchCreatedSchema = z.object({ id: z.string() });

export const bulkDraftSchema = z.object({
  id: z.number(),
  title: z.string(),
  price: z.number(),
  category: z.enum(CATEGORY_IDS),
  tags: z.array(z.string()),
  status: z.string(),
  thumbnailUrl: z.string().nullable(),
});

export const bulkFileSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  size: z.number(),
  status: z.enum(BULK_FILE_STATUSES),
  error: z.string().nullable(),
  draft: bulkDraftSchema.nullable(),
});
export type BulkFile = z.infer<typeof bulkFileSchema>;

export const bulkBatchSchema = z.object({
  id: z.string(),
  price: z.number().nullable(),
  files: z.array(bulkFileSchema),
});
export type BulkBatch = z.infer<typeof bulkBatchSchema>;

export const publishArtworksSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'ids must be a list of artwork ids' })
    .min(1, 'Select at least one artwork to publish')
    .max(1000, 'Publish at most 1000 artworks at once'),
});
export type PublishArtworks = z.infer<typeof publishArtworksSchema>;

export const publishedSchema = z.object({ published: z.number() });
