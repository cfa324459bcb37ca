import { ratingText } from '#shared/reviews/reviews.ts';

/**
 * Stars drawn by CSS (no icon, no script of its own), filled to the nearest half star by a data attribute (the
 * store's CSP refuses inline styles in server-rendered HTML), with the exact average and the count as text for
 * everyone and "4.5 out of 5, 12 reviews" for screen readers. `count` omitted: one review's own stars.
 */
export function StarRating({ average, count, small = false }: { average: number; count?: number; small?: boolean }) {
  const label = count === undefined ? `${average} out of 5 stars` : ratingText({ average, count });
  return (
    <span className={`star-rating${small ? ' star-rating--small' : ''}`} role="img" aria-label={label}>
      <span className="star-rating__stars" data-stars={Math.round(average * 2) / 2} />
      {count !== undefined && (
        <span className="star-rating__text">
          {average} ({count})
        </span>
      )}
    </span>
  );
}
