import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewStatus } from '#shared/reviews/reviews.ts';
import { reviewsApi } from './reviews-api';

export const reviewKeys = {
  all: ['reviews'] as const,
  artwork: (artworkId: number) => ['reviews', 'artwork', artworkId] as const,
  own: (artworkId: number, token: string | null) => ['reviews', 'own', artworkId, token ?? 'account'] as const,
  owner: (status: ReviewStatus | undefined) => ['reviews', 'owner', status ?? 'all'] as const,
};

export function artworkReviewsQuery(artworkId: number) {
  return queryOptions({
    queryKey: reviewKeys.artwork(artworkId),
    queryFn: ({ signal }) => reviewsApi.ofArtwork(artworkId, signal),
  });
}

export const useArtworkReviews = (artworkId: number) => useQuery(artworkReviewsQuery(artworkId));

/** The buyer's own review; `enabled` false for a visitor with neither an account nor an order link. */
export function useOwnReview(artworkId: number, token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: reviewKeys.own(artworkId, token),
    queryFn: ({ signal }) => reviewsApi.own(artworkId, token, signal),
    enabled,
    retry: false,
  });
}

export const useOwnerReviews = (status: ReviewStatus | undefined) =>
  useQuery({ queryKey: reviewKeys.owner(status), queryFn: ({ signal }) => reviewsApi.forOwner(status, signal) });
