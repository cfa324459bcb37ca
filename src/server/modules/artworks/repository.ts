import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { CatalogQuery } from '#shared/catalogue/catalogue-query-schema.ts';
import { toCents } from '#shared/money/money.ts';
import { engineOf, type Engine } from '../../db/dialect';
import type { ArtworkRow, Database } from '../../db/schema';
import { facetsOfQuery } from './facets/artwork-facets';
import { facetCodesCondition, facetCondition, facetConditions, facetSetConditions } from './facets/facet-filters';
import { visibleArtworkId, visibleToVisitors } from './visible-to-visitors';

type ArtworkQuery = SelectQueryBuilder<Database, 'artworks', object>;

/**
 * How the search term narrows the list, decided once per request:
 * - index: an FTS5 expression that SQLite's trigram index answers alone;
 * - scan: SQLite's LIKE '%term%' on search_text (one-letter terms, and terms with a NUL);
 * - text: PostgreSQL's LIKE '%term%' on artworks_search_text, served by its pg_trgm index (3+ characters). A
 *   two-character term also names its `pair`, which the character_pairs index answers exactly;
 * - nothing: SQLite's index already shows that no artwork contains the term.
 */
type Search =
  | { kind: 'index'; match: string }
  | { kind: 'scan'; pattern: string }
  | { kind: 'text'; pattern: string; pair?: string }
  | { kind: 'nothing' };

// FTS5 orders its terms byte by byte (UTF-8), so every term that starts with t lies between t and t + U+10FFFF.
const LAST_CODE_POINT = '\u{10FFFF}';

function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Inside an FTS5 phrase only the double quote is special (doubled); % _ \ are plain characters. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * With the trigram tokenizer a phrase matches wherever it occurs as a substring, as LIKE '%term%' does, but from
 * the index alone. (LIKE on the FTS5 table only narrows the candidates, then re-reads each candidate row to
 * check it: ~2 µs a row, 70 ms for a word found in 38,000 of 100,000 works.) The index appends a newline to
 * every text; a term never ends in one (the query schema trims it), so that newline never makes a match.
 *
 * Two characters are too few for a trigram, but thanks to that newline each two-character substring of a text
 * starts at least one of its trigrams, even at the very end. The vocabulary table lists the trigrams that start
 * with the term, and a row with any of them contains it. One character starts hundreds of trigrams: merging all
 * of them is slower than the scan.
 */
async function planSqliteSearch(db: Kysely<Database>, term: string): Promise<Search> {
  const length = [...term].length;
  // FTS5 reads its query text only up to a NUL character (and then fails); LIKE stops there too, quietly.
  if (length === 1 || term.includes('\0')) return { kind: 'scan', pattern: likePattern(term) };
  if (length >= 3) return { kind: 'index', match: ftsPhrase(term) };
  const { rows } = await sql<{ term: string }>`select term from artworks_search_terms
    where term >= ${term} and term <= ${term + LAST_CODE_POINT}`.execute(db);
  if (rows.length === 0) return { kind: 'nothing' };
  return { kind: 'index', match: rows.map((row) => ftsPhrase(row.term)).join(' OR ') };
}

/**
 * PostgreSQL: a text contains a two-character term exactly when the term is one of its character pairs, so the
 * pairs index answers alone, with no text to check again. (PostgreSQL cannot store a NUL, in a term or a text.)
 */
function planPostgresSearch(term: string): Search {
  const pair = [...term].length === 2 && !term.includes('\0') ? term : undefined;
  return { kind: 'text', pattern: likePattern(term), ...(pair ? { pair } : {}) };
}

async function planSearch(db: Kysely<Database>, q: string | undefined): Promise<Search | undefined> {
  const term = q?.toLowerCase();
  if (!term) return undefined;
  return engineOf(db) === 'sqlite' ? planSqliteSearch(db, term) : planPostgresSearch(term);
}

/**
 * PostgreSQL's condition on artworks_search_text. To count, a pair alone; to pick rows, LIKE as well: when the
 * planner walks the ids in order (a common term fills a page at once) it checks the cheap LIKE first, and works
 * out a text's pairs (about 0.2 ms) only for the rows LIKE lets through. Both give the same rows as LIKE alone.
 */
function postgresTextCondition(search: Extract<Search, { kind: 'text' }>, purpose: 'count' | 'rows') {
  const like = sql<boolean>`search_text like ${search.pattern} escape '\\'`;
  if (!search.pair) return like;
  const pair = sql<boolean>`character_pairs(search_text) @> array[${search.pair}::text]`;
  return purpose === 'count' ? pair : sql<boolean>`${pair} and ${like}`;
}

function applyFilters(db: Kysely<Database>, filters: CatalogQuery, search: Search | undefined): ArtworkQuery {
  let q: ArtworkQuery = db.selectFrom('artworks').where(visibleToVisitors());
  if (search?.kind === 'index') {
    const matches = sql<number>`(select rowid from artworks_search where artworks_search match ${search.match})`;
    q = q.where('artworks.id', 'in', matches);
  } else if (search?.kind === 'scan') {
    q = q.where(sql<boolean>`artworks.search_text like ${search.pattern} escape '\\'`);
  } else if (search?.kind === 'text') {
    const matches = sql<number>`(select id from artworks_search_text where ${postgresTextCondition(search, 'rows')})`;
    q = q.where('artworks.id', 'in', matches);
  }
  for (const facet of facetsOfQuery(filters)) q = q.where(facetCondition(engineOf(db), 'artworks.id', facet));
  if (filters.category) q = q.where('artworks.category', '=', filters.category);
  if (filters.filter === 'featured') q = q.where('artworks.is_featured', '=', 1);
  if (filters.filter === 'new') q = q.where('artworks.is_new_arrival', '=', 1);
  // The lowest price a buyer can pay (the cheaper licence offered), as the sorts below: never the Personal price of
  // an artwork that does not offer Personal.
  if (filters.minPrice !== undefined) q = q.where('artworks.lowest_price_cents', '>=', toCents(filters.minPrice));
  if (filters.maxPrice !== undefined) q = q.where('artworks.lowest_price_cents', '<=', toCents(filters.maxPrice));
  return q;
}

function applySort(query: SelectQueryBuilder<Database, 'artworks', ArtworkRow>, sort: CatalogQuery['sort']) {
  switch (sort) {
    // Publication order: an artwork made long ago as a draft is new to the shop the day it goes live.
    case 'oldest':
      return query.orderBy('artworks.published_at', 'asc').orderBy('artworks.id', 'asc');
    case 'price-low':
      return query.orderBy('artworks.lowest_price_cents', 'asc').orderBy('artworks.id', 'desc');
    case 'price-high':
      return query.orderBy('artworks.lowest_price_cents', 'desc').orderBy('artworks.id', 'desc');
    case 'popular':
      return query.orderBy('artworks.download_count', 'desc').orderBy('artworks.id', 'desc');
    case 'newest':
      return query.orderBy('artworks.published_at', 'desc').orderBy('artworks.id', 'desc');
  }
}

/**
 * The search and the facets when they are all that narrow the list (whatever the sort): SQLite's FTS5 index or
 * PostgreSQL's artworks_search_text, and artwork_facets, each listing ids in id order. Then they alone can count
 * the matches and, for the id orders, pick the page; going through the artworks table instead reads every matching
 * row, ~2 µs each on SQLite (80 ms for a word found in 38,000 of 100,000 works, 60 ms for a colour of 30,000), and
 * most of the wide table on PostgreSQL. Any other filter, including one added to CatalogQuery later, turns this off.
 */
interface IndexedOnly {
  search: Extract<Search, { kind: 'index' | 'text' }> | undefined;
  facets: string[];
}

function indexedOnly(filters: CatalogQuery, search: Search | undefined): IndexedOnly | undefined {
  const { q: _q, sort: _sort, limit: _limit, offset: _offset, color, orientation, frame, ...narrowing } = filters;
  if (Object.values(narrowing).some((value) => value !== undefined)) return undefined;
  if (search && search.kind !== 'index' && search.kind !== 'text') return undefined;
  const facets = facetsOfQuery({ color, orientation, frame });
  return search || facets.length > 0 ? { search, facets } : undefined;
}

/**
 * The matching ids, from the index tables alone: FTS5 hands back rowids in id order by itself, and the primary
 * keys of artworks_search_text (id) and artwork_facets (facet, artwork_id) are in id order too, so newest/oldest
 * read only the page's entries. `order` and what follows it are appended by the caller. The id is named with its
 * table: the facets' conditions look it up from within a query of their own.
 */
function indexedIds(engine: Engine, only: IndexedOnly, purpose: 'count' | 'rows') {
  const { search, facets } = only;
  const listed = (id: string, from: RawBuilder<unknown>, where: RawBuilder<unknown>, others = facets) => {
    const conditions = [where, ...facetConditions(engine, id, others), visibleArtworkId(id)];
    return { id, ids: sql`select ${sql.raw(id)} from ${from} where ${sql.join(conditions, sql` and `)}` };
  };
  if (search?.kind === 'index') {
    const id = 'artworks_search.rowid';
    const match = sql<boolean>`artworks_search match ${search.match}`;
    if (purpose === 'rows') return listed(id, sql`artworks_search`, match);
    const conditions = sql.join([match, ...facetSetConditions(id, facets), visibleArtworkId(id)], sql` and `);
    return { id, ids: sql`select ${sql.raw(id)} from artworks_search where ${conditions}` };
  }
  if (search?.kind === 'text' && purpose === 'count' && facets.length > 0) {
    // The facets' codes and the term in one GIN index (migration 0018): the bitmap scan ANDs them, so only the
    // rows with both are read, and each is read once (20 to 25 ms for 'ar' or 'poster' with a facet, against 31
    // to 40 ms counting the term's matches and joining them with the facet's ids).
    const id = 'artworks_search_text.id';
    const condition = sql.join(
      [postgresTextCondition(search, purpose), facetCodesCondition(facets), visibleArtworkId(id)],
      sql` and `,
    );
    return { id, ids: sql`select ${sql.raw(id)} from artworks_search_text where ${condition}` };
  }
  if (search?.kind === 'text')
    return listed('artworks_search_text.id', sql`artworks_search_text`, postgresTextCondition(search, purpose));
  const [first, ...rest] = facets;
  return listed('listed.artwork_id', sql`artwork_facets listed`, sql`listed.facet = ${first}`, rest);
}

/**
 * The page in publication order: the published artworks' partial index on (published_at, id) is walked in order,
 * each entry checked against the matching ids (a set built once), until the page is full. Ids alone are no longer
 * in that order: a draft made long ago goes live today.
 */
function findIndexedPageRows(db: Kysely<Database>, only: IndexedOnly, filters: CatalogQuery) {
  const direction = filters.sort === 'oldest' ? 'asc' : 'desc';
  const { ids } = indexedIds(engineOf(db), only, 'rows');
  return db
    .selectFrom('artworks')
    .selectAll()
    .where(visibleToVisitors())
    .where('id', 'in', sql<number>`(${ids})`)
    .orderBy('published_at', direction)
    .orderBy('id', direction)
    .limit(filters.limit)
    .offset(filters.offset)
    .execute();
}

// The triggers of the artworks migration (SQLite) and of migration 0007 (PostgreSQL) keep artworks_search and
// artworks_search_text in step with artworks, row for row, and artwork_facets's rows go with their artwork (a
// cascade), so counting their matches counts the artworks.
async function countIndexedMatches(db: Kysely<Database>, only: IndexedOnly): Promise<number> {
  const { ids } = indexedIds(engineOf(db), only, 'count');
  const { rows } = await sql<{ total: number | string }>`select count(*) as total from (${ids}) as matches`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

function findPageRows(db: Kysely<Database>, filters: CatalogQuery, search: Search | undefined) {
  const only = indexedOnly(filters, search);
  if (only && (filters.sort === 'newest' || filters.sort === 'oldest')) return findIndexedPageRows(db, only, filters);
  const filtered = applyFilters(db, filters, search);
  return applySort(filtered.selectAll('artworks'), filters.sort).limit(filters.limit).offset(filters.offset).execute();
}

async function countMatches(db: Kysely<Database>, filters: CatalogQuery, search: Search | undefined) {
  const only = indexedOnly(filters, search);
  if (only) return countIndexedMatches(db, only);
  const filtered = applyFilters(db, filters, search);
  const count = await filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  return Number(count.total);
}

export async function findArtworkPage(
  db: Kysely<Database>,
  filters: CatalogQuery,
): Promise<{ rows: ArtworkRow[]; total: number }> {
  const search = await planSearch(db, filters.q);
  if (search?.kind === 'nothing') return { rows: [], total: 0 };
  const [rows, total] = await Promise.all([findPageRows(db, filters, search), countMatches(db, filters, search)]);
  return { rows, total };
}

/** Any artwork, whatever its status: the owner's reads, and the writers'. */
export async function findArtworkById(db: Kysely<Database>, id: number): Promise<ArtworkRow | undefined> {
  return db.selectFrom('artworks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The artwork if visitors may see it (published); undefined for a draft or a scheduled one, as for none. */
export async function findVisibleArtworkById(db: Kysely<Database>, id: number): Promise<ArtworkRow | undefined> {
  return db.selectFrom('artworks').selectAll().where('id', '=', id).where(visibleToVisitors()).executeTakeFirst();
}

/**
 * A category's featured works first, then the newest. The index on (category, is_featured, id), read backwards,
 * gives them in this order, so only the first few entries are read, however large the category.
 */
export async function findRelatedArtworks(db: Kysely<Database>, artwork: ArtworkRow, limit: number) {
  return db
    .selectFrom('artworks')
    .selectAll()
    .where('category', '=', artwork.category)
    .where('id', '!=', artwork.id)
    .where(visibleToVisitors())
    .orderBy('is_featured', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Read from category_counts, which triggers keep exact (migration 0007): ten rows, whatever the catalogue's size. */
export async function countArtworksByCategory(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('category_counts')
    .select(['category', 'artworks', 'featured', 'new_arrivals'])
    .execute();
  return rows.map((r) => ({
    category: r.category,
    artworks: Number(r.artworks),
    featured: Number(r.featured),
    newArrivals: Number(r.new_arrivals),
  }));
}

/** Any of the artworks, whatever their status (an order's lines name artworks that may since have been unpublished). */
export async function findArtworksByIds(db: Kysely<Database>, ids: readonly number[]): Promise<ArtworkRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('artworks')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Those of the artworks visitors may see and buy: a draft or a scheduled one is not among them. */
export async function findVisibleArtworksByIds(db: Kysely<Database>, ids: readonly number[]): Promise<ArtworkRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('artworks')
    .selectAll()
    .where('id', 'in', [...ids])
    .where(visibleToVisitors())
    .execute();
}
