/**
 * The public catalogue's cache keys. They live here rather than in the catalogue feature because the owner's
 * workspace refreshes the shop's pages through them, and features do not import one another.
 */
export const catalogKeys = {
  lists: ['artworks'] as const,
  list: (query: string) => ['artworks', query] as const,
  details: ['artwork'] as const,
  detail: (id: string) => ['artwork', id] as const,
  categories: ['categories'] as const,
};
