import { sql } from 'kysely';
import type { Engine } from '../../../db/dialect';

// The shop's colour, orientation and frame filters as SQL: an artwork is listed under a facet value when
// artwork_facets holds (value, its id).
//
// Each condition is a lookup of that one pair, made for each candidate row (the page stops after its 24 rows;
// a count visits every candidate). SQLite would make it in the artwork_id index, as good a match by its rules as
// the primary key, but that index spreads over the whole table (1.3 million entries at 100,000 works), so
// thousands of lookups miss its page cache: 21 ms to count a colour within a category of 10,000 works, against
// 2.3 ms in the primary key, where one value's entries lie together. INDEXED BY names the primary key: SQLite
// names a WITHOUT ROWID table's key `sqlite_autoindex_<table>_1` (and fails the query if ever it did not).

const SQLITE_PRIMARY_KEY = sql.raw('indexed by sqlite_autoindex_artwork_facets_1');

/** `id` is listed under `facet` (id: the artwork's id as the outer query names it). */
export function facetCondition(engine: Engine, id: string, facet: string) {
  return sql<boolean>`exists (select 1 from artwork_facets f ${engine === 'sqlite' ? SQLITE_PRIMARY_KEY : sql``}
    where f.facet = ${facet} and f.artwork_id = ${sql.ref(id)})`;
}

/** The condition of each facet on `id`. */
export function facetConditions(engine: Engine, id: string, facets: readonly string[]) {
  return facets.map((facet) => facetCondition(engine, id, facet));
}

/**
 * SQLite, counting a search's matches: each facet as the set of its ids, which SQLite builds once with a Bloom
 * filter in front, rather than a lookup per match: 11 against 15 ms for 'poster' (37,725 works) and portrait, 21
 * against 28 ms for 'ar' (84,859). The unary + keeps the condition from FTS5, which would run the whole search
 * again for each id of the set (17 s). Picking a page, the lookups are better: they stop after its 24 rows.
 */
export function facetSetConditions(id: string, facets: readonly string[]) {
  return facets.map(
    (facet) => sql<boolean>`+${sql.ref(id)} in (select artwork_id from artwork_facets where facet = ${facet})`,
  );
}

/**
 * PostgreSQL: artworks_search_text's row lists every facet (a code each, migration 0018). A value that no
 * artwork has ever had has no code: its null makes `@>` false, so nothing is listed, as the lookup would find.
 */
export function facetCodesCondition(facets: readonly string[]) {
  const codes = facets.map((facet) => sql`(select code from facet_codes where facet = ${facet})`);
  return sql<boolean>`facet_codes @> array[${sql.join(codes)}]::smallint[]`;
}
