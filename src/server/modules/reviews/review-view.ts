import type { OwnerReview, PublicReview } from '#shared/reviews/review-schema.ts';
import type { ReviewRow } from './repository';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

function photoOf(row: ReviewRow): PublicReview['photo'] {
  if (!row.photo_url) return null;
  let images: NonNullable<PublicReview['photo']>['images'] = [];
  try {
    images = JSON.parse(row.photo_images) as typeof images;
  } catch {
    // A damaged list shows the photo without its renditions.
  }
  return { url: row.photo_url, width: row.photo_width, height: row.photo_height, images };
}

/** A review as the artwork page shows it. Every stored review was checked against a paid order when written. */
export function publicReviewOf(row: ReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    author: row.author_name,
    verifiedPurchase: true,
    photo: photoOf(row),
    answer: row.answer,
    publishedAt: iso(row.approved_at ?? row.created_at),
  };
}

export function ownerReviewOf(row: ReviewRow & { artworkTitle: string }): OwnerReview {
  return {
    ...publicReviewOf(row),
    artworkId: row.artwork_id,
    artworkTitle: row.artworkTitle,
    status: row.status,
    hiddenReason: row.hidden_reason,
    createdAt: iso(row.created_at),
  };
}

export { photoOf };
