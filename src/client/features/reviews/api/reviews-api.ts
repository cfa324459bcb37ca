import type { ArtworkReviews, OwnerReview, OwnReview, ReviewInput } from '#shared/reviews/review-schema.ts';
import type { ReviewStatus } from '#shared/reviews/reviews.ts';
import { apiErrorFrom, fetchJson, postJson } from '#client/lib/api-client.ts';

/** Where the buyer's own review lives: their account's, or a guest order link's (`token`). */
const ownPath = (artworkId: number, token: string | null) =>
  token ? `/api/guest-orders/${encodeURIComponent(token)}/reviews/${artworkId}` : `/api/my-reviews/${artworkId}`;

const putJson = <T>(url: string, body: unknown) =>
  fetchJson<T>(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const reviewsApi = {
  ofArtwork: (artworkId: number, signal?: AbortSignal) =>
    fetchJson<ArtworkReviews>(`/api/artwork-reviews/${artworkId}`, { signal }),
  own: (artworkId: number, token: string | null, signal?: AbortSignal) =>
    fetchJson<OwnReview>(ownPath(artworkId, token), { signal }),
  save: (artworkId: number, token: string | null, input: ReviewInput) =>
    putJson<{ message: string }>(ownPath(artworkId, token), input),
  /** The photo goes after the review, as multipart (the browser sets its boundary). */
  async photo(artworkId: number, token: string | null, file: File) {
    const body = new FormData();
    body.append('photo', file, file.name);
    const response = await fetch(`${ownPath(artworkId, token)}/photo`, { method: 'POST', body });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw apiErrorFrom(response.status, response.statusText, answer);
    return answer as { message: string };
  },
  forOwner: async (status: ReviewStatus | undefined, signal?: AbortSignal) =>
    (
      await fetchJson<{ reviews: OwnerReview[] }>(`/api/admin/reviews${status ? `?status=${status}` : ''}`, {
        signal,
      })
    ).reviews,
  moderate: (id: number, body: { action: 'approve' } | { action: 'hide'; reason: string }) =>
    postJson<{ message: string }>(`/api/admin/reviews/${id}/moderation`, body),
  answer: (id: number, answer: string) => putJson<{ message: string }>(`/api/admin/reviews/${id}/answer`, { answer }),
};
