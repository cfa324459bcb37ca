import { sql } from 'kysely';

// The one rule of what visitors and search engines see: published artworks only. Drafts and scheduled artworks are
// the owner's (decision 0061). Every visitor-facing read of artworks goes through one of these two conditions, so a
// later feature that lists artworks to visitors uses them too (the artworks module's index.ts exports them).

/** On a query of the artworks table: the row is published. `table` is the name or alias the query gives it. */
export function visibleToVisitors(table = 'artworks') {
  return sql<boolean>`${sql.ref(`${table}.status`)} = 'published'`;
}

/**
 * On a table kept beside artworks and keyed by an artwork's id (the search index, artwork_facets, order lines):
 * the id is not one of the unpublished artworks. Those are few, and a partial index lists them (migration 0026),
 * so the check is one small set, built once per query, rather than a read of each artwork's row.
 */
export function visibleArtworkId(id: string) {
  return sql<boolean>`${sql.ref(id)} not in (select u.id from artworks u where u.status <> 'published')`;
}
