import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import { NAME_CHOICES, REVIEW_LIMITS, REVIEW_STATUSES } from './reviews';

// The reviews' bodies and answers.

const text = (label: string, max: number) =>
  withoutNul(z.string().trim().max(max, `${label} is at most ${max} characters`), label);

/** A buyer's review of one artwork (sending it again replaces it). */
export const reviewInputSchema = z.object({
  rating: z
    .number()
    .int('The rating is a whole number of stars')
    .min(1, 'Choose 1 to 5 stars')
    .max(5, 'Choose 1 to 5 stars'),
  title: text('The title', REVIEW_LIMITS.title).optional(),
  text: text('The review', REVIEW_LIMITS.text).min(1, 'Write a few words about the print'),
  name: text('Your name', REVIEW_LIMITS.name).min(1, 'Your name is needed (only your first name or initials show)'),
  nameShown: z.enum(NAME_CHOICES),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const artworkReviewParamsSchema = z.object({ artworkId: z.coerce.number().int().positive().max(2_147_483_647) });
export const guestReviewParamsSchema = artworkReviewParamsSchema.extend({
  token: withoutNul(z.string().min(1).max(120), 'The link'),
});
export const reviewIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const photoSchema = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  images: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});

/** A review as the public sees it: approved, with the name as its writer chose, and the owner's answer. */
export const publicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  author: z.string(),
  verifiedPurchase: z.boolean(),
  photo: photoSchema.nullable(),
  answer: z.string().nullable(),
  publishedAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const artworkReviewsSchema = z.object({
  reviews: z.array(publicReviewSchema),
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** How many the owner hid: the page says so, with why. */
  hidden: z.number().int(),
});
export type ArtworkReviews = z.infer<typeof artworkReviewsSchema>;

/**
 * Whether the asker may review the artwork (and why not), and their own review of it to edit (null before they
 * wrote one). Asked by every signed-in visitor of an artwork page: a refusal is an answer here, not an error.
 */
export const ownReviewSchema = z.object({
  canReview: z.boolean(),
  reason: z.string().nullable(),
  review: z
    .object({
      rating: z.number().int(),
      title: z.string().nullable(),
      text: z.string(),
      nameShown: z.enum(NAME_CHOICES),
      status: z.enum(REVIEW_STATUSES),
      photo: photoSchema.nullable(),
    })
    .nullable(),
  /** The name on the order, to start the form with. */
  name: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const ownerReviewSchema = publicReviewSchema.extend({
  artworkId: z.number().int(),
  artworkTitle: z.string(),
  status: z.enum(REVIEW_STATUSES),
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
});
export type OwnerReview = z.infer<typeof ownerReviewSchema>;

export const ownerReviewsQuerySchema = z.object({ status: z.enum(REVIEW_STATUSES).optional() });
export const ownerReviewsSchema = z.object({ reviews: z.array(ownerReviewSchema) });

/** The owner's moderation: approve, or hide with the reason (kept, and counted on the page). */
export const moderationSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({
    action: z.literal('hide'),
    reason: text('The reason', REVIEW_LIMITS.hiddenReason).min(1, 'Say why the review is hidden'),
  }),
]);
export const answerSchema = z.object({ answer: text('The answer', REVIEW_LIMITS.answer) });
