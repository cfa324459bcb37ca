import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ArtworkReviews, OwnReview, ReviewInput } from '#shared/reviews/review-schema.ts';
import {
  FORMER_CUSTOMER,
  REVIEW_MESSAGES,
  roundedAverage,
  shownName,
  type ReviewStatus,
} from '#shared/reviews/reviews.ts';
import type { Database } from '../../db/schema';
import { InvalidInputError, NotAllowedError, NotFoundError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { storeUploads } from '../uploads';
import {
  approvedReviews,
  countHidden,
  findReview,
  findReviewOf,
  recountRating,
  reviewsForOwner,
  type ReviewRow,
} from './repository';
import { ownerReviewOf, photoOf, publicReviewOf } from './review-view';
import { verifyingOrder, type Reviewer } from './verified-purchase';

export interface ReviewDeps {
  db: Kysely<Database>;
  /** A public rating changed (an approval, a hidden or edited review): kept catalogue answers are dropped. */
  catalogChanged: () => void;
}

const iso = (date: Date) => date.toISOString();

/** The most reviews an artwork page lists (newest approved first); its JSON-LD lists fewer. */
export const SHOWN_REVIEWS = 50;

/**
 * Writes the buyer's review of the artwork, or replaces the one they wrote: either way it waits for the owner
 * again (pending), and the artwork's rating no longer counts the old one.
 */
export async function saveReview(
  deps: ReviewDeps,
  reviewer: Reviewer,
  artworkId: number,
  input: ReviewInput,
  now = new Date(),
): Promise<void> {
  const wasApproved = await deps.db.transaction().execute(async (trx) => {
    const { orderId } = await verifyingOrder(trx, reviewer, artworkId);
    const fields = {
      rating: input.rating,
      title: input.title ? input.title : null,
      body: input.text,
      author_name: shownName(input.name, input.nameShown),
      name_choice: input.nameShown,
      status: 'pending' as const,
      hidden_reason: null,
      approved_at: null,
      order_id: orderId,
      user_id: reviewer.userId,
      updated_at: iso(now),
    };
    const existing = await findReviewOf(trx, artworkId, reviewer.email);
    if (existing) {
      await trx.updateTable('reviews').set(fields).where('id', '=', existing.id).execute();
      if (existing.status === 'approved') await recountRating(trx, artworkId);
      return existing.status === 'approved';
    }
    await trx
      .insertInto('reviews')
      .values({ ...fields, artwork_id: artworkId, buyer_email: reviewer.email.toLowerCase(), created_at: iso(now) })
      .execute();
    return false;
  });
  if (wasApproved) deps.catalogChanged();
}

/** A multipart file part, as @fastify/multipart hands it over. */
type FileParts = Parameters<typeof storeUploads>[2];

/**
 * The buyer's photo of the print on their wall, put on their review of the artwork: checked, turned upright and
 * stripped of its metadata (camera, GPS) by the uploads' pipeline like every picture, then the review waits for
 * the owner again.
 */
export async function attachPhoto(
  deps: ReviewDeps & { publicStore: StorageProvider; privateStore: StorageProvider; log: FastifyBaseLogger },
  reviewer: Reviewer,
  artworkId: number,
  parts: FileParts,
  now = new Date(),
): Promise<void> {
  await verifyingOrder(deps.db, reviewer, artworkId);
  const review = await findReviewOf(deps.db, artworkId, reviewer.email);
  if (!review) throw new InvalidInputError(REVIEW_MESSAGES.noReview);
  const [photo] = await storeUploads(deps, 'preview', parts);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('reviews')
      .set({
        photo_url: photo!.url,
        photo_width: photo!.width ?? null,
        photo_height: photo!.height ?? null,
        photo_images: JSON.stringify(photo!.images ?? []),
        status: 'pending',
        approved_at: null,
        updated_at: iso(now),
      })
      .where('id', '=', review.id)
      .execute();
    if (review.status === 'approved') await recountRating(trx, artworkId);
  });
  if (review.status === 'approved') deps.catalogChanged();
}

/** The buyer's own review, to edit, and the name on their order to start the form with; a non-buyer is told why not. */
export async function ownReview(db: Kysely<Database>, reviewer: Reviewer, artworkId: number): Promise<OwnReview> {
  let name: string;
  try {
    ({ name } = await verifyingOrder(db, reviewer, artworkId));
  } catch (error) {
    if (!(error instanceof NotAllowedError)) throw error;
    return { canReview: false, reason: error.message, name: '', review: null };
  }
  const row = await findReviewOf(db, artworkId, reviewer.email);
  return {
    canReview: true,
    reason: null,
    name,
    review: row
      ? {
          rating: row.rating,
          title: row.title,
          text: row.body,
          nameShown: row.name_choice,
          status: row.status,
          photo: photoOf(row),
        }
      : null,
  };
}

/** What the artwork page shows: the approved reviews, their average and count, and how many were hidden. */
export async function artworkReviews(db: Kysely<Database>, artworkId: number): Promise<ArtworkReviews> {
  const artwork = await db
    .selectFrom('artworks')
    .select(['rating_count', 'rating_sum'])
    .where('id', '=', artworkId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!artwork) throw new NotFoundError('Artwork not found');
  const [rows, hidden] = await Promise.all([approvedReviews(db, artworkId, SHOWN_REVIEWS), countHidden(db, artworkId)]);
  return {
    reviews: rows.map(publicReviewOf),
    rating:
      artwork.rating_count > 0
        ? { average: roundedAverage(artwork.rating_sum, artwork.rating_count), count: artwork.rating_count }
        : null,
    hidden,
  };
}

export async function listForOwner(db: Kysely<Database>, status: ReviewStatus | undefined) {
  return { reviews: (await reviewsForOwner(db, status)).map(ownerReviewOf) };
}

async function reviewOrNotFound(db: Kysely<Database>, id: number): Promise<ReviewRow> {
  const review = await findReview(db, id);
  if (!review) throw new NotFoundError('No review has this id.');
  return review;
}

/** The owner approves a review (it shows, and counts) or hides it with the reason (kept, and counted as hidden). */
export async function moderateReview(
  deps: ReviewDeps,
  id: number,
  change: { action: 'approve' } | { action: 'hide'; reason: string },
  now = new Date(),
): Promise<void> {
  const review = await reviewOrNotFound(deps.db, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('reviews')
      .set(
        change.action === 'approve'
          ? { status: 'approved', hidden_reason: null, approved_at: iso(now) }
          : { status: 'hidden', hidden_reason: change.reason, approved_at: null },
      )
      .where('id', '=', id)
      .execute();
    await recountRating(trx, review.artwork_id);
  });
  deps.catalogChanged();
}

/** The owner's answer, shown under the review; an empty answer takes it away. */
export async function answerReview(db: Kysely<Database>, id: number, answer: string, now = new Date()) {
  await reviewOrNotFound(db, id);
  await db
    .updateTable('reviews')
    .set({ answer: answer === '' ? null : answer, answered_at: answer === '' ? null : iso(now) })
    .where('id', '=', id)
    .execute();
}

/**
 * A buyer deleted their account (decision 0078): their approved reviews stay, with their stars and words, but no
 * longer name or point to them ("Former customer", no address, no account, no photo of their home); the others,
 * which nobody saw, go.
 */
export async function forgetReviewer(
  trx: Transaction<Database>,
  person: { userId: number; email: string },
): Promise<void> {
  const rows = await trx
    .selectFrom('reviews')
    .select(['id', 'artwork_id', 'status'])
    .where((eb) => eb.or([eb('user_id', '=', person.userId), eb('buyer_email', '=', person.email.toLowerCase())]))
    .execute();
  const kept = rows.filter((row) => row.status === 'approved').map((row) => row.id);
  const dropped = rows.filter((row) => row.status !== 'approved').map((row) => row.id);
  if (kept.length > 0)
    await trx
      .updateTable('reviews')
      .set({
        buyer_email: null,
        user_id: null,
        author_name: FORMER_CUSTOMER,
        photo_url: null,
        photo_width: null,
        photo_height: null,
        photo_images: '[]',
      })
      .where('id', 'in', kept)
      .execute();
  if (dropped.length > 0) await trx.deleteFrom('reviews').where('id', 'in', dropped).execute();
}

/** What a person's data export carries of their reviews. */
export async function reviewsForExport(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('artworks', 'artworks.id', 'reviews.artwork_id')
    .selectAll('reviews')
    .select('artworks.title as artworkTitle')
    .where('reviews.user_id', '=', userId)
    .orderBy('reviews.id')
    .execute();
  return rows.map((row) => ({
    artworkId: row.artwork_id,
    artworkTitle: row.artworkTitle,
    rating: row.rating,
    title: row.title,
    text: row.body,
    shownAs: row.author_name,
    status: row.status,
    photoUrl: row.photo_url,
    ownerAnswer: row.answer,
    writtenAt: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
  }));
}

/** The approved reviews the artwork page's JSON-LD names (the newest few: search engines need no more). */
export async function approvedReviewsForPage(db: Kysely<Database>, artworkId: number, limit = 10) {
  return (await approvedReviews(db, artworkId, limit)).map(publicReviewOf);
}
