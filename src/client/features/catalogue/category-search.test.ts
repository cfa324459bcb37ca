import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '#shared/catalogue/categories.ts';
import type { CategorySummary } from '#shared/catalogue/category-summary-schema.ts';
import { collectionOverview, searchCategories } from './category-search';

const summaries: CategorySummary[] = CATEGORIES.map((c, i) => ({
  ...c,
  gradient: [...c.gradient],
  tags: [...c.tags],
  featuredTags: [...c.featuredTags],
  artworkCount: i < 3 ? 5 : 0,
  featuredCount: i < 3 ? 2 : 0,
  newArrivalCount: i < 3 ? 1 : 0,
}));

describe('category search', () => {
  it('hides categories without artworks', () => {
    expect(searchCategories(summaries, '').map((c) => c.id)).toEqual(['nature', 'abstract', 'urban']);
  });

  it('matches name, description or featured tags, ignoring case', () => {
    expect(searchCategories(summaries, 'URBAN').map((c) => c.id)).toEqual(['urban']);
    expect(searchCategories(summaries, 'skylines').map((c) => c.id)).toEqual(['urban']);
    expect(searchCategories(summaries, 'Fluid').map((c) => c.id)).toEqual(['abstract']);
    expect(searchCategories(summaries, 'bauhaus')).toEqual([]);
  });

  it('sums the overview over the active categories', () => {
    expect(collectionOverview(summaries)).toEqual({
      activeCategories: 3,
      totalArtworks: 15,
      featuredPieces: 6,
      newArrivals: 3,
    });
  });
});
