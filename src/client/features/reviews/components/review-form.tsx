import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OwnReview, ReviewInput } from '#shared/reviews/review-schema.ts';
import { NAME_CHOICES, REVIEW_LIMITS, shownName, type NameChoice } from '#shared/reviews/reviews.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { reviewsApi } from '../api/reviews-api';
import { reviewKeys } from '../api/reviews-queries';

const STARS = [1, 2, 3, 4, 5] as const;
const NAME_LABELS: Record<NameChoice, string> = { 'first-name': 'My first name', initials: 'My initials' };

/**
 * The buyer's review of an artwork they paid for: stars, an optional title, the text, how their name shows, and
 * an optional photo of the print on their wall. Sent again, it replaces their review, which waits for the shop.
 */
export function ReviewForm({ artworkId, token, own }: { artworkId: number; token: string | null; own: OwnReview }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [rating, setRating] = useState<number>(own.review?.rating ?? 0);
  const [title, setTitle] = useState(own.review?.title ?? '');
  const [text, setText] = useState(own.review?.text ?? '');
  const [name, setName] = useState(own.name);
  const [nameShown, setNameShown] = useState<NameChoice>(own.review?.nameShown ?? 'first-name');
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ message: string; details?: Record<string, string[]> } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    if (rating === 0) {
      setProblem({ message: 'Choose 1 to 5 stars.', details: { rating: ['Choose 1 to 5 stars'] } });
      return;
    }
    setSending(true);
    const input: ReviewInput = { rating, text, name, nameShown, ...(title ? { title } : {}) };
    try {
      let answer = await reviewsApi.save(artworkId, token, input);
      if (photo) answer = await reviewsApi.photo(artworkId, token, photo);
      setDone(answer.message);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.own(artworkId, token) });
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? { message: error.message, details: error.details }
          : { message: 'The review could not be sent. Please try again.' },
      );
    } finally {
      setSending(false);
    }
  }

  const fieldError = (field: string) => problem?.details?.[field]?.[0];
  return (
    <form className="review-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{own.review ? 'Edit your review' : 'Write a review'}</h3>
      {own.review && (
        <p className="muted">
          {own.review.status === 'pending'
            ? 'Your review waits for the shop to check it.'
            : own.review.status === 'approved'
              ? 'Your review shows on this page. Sending it again replaces it, and the shop checks it again.'
              : 'The shop hid your review. You can change it and send it again.'}
        </p>
      )}
      <fieldset className="review-form__stars" aria-describedby={fieldError('rating') ? `${id}-rating` : undefined}>
        <legend>Your rating</legend>
        {STARS.map((star) => (
          <label key={star} className={`review-form__star${star <= rating ? ' review-form__star--on' : ''}`}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={star}
              checked={rating === star}
              onChange={() => setRating(star)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {star} {star === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        {fieldError('rating') && (
          <p id={`${id}-rating`} className="form-field__error">
            {fieldError('rating')}
          </p>
        )}
      </fieldset>
      <FormField
        label="Title (optional)"
        value={title}
        maxLength={REVIEW_LIMITS.title}
        onChange={(event) => setTitle(event.target.value)}
        error={fieldError('title')}
      />
      <FormField
        label="Your review"
        error={fieldError('text')}
        hint={`At most ${REVIEW_LIMITS.text} characters.`}
        renderControl={(props) => (
          <textarea
            {...props}
            rows={5}
            required
            maxLength={REVIEW_LIMITS.text}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      />
      <FormField
        label="Your name"
        value={name}
        required
        maxLength={REVIEW_LIMITS.name}
        autoComplete="name"
        onChange={(event) => setName(event.target.value)}
        error={fieldError('name')}
        hint={`Shown as “${shownName(name, nameShown)}”: the rest of your name is not kept.`}
      />
      <fieldset className="review-form__choice">
        <legend>Show under the review</legend>
        {NAME_CHOICES.map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name={`${id}-name`}
              value={choice}
              checked={nameShown === choice}
              onChange={() => setNameShown(choice)}
            />{' '}
            {NAME_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      <FormField
        label="A photo of the print on your wall (optional)"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        hint={
          own.review?.photo
            ? 'A new photo replaces the one you sent. Its location and camera data are removed.'
            : 'JPEG, PNG or WebP, up to 10 MB. Its location and camera data are removed.'
        }
      />
      {problem && <FormMessage kind="error">{problem.message}</FormMessage>}
      {done && <FormMessage kind="success">{done}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Sending…' : own.review ? 'Send the new review' : 'Send the review'}
      </button>
    </form>
  );
}
