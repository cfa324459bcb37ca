import type { CategorySummary } from '#shared/catalogue/category-summary-schema.ts';

/** Only categories with artworks, matched case-insensitively on name, description or featured tags. */
export function searchCategories(categories: readonly CategorySummary[], query: string): CategorySummary[] {
  const needle = query.trim().toLowerCase();
  return categories.filter(
    (c) =>
      c.artworkCount > 0 &&
      (!needle ||
        c.name.toLowerCase().includes(needle) ||
        c.description.toLowerCase().includes(needle) ||
        c.featuredTags.some((tag) => tag.toLowerCase().includes(needle))),
  );
}

export interface CollectionOverview {
  activeCategories: number;
  totalArtworks: number;
  featuredPieces: number;
  newArrivals: number;
}

export function collectionOverview(categories: readonly CategorySummary[]): CollectionOverview {
  const active = categories.filter((c) => c.artworkCount > 0);
  const sum = (pick: (c: CategorySummary) => number) => active.reduce((total, c) => total + pick(c), 0);
  return {
    activeCategories: active.length,
    totalArtworks: sum((c) => c.artworkCount),
    featuredPieces: sum((c) => c.featuredCount),
    newArrivals: sum((c) => c.newArrivalCount),
  };
}
