import type { Kysely } from 'kysely';
import type { BroadcastDetail, BroadcastSummary, BroadcastWrite } from '../../../shared/mailing/broadcast-schema';
import { BROADCAST_LIMITS, progressPercent, type RecipientStatus } from '../../../shared/mailing/broadcasts';
import type { Database } from '../../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors';
import { loadCards } from './artwork-cards';
import { previewHtmlOf } from './preview-html';
import { broadcastMessage, renderBody } from './render-broadcast';
import {
  countsOf,
  findBroadcast,
  insertBroadcast,
  listBroadcasts,
  recipientsWithStatus,
  startBroadcast,
  updateDraft,
  type BroadcastRow,
} from './repository';
import type { SenderDeps } from './send-batch';

export type BroadcastDeps = SenderDeps & { nudge: () => void };

const NOT_FOUND = 'No such broadcast.';
/** The page lists the unknowns whole (never more than a batch), and this many of the latest failures. */
const FAILED_SHOWN = 20;
/** The preview's footer shows the unsubscribe link as a subscriber at this address would get it. */
const PREVIEW_ADDRESS = 'subscriber@example.com';

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function summaryOf(row: BroadcastRow, counts: Record<RecipientStatus, number>): BroadcastSummary {
  return {
    id: row.id,
    subject: row.subject,
    origin: row.origin,
    listKind: row.list_kind,
    status: row.status,
    createdAt: isoOf(row.created_at)!,
    startedAt: isoOf(row.started_at),
    finishedAt: isoOf(row.finished_at),
    total: Object.values(counts).reduce((sum, n) => sum + n, 0),
    progress: row.status === 'done' ? 100 : progressPercent(counts),
  };
}

async function rowOf(db: Kysely<Database>, id: number): Promise<BroadcastRow> {
  const row = await findBroadcast(db, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/** Artworks that visitors cannot see are refused up front: the mail would link to a page they cannot open. */
async function checkArtworks(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  const cards = await loadCards(db, ids);
  if (cards.length !== ids.length) {
    throw new InvalidInputError('artworkIds: every chosen artwork must be published');
  }
}

/** The message one subscriber gets, as HTML: the preview the owner reads, and the test send. */
async function messageOf(deps: SenderDeps, row: BroadcastRow, to: string) {
  const body = renderBody(deps.render, {
    subject: row.subject,
    bodyMarkdown: row.body_markdown,
    cards: await loadCards(deps.db, JSON.parse(row.artwork_ids) as number[]),
  });
  return broadcastMessage(deps.list, to, row.list_kind, row.subject, body);
}

export async function listOwnerBroadcasts(db: Kysely<Database>): Promise<BroadcastSummary[]> {
  const rows = await listBroadcasts(db);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryOf(row, counts.get(row.id)!));
}

export async function broadcastDetail(deps: SenderDeps, id: number): Promise<BroadcastDetail> {
  const row = await rowOf(deps.db, id);
  const counts = (await countsOf(deps.db, [id])).get(id)!;
  const unknown = await recipientsWithStatus(deps.db, id, 'unknown', BROADCAST_LIMITS.maxBatch);
  const failed = await recipientsWithStatus(deps.db, id, 'failed', FAILED_SHOWN);
  return {
    ...summaryOf(row, counts),
    bodyMarkdown: row.body_markdown,
    artworkIds: JSON.parse(row.artwork_ids) as number[],
    ratePerMinute: row.rate_per_minute,
    counts,
    // Pictures and links relative to the page the owner reads it on (the store's public address may not be it).
    previewHtml: previewHtmlOf(
      (await messageOf({ ...deps, render: { ...deps.render, publicUrl: '' } }, row, PREVIEW_ADDRESS)).html,
    ),
    unknown: unknown.map((r) => ({ email: r.email, updatedAt: isoOf(r.updated_at)! })),
    failed: failed.map((r) => ({ email: r.email, error: r.error })),
    lastError: row.last_error,
  };
}

export async function createBroadcast(deps: SenderDeps, input: BroadcastWrite): Promise<BroadcastDetail> {
  await checkArtworks(deps.db, input.artworkIds);
  const id = await insertBroadcast(
    deps.db,
    { ...input, listKind: 'news', origin: 'owner', ratePerMinute: BROADCAST_LIMITS.defaultRate },
    new Date(),
  );
  return broadcastDetail(deps, id);
}

export async function changeBroadcast(deps: SenderDeps, id: number, input: BroadcastWrite): Promise<BroadcastDetail> {
  await rowOf(deps.db, id);
  await checkArtworks(deps.db, input.artworkIds);
  if (!(await updateDraft(deps.db, id, input, new Date()))) {
    throw new ConflictError('This broadcast is already sent or being sent; it can no longer change.');
  }
  return broadcastDetail(deps, id);
}

/** The message as a subscriber gets it, to the owner alone, straight through the mail server. */
export async function sendTest(deps: SenderDeps, id: number, ownerEmail: string): Promise<{ sentTo: string }> {
  const row = await rowOf(deps.db, id);
  const message = await messageOf(deps, row, ownerEmail);
  await deps.mail.send({ ...message, subject: `[Test] ${message.subject}` });
  return { sentTo: ownerEmail };
}

export async function sendBroadcast(deps: BroadcastDeps, id: number, ratePerMinute: number): Promise<BroadcastDetail> {
  const row = await rowOf(deps.db, id);
  if (row.subject.trim() === '') throw new InvalidInputError('subject: give the broadcast a subject');
  if (!(await startBroadcast(deps.db, id, ratePerMinute, new Date()))) {
    throw new ConflictError('This broadcast is already sent or being sent.');
  }
  deps.nudge();
  return broadcastDetail(deps, id);
}
