// Broadcasts: one message to a whole list, sent at most once to each address. The statuses, limits and the pace a
// rate turns into, which the server sends by and the owner's page explains.

export const BROADCAST_STATUSES = ['draft', 'sending', 'done'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

/** owner: written on /admin/broadcasts; digest: the store's weekly new-art digest. */
export type BroadcastOrigin = 'owner' | 'digest';

/**
 * A recipient's message: queued (not handed to the mail server yet), sending (being handed over now), sent
 * (accepted), failed (refused for good: the address is suppressed), unknown (its sender died while handing it over:
 * it may or may not have gone, and is never tried again), suppressed (unsubscribed or suppressed before its turn).
 */
export const RECIPIENT_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unknown', 'suppressed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const BROADCAST_LIMITS = {
  subjectMax: 200,
  bodyMax: 20_000,
  maxArtworks: 12,
  minRate: 1,
  maxRate: 6_000,
  defaultRate: 60,
  /** A batch is at most this many messages: a crash can leave at most one batch's worth in doubt. */
  maxBatch: 100,
} as const;

/** A batch is about ten seconds' worth of the rate, so the pace is even and a crash leaves little in doubt. */
const BATCH_SECONDS = 10;

/** How many messages one batch sends, and how long after a batch's start the next may start. */
export function paceOf(ratePerMinute: number): { batch: number; spacingMs: number } {
  const rate = Math.min(Math.max(Math.round(ratePerMinute), BROADCAST_LIMITS.minRate), BROADCAST_LIMITS.maxRate);
  const batch = Math.min(Math.max(Math.ceil((rate * BATCH_SECONDS) / 60), 1), BROADCAST_LIMITS.maxBatch);
  return { batch, spacingMs: Math.round((batch * 60_000) / rate) };
}

/** The share of recipients whose message is settled (any status but queued and sending), in whole percent. */
export function progressPercent(counts: Record<RecipientStatus, number>): number {
  const total = RECIPIENT_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  if (total === 0) return 0;
  const settled = total - counts.queued - counts.sending;
  return Math.floor((settled * 100) / total);
}
