import { z } from 'zod';

// What the owner's catalogue import answers and takes: a CSV understood (listings and refused rows), the
// confirmation with its conversion rates, and the batch's progress.

/** A row the store cannot use, named by its row in the CSV (the header is row 1) and the field at fault. */
export const refusedRowSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  reason: z.string(),
  title: z.string().nullable(),
});
export type RefusedRow = z.infer<typeof refusedRowSchema>;

/** A listing as the store understood it; prices in cents of the listing's own currency. */
export const listingSchema = z.object({
  row: z.number().int(),
  key: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  priceCents: z.number().int(),
  /** ISO 4217 code; null: the CSV does not say (Shopify), taken as the store's currency. */
  currency: z.string().nullable(),
  sku: z.string().nullable(),
  imageUrls: z.array(z.string()),
});
export type Listing = z.infer<typeof listingSchema>;

export const importPreviewSchema = z.object({
  id: z.number().int(),
  source: z.enum(['etsy', 'shopify']),
  fileName: z.string(),
  storeCurrency: z.string(),
  listings: z.array(listingSchema.extend({ alreadyImported: z.boolean() })),
  refused: z.array(refusedRowSchema),
  /** Currencies of listings other than the store's: each needs a rate, or its listings are refused. */
  foreignCurrencies: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** A rate is how many units of the store's currency one unit of the listing's currency buys (e.g. EUR→USD 1.08). */
export const importConfirmSchema = z.object({
  rates: z
    .record(
      z.string().regex(/^[A-Z]{3}$/, 'A currency is three capital letters'),
      z
        .number({ error: 'A conversion rate must be a number' })
        .positive('A conversion rate must be more than 0')
        .max(1_000_000, 'A conversion rate must be at most 1000000'),
    )
    .default({}),
});
export type ImportConfirm = z.infer<typeof importConfirmSchema>;

export const importOutcomeSchema = z.object({
  created: z.number().int(),
  /** Listings that filled in a draft already there with the same SKU or master file name. */
  matched: z.number().int(),
  alreadyImported: z.number().int(),
  /** Rows refused at confirmation (a currency without a rate), besides those refused on upload. */
  refused: z.array(refusedRowSchema),
});
export type ImportOutcome = z.infer<typeof importOutcomeSchema>;

export const importProgressSchema = z.object({
  id: z.number().int(),
  source: z.enum(['etsy', 'shopify']),
  fileName: z.string(),
  confirmed: z.boolean(),
  outcome: importOutcomeSchema.nullable(),
  pictures: z.object({
    total: z.number().int(),
    waiting: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
  }),
  /** Listings whose pictures could not be fetched, or only some of them, and why. */
  pictureProblems: z.array(z.object({ row: z.number().int(), artworkId: z.number().int(), reason: z.string() })),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

// Past PostgreSQL's integer an id names no import, and the database would refuse the comparison: a 404 here.
export const importIdParams = z.object({
  id: z.coerce.number().int().positive('Unknown import').max(2_147_483_647, 'Unknown import'),
});
