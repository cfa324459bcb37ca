import { z } from 'zod';
import { JOB_STATUSES, SHOWN_JOB_STATUSES } from '../jobs/job-status';
import { RATIO_IDS } from './print-sizes';

/** A crop as fractions of the upright master: left and width of its width, top and height of its height. */
export const cropFractionsSchema = z.object({
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
});

const ratioIdSchema = z.enum(RATIO_IDS);

const packProgressSchema = z.object({
  /** none: no pack (no image master, or none asked for yet); the rest: the newest generation's state. */
  status: z.enum(SHOWN_JOB_STATUSES),
  /** Files of the newest generation made, and how many it has. */
  done: z.number().int(),
  total: z.number().int(),
  error: z.string().nullable(),
});
export type PackProgress = z.infer<typeof packProgressSchema>;

/** The owner's view of an artwork's print pack: the master, each ratio with its crop, and the pack being made. */
export const ownerPrintPackSchema = z.object({
  artworkId: z.number().int(),
  /** The private master's upright size; null when the artwork has no image master (a Drive link, a PDF). */
  master: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  progress: packProgressSchema,
  ratios: z.array(
    z.object({
      ratio: ratioIdSchema,
      offered: z.boolean(),
      /** The owner's crop, else the starting crop the store found, else centred. */
      crop: cropFractionsSchema,
      /** Whether `crop` is the owner's own. */
      cropped: z.boolean(),
      /** This ratio's file in the newest generation, if it has one. */
      file: z
        .object({
          status: z.enum(JOB_STATUSES),
          error: z.string().nullable(),
          width: z.number().int().nullable(),
          height: z.number().int().nullable(),
        })
        .nullable(),
    }),
  ),
});
export type OwnerPrintPack = z.infer<typeof ownerPrintPackSchema>;

/** The owner's change: the ratios offered, and the crops moved (others stay as they are). */
export const printPackUpdateSchema = z.object({
  ratios: z.array(ratioIdSchema).min(1, 'Offer at least one ratio.'),
  crops: z.partialRecord(ratioIdSchema, cropFractionsSchema).default({}),
});
export type PrintPackUpdate = z.infer<typeof printPackUpdateSchema>;

export const printPackRetrySchema = z.object({ ratio: ratioIdSchema });

/** Every artwork's pack progress, for the owner's dashboard. */
export const printPackProgressListSchema = z.object({
  items: z.array(packProgressSchema.extend({ artworkId: z.number().int() })),
});
export type PrintPackProgressList = z.infer<typeof printPackProgressListSchema>;
