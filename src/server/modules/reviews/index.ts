// The reviews module's public face: the only file the rest of the server imports from it. Reviews from verified
// buyers, their moderation, the artwork's rating, and the one review request a paid order may send.
export { registerReviewListeners } from './listeners';
export { createReviewRequests, sendReviewRequest, type ReviewRequestDeps } from './review-request';
export { reviewRoutes, type ReviewRouteDeps } from './routes';
export { approvedReviewsForPage, reviewsForExport } from './service';
export type { PublicReview } from '#shared/reviews/review-schema.ts';
