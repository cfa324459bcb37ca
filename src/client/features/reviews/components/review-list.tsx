import type { ArtworkReviews } from '#shared/reviews/review-schema.ts';
import { reviewCheckingText } from '#shared/reviews/reviews.ts';
import { StarRating } from '#client/components/ui/star-rating.tsx';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The approved reviews, their average, and how the shop checks them (said even before the first review). */
export function ReviewList({ data }: { data: ArtworkReviews }) {
  return (
    <>
      {data.rating ? (
        <p className="reviews__summary">
          <StarRating average={data.rating.average} count={data.rating.count} />
        </p>
      ) : (
        <p className="muted">No reviews yet.</p>
      )}
      <p className="reviews__checking">
        <strong>How reviews are checked: </strong>
        {reviewCheckingText(data.hidden)}
      </p>
      {data.reviews.length > 0 && (
        <ul className="reviews__list">
          {data.reviews.map((review) => (
            <li key={review.id} className="review">
              <p className="review__head">
                <StarRating average={review.rating} />
                {review.title && <strong className="review__title">{review.title}</strong>}
              </p>
              <p className="review__text">{review.text}</p>
              {review.photo && (
                <img
                  className="review__photo"
                  src={review.photo.images[0]?.url ?? review.photo.url}
                  srcSet={review.photo.images.map((image) => `${image.url} ${image.width}w`).join(', ') || undefined}
                  sizes="(max-width: 600px) 90vw, 320px"
                  width={review.photo.width ?? undefined}
                  height={review.photo.height ?? undefined}
                  alt={`The print on ${review.author}'s wall`}
                  loading="lazy"
                />
              )}
              <p className="review__meta">
                <span>{review.author}</span>
                {review.verifiedPurchase && <span className="review__verified">Verified purchase</span>}
                <time dateTime={review.publishedAt}>{dateOf(review.publishedAt)}</time>
              </p>
              {review.answer && (
                <div className="review__answer">
                  <p className="review__answer-head">The shop’s answer</p>
                  <p>{review.answer}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
