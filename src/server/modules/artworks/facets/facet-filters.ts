import { sql } from 'kysely';

// The shop's colour, orientation and frame filters as SQL: an artwork is listed under a facet value when
// artwork_facets holds (value, its id). The primary key (facet, artwork_id) answers each lookup from the index.

/** `id` is listed under `facet` (id: the artworks' id as the outer query names it). */
export function facetCondition(id: string, facet: string) {
  return sql<boolean>`${sql.ref(id)} in (select artwork_id from artwork_facets where facet = ${facet})`;
}

/** ` and …` for each facet, appended to a query over ids that already has a where clause; empty for none. */
export function listedUnderAll(id: string, facets: readonly string[]) {
  return sql.join(
    facets.map((facet) => sql`and ${facetCondition(id, facet)}`),
    sql` `,
  );
}
