import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import { BROADCAST_LIMITS, BROADCAST_STATUSES, RECIPIENT_STATUSES } from './broadcasts';

// The owner's body for a broadcast and the answers about broadcasts.

const artworkId = z.number().int().positive().max(2_147_483_647);

export const broadcastWriteSchema = z.object({
  subject: withoutNul(
    z.string().trim().min(1, 'Give the broadcast a subject.').max(BROADCAST_LIMITS.subjectMax),
    'The subject',
  ),
  bodyMarkdown: withoutNul(z.string().max(BROADCAST_LIMITS.bodyMax), 'The text').default(''),
  artworkIds: z
    .array(artworkId)
    .max(BROADCAST_LIMITS.maxArtworks, `At most ${BROADCAST_LIMITS.maxArtworks} artworks`)
    .refine((ids) => new Set(ids).size === ids.length, 'An artwork is chosen twice')
    .default([]),
});
export type BroadcastWrite = z.infer<typeof broadcastWriteSchema>;

export const broadcastSendSchema = z.object({
  ratePerMinute: z
    .number({ error: 'The rate must be a number' })
    .int('The rate must be a whole number of messages per minute')
    .min(BROADCAST_LIMITS.minRate, `The rate must be at least ${BROADCAST_LIMITS.minRate}`)
    .max(BROADCAST_LIMITS.maxRate, `The rate must be at most ${BROADCAST_LIMITS.maxRate}`),
});

export const broadcastIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const countsSchema = z.object(
  Object.fromEntries(RECIPIENT_STATUSES.map((status) => [status, z.number().int()])) as Record<
    (typeof RECIPIENT_STATUSES)[number],
    z.ZodNumber
  >,
);

export const broadcastSummarySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  origin: z.enum(['owner', 'digest']),
  listKind: z.string(),
  status: z.enum(BROADCAST_STATUSES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  total: z.number().int(),
  progress: z.number().int(),
});
export type BroadcastSummary = z.infer<typeof broadcastSummarySchema>;

export const broadcastListSchema = z.object({ items: z.array(broadcastSummarySchema) });

export const broadcastDetailSchema = broadcastSummarySchema.extend({
  bodyMarkdown: z.string(),
  artworkIds: z.array(z.number().int()),
  ratePerMinute: z.number().int(),
  counts: countsSchema,
  /** The rendered message as a subscriber sees it (its footer with a sample address), to place inside a page. */
  previewHtml: z.string(),
  /** Recipients whose message may or may not have gone (at most one batch). */
  unknown: z.array(z.object({ email: z.string(), updatedAt: z.string() })),
  /** The latest refusals, newest first. */
  failed: z.array(z.object({ email: z.string(), error: z.string().nullable() })),
  lastError: z.string().nullable(),
});
export type BroadcastDetail = z.infer<typeof broadcastDetailSchema>;

export const testSendAnswerSchema = z.object({ sentTo: z.string() });
