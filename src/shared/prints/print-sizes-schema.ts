import { z } from 'zod';
import { RATIO_IDS } from './print-sizes';

/** A standard size as answers carry it: its shop name and its sides in inches and in centimetres. */
export const printSizeSchema = z.object({
  name: z.string(),
  inches: z.string(),
  cm: z.string(),
});
export type PrintSizeAnswer = z.infer<typeof printSizeSchema>;

/** One ratio a master prints at: the crop's pixels and the standard sizes it fills at 300 DPI. */
export const ratioPrintSizesSchema = z.object({
  ratio: z.enum(RATIO_IDS),
  label: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizes: z.array(printSizeSchema),
});
export type RatioPrintSizesAnswer = z.infer<typeof ratioPrintSizesSchema>;
