import { z } from 'zod';
import { ARTWORK_STATUSES } from './artwork-release';

// The owner's release control: keep as a draft, publish now, or schedule for a date and time.

export const releaseSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('draft') }),
    z.object({ status: z.literal('published') }),
    z.object({
      status: z.literal('scheduled'),
      publishAt: z.iso
        .datetime({ offset: true, error: 'Publish at must be a date and time, e.g. 2026-12-01T09:00:00Z' })
        .transform((value) => new Date(value)),
    }),
  ],
  { error: "Release status must be 'draft', 'published' or 'scheduled'" },
);
export type ReleaseInput = z.input<typeof releaseSchema>;

/** An artwork's release as the owner sees it. */
export const releaseStateSchema = z.object({
  status: z.enum(ARTWORK_STATUSES),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type ReleaseState = z.infer<typeof releaseStateSchema>;

/** The owner's list, narrowed to one status. */
export const adminArtworkListQuerySchema = z.object({
  status: z.enum(ARTWORK_STATUSES, { error: "Status must be 'draft', 'scheduled' or 'published'" }).optional(),
});

/** Publish, draft or schedule several artworks at once. */
export const bulkReleaseSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1, 'Select at least one artwork').max(1000),
  release: releaseSchema,
});
export type BulkRelease = z.infer<typeof bulkReleaseSchema>;
