import { CATEGORIES, type CategoryId } from './categories';

const FALLBACK_CATEGORY: CategoryId = 'minimalist';

/**
 * An exact category name (case-insensitive) wins; otherwise each category scores +1 for every
 * artwork tag in its keyword list and +2 more for every tag among its featured tags. The highest score wins
 * (the earlier category on a tie); with no score at all the artwork is 'minimalist'.
 */
export function deriveCategoryId(input: { category?: string | null; tags?: readonly string[] | null }): CategoryId {
  const wanted = input.category?.trim().toLowerCase();
  if (wanted) {
    const named = CATEGORIES.find((c) => c.name.toLowerCase() === wanted || c.id === wanted);
    if (named) return named.id;
  }

  const tags = (input.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
  let best: CategoryId = FALLBACK_CATEGORY;
  let bestScore = 0;
  for (const category of CATEGORIES) {
    let score = 0;
    for (const tag of tags) {
      if (category.tags.includes(tag)) score += 1;
      if (category.featuredTags.includes(tag)) score += 2;
    }
    if (score > bestScore) {
      best = category.id;
      bestScore = score;
    }
  }
  return best;
}
