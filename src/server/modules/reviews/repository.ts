import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ReviewStatus } from '#shared/reviews/reviews.ts';
import type { Database } from '../../db/schema';
import type { ReviewsTable } from '../../db/review-tables';

type Db = Kysely<Database> | Transaction<Database>;
export type ReviewRow = Selectable<ReviewsTable>;

export async function findReviewOf(db: Db, artworkId: number, email: string): Promise<ReviewRow | undefined> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('artwork_id', '=', artworkId)
    .where('buyer_email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function findReview(db: Db, id: number): Promise<ReviewRow | undefined> {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The approved reviews of an artwork, newest approval first. */
export async function approvedReviews(db: Db, artworkId: number, limit: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('artwork_id', '=', artworkId)
    .where('status', '=', 'approved')
    .orderBy('approved_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countHidden(db: Db, artworkId: number): Promise<number> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => eb.fn.countAll<number | string>().as('hidden'))
    .where('artwork_id', '=', artworkId)
    .where('status', '=', 'hidden')
    .executeTakeFirstOrThrow();
  return Number(row.hidden);
}

export async function reviewsForOwner(db: Db, status: ReviewStatus | undefined) {
  return db
    .selectFrom('reviews')
    .innerJoin('artworks', 'artworks.id', 'reviews.artwork_id')
    .selectAll('reviews')
    .select('artworks.title as artworkTitle')
    .$if(status !== undefined, (q) => q.where('reviews.status', '=', status!))
    .orderBy('reviews.id', 'desc')
    .limit(500)
    .execute();
}

/**
 * Writes the artwork's approved-review count and sum of stars again from its reviews, in the caller's transaction:
 * called whenever a review of it is approved, hidden, edited or removed.
 */
export async function recountRating(db: Db, artworkId: number): Promise<void> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('rating').as('sum'),
    ])
    .where('artwork_id', '=', artworkId)
    .where('status', '=', 'approved')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('artworks')
    .set({ rating_count: Number(row.count), rating_sum: Number(row.sum ?? 0) })
    .where('id', '=', artworkId)
    .execute();
}
