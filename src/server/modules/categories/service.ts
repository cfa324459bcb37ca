import type { Kysely } from 'kysely';
import { CATEGORIES } from '#shared/catalogue/categories.ts';
import type { CategorySummary } from '#shared/catalogue/category-summary-schema.ts';
import type { Database } from '../../db/schema';
import { countArtworksByCategory } from '../artworks';

/** All ten categories in their fixed order, each with how many artworks, featured and new arrivals it has. */
export async function listCategorySummaries(db: Kysely<Database>): Promise<CategorySummary[]> {
  const counts = new Map((await countArtworksByCategory(db)).map((c) => [c.category, c]));
  return CATEGORIES.map((category) => {
    const count = counts.get(category.id);
    return {
      ...category,
      gradient: [...category.gradient],
      tags: [...category.tags],
      featuredTags: [...category.featuredTags],
      artworkCount: count?.artworks ?? 0,
      featuredCount: count?.featured ?? 0,
      newArrivalCount: count?.newArrivals ?? 0,
    };
  });
}
