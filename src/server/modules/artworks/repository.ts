import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CatalogQuery } from '../../../shared/catalog-query-schema';
import { toCents } from '../../../shared/money';
import { engineOf } from '../../db/dialect';
import type { ArtworkRow, Database } from '../../db/schema';

type ArtworkQuery = SelectQueryBuilder<Database, 'artworks', object>;

/**
 * How the search term narrows the list, decided once per request:
 * - index: an FTS5 expression that SQLite's trigram index answers alone;
 * - scan: LIKE '%term%' on search_text, served by PostgreSQL's pg_trgm index (3+ characters), else a scan;
 * - nothing: SQLite's index already shows that no artwork contains the term.
 */
type Search = { kind: 'index'; match: string } | { kind: 'scan'; pattern: string } | { kind: 'nothing' };

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

async function planSearch(db: Kysely<Database>, q: string | undefined): Promise<Search | undefined> {
  const term = q?.toLowerCase();
  if (!term) return undefined;
  return engineOf(db) === 'sqlite' ? planSqliteSearch(db, term) : { kind: 'scan', pattern: likePattern(term) };
}

function applyFilters(query: ArtworkQuery, filters: CatalogQuery, search: Search | undefined): ArtworkQuery {
  let q = query;
  if (search?.kind === 'index') {
    const matches = sql<number>`(select rowid from artworks_search where artworks_search match ${search.match})`;
    q = q.where('artworks.id', 'in', matches);
  } else if (search?.kind === 'scan') {
    q = q.where(sql<boolean>`artworks.search_text like ${search.pattern} escape '\\'`);
  }
  if (filters.category) q = q.where('artworks.category', '=', filters.category);
  if (filters.filter === 'featured') q = q.where('artworks.is_featured', '=', 1);
  if (filters.filter === 'new') q = q.where('artworks.is_new_arrival', '=', 1);
  if (filters.minPrice !== undefined) q = q.where('artworks.price_cents', '>=', toCents(filters.minPrice));
  if (filters.maxPrice !== undefined) q = q.where('artworks.price_cents', '<=', toCents(filters.maxPrice));
  return q;
}

function applySort(query: SelectQueryBuilder<Database, 'artworks', ArtworkRow>, sort: CatalogQuery['sort']) {
  switch (sort) {
    case 'oldest':
      return query.orderBy('artworks.id', 'asc');
    case 'price-low':
      return query.orderBy('artworks.price_cents', 'asc').orderBy('artworks.id', 'desc');
    case 'price-high':
      return query.orderBy('artworks.price_cents', 'desc').orderBy('artworks.id', 'desc');
    case 'popular':
      return query.orderBy('artworks.download_count', 'desc').orderBy('artworks.id', 'desc');
    case 'newest':
      return query.orderBy('artworks.id', 'desc');
  }
}

/**
 * The FTS5 expression when SQLite's index is all that narrows the list (the search box on its own, whatever the
 * sort). Then the index alone can count the matches and, for the id orders, pick the page; going through the
 * artworks table instead reads every matching row, ~2 µs each (80 ms for a word found in 38,000 of 100,000
 * works). Any other filter, including one added to CatalogQuery later, turns this off.
 */
function indexOnlySearch(filters: CatalogQuery, search: Search | undefined): string | undefined {
  const { q: _q, sort: _sort, limit: _limit, offset: _offset, ...narrowing } = filters;
  const narrowed = Object.values(narrowing).some((value) => value !== undefined);
  return search?.kind === 'index' && !narrowed ? search.match : undefined;
}

/** FTS5 hands back rowids in id order by itself, so newest/oldest read only the page's rows. */
function findIndexOnlyPageRows(db: Kysely<Database>, match: string, filters: CatalogQuery) {
  const direction = filters.sort === 'oldest' ? 'asc' : 'desc';
  const pageIds = sql<number>`(select rowid from artworks_search where artworks_search match ${match}
    order by rowid ${sql.raw(direction)} limit ${filters.limit} offset ${filters.offset})`;
  return db.selectFrom('artworks').selectAll().where('id', 'in', pageIds).orderBy('id', direction).execute();
}

// The triggers of the artworks migration keep artworks_search in step with artworks, row for row,
// so counting the index's matches counts the artworks.
async function countIndexOnlyMatches(db: Kysely<Database>, match: string): Promise<number> {
  const { rows } = await sql<{ total: number }>`select count(*) as total from artworks_search
    where artworks_search match ${match}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

function findPageRows(db: Kysely<Database>, filters: CatalogQuery, search: Search | undefined) {
  const indexOnly = indexOnlySearch(filters, search);
  if (indexOnly && (filters.sort === 'newest' || filters.sort === 'oldest')) {
    return findIndexOnlyPageRows(db, indexOnly, filters);
  }
  const filtered = applyFilters(db.selectFrom('artworks'), filters, search);
  return applySort(filtered.selectAll('artworks'), filters.sort).limit(filters.limit).offset(filters.offset).execute();
}

async function countMatches(db: Kysely<Database>, filters: CatalogQuery, search: Search | undefined) {
  const indexOnly = indexOnlySearch(filters, search);
  if (indexOnly) return countIndexOnlyMatches(db, indexOnly);
  const filtered = applyFilters(db.selectFrom('artworks'), filters, search);
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

export async function findArtworkById(db: Kysely<Database>, id: number): Promise<ArtworkRow | undefined> {
  return db.selectFrom('artworks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findRelatedArtworks(db: Kysely<Database>, artwork: ArtworkRow, limit: number) {
  return db
    .selectFrom('artworks')
    .selectAll()
    .where('category', '=', artwork.category)
    .where('id', '!=', artwork.id)
    .orderBy('is_featured', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countArtworksByCategory(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('artworks')
    .select((eb) => [
      'category',
      eb.fn.countAll().as('artworks'),
      eb.fn.sum<number | string>('is_featured').as('featured'),
      eb.fn.sum<number | string>('is_new_arrival').as('newArrivals'),
    ])
    .groupBy('category')
    .execute();
  return rows.map((r) => ({
    category: r.category,
    artworks: Number(r.artworks),
    featured: Number(r.featured ?? 0),
    newArrivals: Number(r.newArrivals ?? 0),
  }));
}

export async function findArtworksByIds(db: Kysely<Database>, ids: readonly number[]): Promise<ArtworkRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('artworks').selectAll().where('id', 'in', [...ids]).execute();
}
