import { z } from 'zod';

/** What the whole store's archive will hold and weigh, told before the download starts. */
export const storeArchiveSizeSchema = z.object({
  /** The ZIP's exact length in bytes, as of now (the store may change before the download). */
  bytes: z.number().int().nonnegative(),
  tables: z.number().int().nonnegative(),
  rows: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  /** The schema level its rows are at: the last migration the store ran. */
  migration: z.string(),
});
export type StoreArchiveSize = z.infer<typeof storeArchiveSizeSchema>;
