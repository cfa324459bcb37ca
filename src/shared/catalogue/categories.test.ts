import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_IDS } from './categories';
import { deriveCategoryId } from './category-derivation';

describe('the ten categories', () => {
  it('are the fixed list of ten, in order', () => {
    expect(CATEGORIES.map((c) => c.id)).toEqual([
      'nature',
      'abstract',
      'urban',
      'botanical',
      'geometric',
      'typography',
      'minimalist',
      'vintage',
      'modern',
      'classic',
    ]);
    expect(CATEGORY_IDS).toHaveLength(10);
  });

  it.each(CATEGORIES.map((c) => [c.id, c] as const))(
    '%s has six featured tags, all among its long tag list',
    (_, category) => {
      expect(category.featuredTags).toHaveLength(6);
      expect(new Set(category.featuredTags).size).toBe(6);
      expect(category.tags.length).toBeGreaterThanOrEqual(15);
      for (const tag of category.featuredTags) expect(category.tags).toContain(tag);
      expect(category.name && category.description && category.icon).toBeTruthy();
      expect(category.gradient).toHaveLength(2);
    },
  );
});

describe('deriveCategoryId', () => {
  it('uses an exact category name, ignoring case, before any tag', () => {
    expect(deriveCategoryId({ category: 'Botanical', tags: ['city', 'skyline'] })).toBe('botanical');
    expect(deriveCategoryId({ category: 'vINTAGE' })).toBe('vintage');
  });

  it('scores +1 per tag match and +2 more per featured-tag match', () => {
    // urban: 'bridge' and 'downtown' are plain tags (1 + 1 = 2); nature: 'forest' is featured (1 + 2 = 3).
    expect(deriveCategoryId({ category: 'Posters', tags: ['bridge', 'downtown', 'forest'] })).toBe('nature');
    // Three plain urban tags (3) tie with one featured nature tag (3): the earlier category in the list wins.
    expect(deriveCategoryId({ tags: ['bridge', 'downtown', 'subway', 'forest'] })).toBe('nature');
    // Four plain urban tags (4) beat one featured nature tag (3).
    expect(deriveCategoryId({ tags: ['bridge', 'downtown', 'subway', 'rooftops', 'forest'] })).toBe('urban');
  });

  it('matches tags case-insensitively and ignores surrounding spaces', () => {
    expect(deriveCategoryId({ tags: ['  NEON '] })).toBe('urban');
  });

  it("falls back to 'minimalist' when nothing scores", () => {
    expect(deriveCategoryId({ category: 'Uncategorized', tags: ['xyz'] })).toBe('minimalist');
    expect(deriveCategoryId({})).toBe('minimalist');
  });
});
