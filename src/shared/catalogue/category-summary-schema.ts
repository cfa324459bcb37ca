import { z } from 'zod';
import { CATEGORY_IDS } from './categories';

/** A category with the numbers the home, shop and categories pages show. */
export const categorySummarySchema = z.object({
  id: z.enum(CATEGORY_IDS),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  gradient: z.tuple([z.string(), z.string()]),
  tags: z.array(z.string()),
  featuredTags: z.array(z.string()),
  artworkCount: z.number().int().min(0),
  featuredCount: z.number().int().min(0),
  newArrivalCount: z.number().int().min(0),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySummarySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;
