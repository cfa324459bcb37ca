import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { messageResponseSchema } from '#shared/accounts/auth-schema.ts';
import { UPLOAD_LIMITS } from '#shared/catalogue/artwork-write.ts';
import {
  answerSchema,
  artworkReviewParamsSchema,
  artworkReviewsSchema,
  guestReviewParamsSchema,
  moderationSchema,
  ownerReviewsQuerySchema,
  ownerReviewsSchema,
  ownReviewSchema,
  reviewIdParamsSchema,
  reviewInputSchema,
} from '#shared/reviews/review-schema.ts';
import { REVIEW_MESSAGES } from '#shared/reviews/reviews.ts';
import { FileRejectedError, SignInRequiredError } from '../../errors';
import { limitAttempts } from '../../http/rate-limits';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import { requireAdmin } from '../auth';
import { orderOfGuestLink } from '../orders';
import {
  answerReview,
  artworkReviews,
  attachPhoto,
  listForOwner,
  moderateReview,
  ownReview,
  saveReview,
  type ReviewDeps,
} from './service';
import type { Reviewer } from './verified-purchase';

export interface ReviewRouteDeps extends ReviewDeps {
  publicStore: StorageProvider;
  privateStore: StorageProvider;
  guestLinkSecret: SecretSource;
  /** Writes a minute per address (ATTEMPTS_PER_MINUTE): a review and its photo are a few, a flood is refused. */
  attemptsPerMinute: number;
}

const PHOTO = UPLOAD_LIMITS.preview;

/**
 * Reviews: the public list of an artwork's approved ones; a buyer's own review, signed in (`/api/my-reviews`) or
 * from a guest order's link (`/api/guest-orders/:token/reviews`); and the owner's moderation.
 */
export function reviewRoutes(deps: ReviewRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The photo's multipart reader, for this plugin's routes only: one picture of a preview's size at most.
    await app.register(multipart, { limits: { fieldSize: 1024, fields: 2, parts: 4, fileSize: PHOTO.maxBytes } });

    const accountReviewer = (request: FastifyRequest): Reviewer => {
      if (!request.user) throw new SignInRequiredError(REVIEW_MESSAGES.signInOrLink);
      return { kind: 'account', userId: request.user.id, email: request.user.email };
    };
    const guestReviewer = async (token: string): Promise<Reviewer> => {
      const order = await orderOfGuestLink({ db: deps.db, guestLinkSecret: deps.guestLinkSecret }, token);
      const name = `${order.first_name} ${order.last_name}`.trim();
      return { kind: 'guest', orderId: order.id, userId: order.user_id, email: order.customer_email, name };
    };
    // Each write (a review, or a photo that sharp decodes) counts against the address sending it.
    const limited = limitAttempts(app, 'review', deps.attemptsPerMinute, () => '');
    const photoParts = (request: FastifyRequest) => {
      if (!request.isMultipart()) throw new FileRejectedError('Send the photo as multipart/form-data.');
      // One more file than allowed is let in, so that "too many" is told apart from "just enough" (uploads).
      return request.files({ limits: { fileSize: PHOTO.maxBytes, files: PHOTO.maxFiles + 1 } });
    };

    app.get(
      '/api/artwork-reviews/:artworkId',
      {
        schema: { params: artworkReviewParamsSchema, response: { 200: artworkReviewsSchema } },
        config: { sharedAnswer: 'everyone' },
      },
      async (request) => artworkReviews(deps.db, request.params.artworkId),
    );

    app.get(
      '/api/my-reviews/:artworkId',
      { schema: { params: artworkReviewParamsSchema, response: { 200: ownReviewSchema } } },
      async (request) => ownReview(deps.db, accountReviewer(request), request.params.artworkId),
    );
    app.put(
      '/api/my-reviews/:artworkId',
      {
        schema: {
          params: artworkReviewParamsSchema,
          body: reviewInputSchema,
          response: { 200: messageResponseSchema },
        },
        preValidation: limited,
      },
      async (request) => {
        await saveReview(deps, accountReviewer(request), request.params.artworkId, request.body);
        return { message: REVIEW_MESSAGES.saved };
      },
    );
    app.post(
      '/api/my-reviews/:artworkId/photo',
      {
        schema: { params: artworkReviewParamsSchema, response: { 200: messageResponseSchema } },
        preValidation: limited,
      },
      async (request) => {
        const reviewer = accountReviewer(request);
        await attachPhoto({ ...deps, log: request.log }, reviewer, request.params.artworkId, photoParts(request));
        return { message: REVIEW_MESSAGES.saved };
      },
    );

    app.get(
      '/api/guest-orders/:token/reviews/:artworkId',
      { schema: { params: guestReviewParamsSchema, response: { 200: ownReviewSchema } } },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return ownReview(deps.db, await guestReviewer(request.params.token), request.params.artworkId);
      },
    );
    app.put(
      '/api/guest-orders/:token/reviews/:artworkId',
      {
        schema: { params: guestReviewParamsSchema, body: reviewInputSchema, response: { 200: messageResponseSchema } },
        preValidation: limited,
      },
      async (request) => {
        await saveReview(deps, await guestReviewer(request.params.token), request.params.artworkId, request.body);
        return { message: REVIEW_MESSAGES.saved };
      },
    );
    app.post(
      '/api/guest-orders/:token/reviews/:artworkId/photo',
      { schema: { params: guestReviewParamsSchema, response: { 200: messageResponseSchema } }, preValidation: limited },
      async (request) => {
        const reviewer = await guestReviewer(request.params.token);
        await attachPhoto({ ...deps, log: request.log }, reviewer, request.params.artworkId, photoParts(request));
        return { message: REVIEW_MESSAGES.saved };
      },
    );

    app.get(
      '/api/admin/reviews',
      {
        onRequest: requireAdmin,
        schema: { querystring: ownerReviewsQuerySchema, response: { 200: ownerReviewsSchema } },
      },
      async (request) => listForOwner(deps.db, request.query.status),
    );
    app.post(
      '/api/admin/reviews/:id/moderation',
      {
        onRequest: requireAdmin,
        schema: { params: reviewIdParamsSchema, body: moderationSchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await moderateReview(deps, request.params.id, request.body);
        return { message: request.body.action === 'approve' ? 'The review shows now.' : 'The review is hidden.' };
      },
    );
    app.put(
      '/api/admin/reviews/:id/answer',
      {
        onRequest: requireAdmin,
        schema: { params: reviewIdParamsSchema, body: answerSchema, response: { 200: messageResponseSchema } },
      },
      async (request) => {
        await answerReview(deps.db, request.params.id, request.body.answer);
        return { message: request.body.answer ? 'Your answer shows under the review.' : 'Your answer was taken away.' };
      },
    );
  };
}
