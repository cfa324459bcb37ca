import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OwnerReview } from '#shared/reviews/review-schema.ts';
import { REVIEW_LIMITS, REVIEW_STATUSES, type ReviewStatus } from '#shared/reviews/reviews.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { StarRating } from '#client/components/ui/star-rating.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { catalogKeys } from '#client/lib/catalogue-keys.ts';
import { reviewsApi } from '../api/reviews-api';
import { reviewKeys, useOwnerReviews } from '../api/reviews-queries';

const STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Waiting', approved: 'Shown', hidden: 'Hidden' };

/** One review with the owner's actions: approve, hide (with the reason, required), and answer. */
function OwnerReviewItem({ review, onDone }: { review: OwnerReview; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState(review.hiddenReason ?? '');
  const [answer, setAnswer] = useState(review.answer ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<{ message: string }>) => {
    setProblem(null);
    try {
      const done = await action();
      // Told above the list: an approved or hidden review leaves the list of waiting ones.
      onDone(done.message);
      await Promise.all(
        [reviewKeys.all, catalogKeys.lists, catalogKeys.details].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'That did not work; try again.');
    }
  };
  return (
    <li className="owner-review">
      <p className="owner-review__head">
        <span className={`badge owner-review__status owner-review__status--${review.status}`}>
          {STATUS_LABELS[review.status]}
        </span>
        <Link to={`/artwork/${review.artworkId}`}>{review.artworkTitle}</Link>
        <StarRating average={review.rating} />
      </p>
      {review.title && <p className="owner-review__title">{review.title}</p>}
      <p className="review__text">{review.text}</p>
      {review.photo && (
        <img className="review__photo" src={review.photo.images[0]?.url ?? review.photo.url} alt="The buyer's photo" />
      )}
      <p className="review__meta">
        <span>{review.author}</span>
        <span>{new Date(review.createdAt).toLocaleDateString('en-GB')}</span>
        {review.hiddenReason && <span>Hidden: {review.hiddenReason}</span>}
      </p>
      <div className="owner-review__actions">
        {review.status !== 'approved' && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void run(() => reviewsApi.moderate(review.id, { action: 'approve' }))}
          >
            Approve
          </button>
        )}
        <FormField
          label="Why hide it (shown to nobody, counted on the page)"
          value={reason}
          maxLength={REVIEW_LIMITS.hiddenReason}
          onChange={(event) => setReason(event.target.value)}
        />
        <button
          type="button"
          className="button"
          onClick={() => void run(() => reviewsApi.moderate(review.id, { action: 'hide', reason }))}
        >
          Hide
        </button>
        <FormField
          label="Your answer (shown under the review)"
          renderControl={(props) => (
            <textarea
              {...props}
              rows={2}
              maxLength={REVIEW_LIMITS.answer}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
            />
          )}
        />
        <button type="button" className="button" onClick={() => void run(() => reviewsApi.answer(review.id, answer))}>
          Save the answer
        </button>
      </div>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
    </li>
  );
}

/** The owner's reviews, the waiting ones first by default, filtered by status. */
export function OwnerReviews() {
  const [status, setStatus] = useState<ReviewStatus | undefined>('pending');
  const reviews = useOwnerReviews(status);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section aria-labelledby="owner-reviews-heading">
      <h2 id="owner-reviews-heading" className="visually-hidden">
        Reviews
      </h2>
      <div className="form-field owner-reviews__filter">
        <label htmlFor="owner-reviews-status">Show</label>
        <select
          id="owner-reviews-status"
          value={status ?? 'all'}
          onChange={(event) => {
            setStatus(event.target.value === 'all' ? undefined : (event.target.value as ReviewStatus));
            setNotice(null);
          }}
        >
          {REVIEW_STATUSES.map((option) => (
            <option key={option} value={option}>
              {STATUS_LABELS[option]}
            </option>
          ))}
          <option value="all">All</option>
        </select>
      </div>
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      {reviews.isPending && <p className="muted">Loading…</p>}
      {reviews.data?.length === 0 && <p className="muted">No reviews here.</p>}
      {reviews.data && reviews.data.length > 0 && (
        <ul className="owner-reviews">
          {reviews.data.map((review) => (
            <OwnerReviewItem key={`${review.id}-${review.status}`} review={review} onDone={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}
