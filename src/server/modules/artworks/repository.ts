import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { CatalogQuery } from '../../../shared/catalog-query';
import { toCents } from '../../../shared/money';
import { engineOf } from '../../db/dialect';
import type { ArtworkRow, Database, NewArtworkRow } from '../../db/schema';

type ArtworkQuery = SelectQueryBuilder<Database, 'artworks', object>;

/** SQLite's trigram index answers LIKE only for 3+ characters and without an ESCAPE clause. */
function canUseSqliteTrigramIndex(term: string): boolean {
  return [...term].length >= 3 && !/[%_\\]/.test(term);
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function applyFilters(db: Kysely<Database>, query: ArtworkQuery, filters: CatalogQuery): ArtworkQuery {
  let q = query;
  const term = filters.q?.toLowerCase();
  if (term) {
    if (engineOf(db) === 'sqlite' && canUseSqliteTrigramIndex(term)) {
      q = q.where(
        'artworks.id',
        'in',
        sql<number>`(select rowid from artworks_search where search_text like ${`%${term}%`})`,
      );
    } else {
      q = q.where(sql<boolean>`artworks.search_text like ${`%${escapeLike(term)}%`} escape '\\'`);
    }
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

export async function findArtworkPage(
  db: Kysely<Database>,
  filters: CatalogQuery,
): Promise<{ rows: ArtworkRow[]; total: number }> {
  const filtered = applyFilters(db, db.selectFrom('artworks'), filters);
  const [rows, count] = await Promise.all([
    applySort(filtered.selectAll('artworks'), filters.sort).limit(filters.limit).offset(filters.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
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

export async function insertArtworks(db: Kysely<Database>, rows: NewArtworkRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insertInto('artworks').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}
