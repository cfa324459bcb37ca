import { useArtworkReviews, useOwnReview } from '../api/reviews-queries';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';

/**
 * The artwork page's reviews: the approved ones and how they are checked, and, for a buyer of the artwork (signed
 * in, or from their order's link: `orderToken`), their own review's form. Anyone else sees no form.
 */
export function ArtworkReviews({
  artworkId,
  signedIn,
  orderToken,
}: {
  artworkId: number;
  signedIn: boolean;
  orderToken: string | null;
}) {
  const reviews = useArtworkReviews(artworkId);
  const own = useOwnReview(artworkId, orderToken, signedIn || orderToken !== null);
  return (
    <section className="section reviews" id="review" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      {reviews.data ? <ReviewList data={reviews.data} /> : <p className="muted">Loading reviews…</p>}
      {own.data?.canReview && <ReviewForm artworkId={artworkId} token={orderToken} own={own.data} />}
      {own.data && !own.data.canReview && orderToken && <p className="muted">{own.data.reason}</p>}
    </section>
  );
}
