import type { InvalidateQueryFilters, Query, QueryClient } from '@tanstack/react-query';
import { catalogKeys } from '#client/lib/catalogue-keys.ts';
import { adminKeys } from './artwork-admin-queries';

/** Whether a cached public artwork page shows one of the changed artworks, as itself or among its related ones. */
function showsAny(query: Query, changed: ReadonlySet<string>): boolean {
  if (changed.has(String(query.queryKey[1]))) return true;
  const related =
    (query.state.data as { relatedArtworks?: Array<{ id: number }> } | null | undefined)?.relatedArtworks ?? [];
  return related.some((artwork) => changed.has(String(artwork.id)));
}

/**
 * The cached answers a change to these artworks makes stale, and nothing else: the owner's list and those
 * artworks' own pages, the shop's lists and category counts (a title, price, flag or category may have moved
 * them), and the public pages that show them. Other artworks' admin pages, the session and the store settings
 * stay as they are.
 */
export function queriesTouchedBy(ids: readonly number[]): InvalidateQueryFilters[] {
  const changed = new Set(ids.map(String));
  return [
    { queryKey: adminKeys.list },
    ...ids.map((id) => ({ queryKey: adminKeys.detail(id), exact: true })),
    { queryKey: catalogKeys.lists },
    { queryKey: catalogKeys.categories },
    { queryKey: catalogKeys.details, predicate: (query: Query) => showsAny(query, changed) },
  ];
}

/** Marks what a change touched as stale and refetches the part that is on screen. */
export async function refreshAfterChange(queryClient: QueryClient, ids: readonly number[]): Promise<void> {
  await Promise.all(queriesTouchedBy(ids).map((filters) => queryClient.invalidateQueries(filters)));
}
