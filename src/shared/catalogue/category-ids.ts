// The store's fixed list of ten categories, by id, and what is known of each.

export const CATEGORY_IDS = [
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
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface Category {
  id: CategoryId;
  name: string;
  description: string;
  /** An emoji: renders everywhere without an icon font or a network request. */
  icon: string;
  /** Two colours for the card background, from top-left to bottom-right. */
  gradient: readonly [string, string];
  /** Keywords used to derive the category of an artwork from its tags. */
  tags: readonly string[];
  /** Exactly six headline tags, shown on the shop and category pages; they weigh more in derivation. */
  featuredTags: readonly [string, string, string, string, string, string];
}
