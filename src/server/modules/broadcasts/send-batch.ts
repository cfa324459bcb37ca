import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { paceOf } from '../../../shared/mailing/broadcasts';
import type { Database } from '../../db/schema';
import type { MailProvider } from '../../providers/mail/mail-provider';
import { suppressAddress, type ListMessageDeps } from '../mailing-list';
import { broadcastMessage, renderBody, type RenderContext } from './render-broadcast';
import type { BroadcastRow } from './repository';
import { loadCards } from './artwork-cards';

export interface SenderDeps {
  db: Kysely<Database>;
  /** The mail server itself, not the queue: the queue retries, and a list message must go at most once. */
  mail: MailProvider;
  /** The mailing list's settings for its footer and unsubscribe links (`listMessage`). */
  list: ListMessageDeps;
  render: RenderContext;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const iso = (date: Date) => date.toISOString();

/** The mail server's answer says the message was not taken now, but may be later: the batch stops, retried. */
export class TryLaterError extends Error {}

/**
 * What a send that threw tells: a 5xx refused the address for good; a 4xx or a connection never made refused
 * the message for now (it was not taken); anything else (a timeout, a dropped connection mid-message) leaves it
 * unknown whether the server took it.
 */
function outcomeOf(error: unknown): 'failed' | 'not-taken' | 'unknown' {
  const { responseCode, command } = error as { responseCode?: unknown; command?: unknown };
  if (typeof responseCode === 'number' && responseCode >= 500) return 'failed';
  if (typeof responseCode === 'number' && responseCode >= 400) return 'not-taken';
  if (command === 'CONN') return 'not-taken';
  return 'unknown';
}

/**
 * Marks a message `sending` before it is handed over, only while this worker still holds the broadcast's claim
 * and only from `queued`: the one step that makes sending at most once. Two workers cannot both move a row out of
 * `queued`, and a worker whose claim lapsed (another took the broadcast) moves nothing.
 */
async function markSending(db: Kysely<Database>, broadcastId: number, recipientId: number, worker: string) {
  const now = iso(new Date());
  const result = await db
    .updateTable('broadcast_recipients')
    .set({ status: 'sending', updated_at: now })
    .where('id', '=', recipientId)
    .where('status', '=', 'queued')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('broadcasts')
          .select('broadcasts.id')
          .where('broadcasts.id', '=', broadcastId)
          .where('broadcasts.claimed_by', '=', worker)
          .where('broadcasts.claimed_until', '>', now),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The end of a handed-over message: from `sending`, or from `unknown` if another worker gave up on it meanwhile. */
async function settle(
  db: Kysely<Database>,
  recipientId: number,
  status: 'sent' | 'failed' | 'unknown' | 'queued',
  error: string | null,
) {
  await db
    .updateTable('broadcast_recipients')
    .set({ status, error: error?.slice(0, 500) ?? null, updated_at: iso(new Date()) })
    .where('id', '=', recipientId)
    .where('status', 'in', status === 'queued' ? ['sending'] : ['sending', 'unknown'])
    .execute();
}

/**
 * A message found `sending` when a worker takes the broadcast was being handed over by a worker whose claim ran
 * out (its instance died, or stalled past the lease): whether it went is unknown, and it is never sent again.
 */
export async function giveUpAbandoned(db: Kysely<Database>, broadcastId: number): Promise<number> {
  const result = await db
    .updateTable('broadcast_recipients')
    .set({ status: 'unknown', updated_at: iso(new Date()) })
    .where('broadcast_id', '=', broadcastId)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The next queued recipients, with whether they may still be mailed (not unsubscribed or suppressed since). */
async function nextRecipients(db: Kysely<Database>, broadcastId: number, limit: number) {
  return db
    .selectFrom('broadcast_recipients as r')
    .leftJoin('mail_consents as c', 'c.id', 'r.consent_id')
    .leftJoin('mail_suppressions as s', 's.email', 'r.email')
    .select(['r.id', 'r.email', 'c.status as consentStatus', 's.email as suppressed'])
    .where('r.broadcast_id', '=', broadcastId)
    .where('r.status', '=', 'queued')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/**
 * One turn of a broadcast the worker has claimed: what a dead worker left `sending` becomes unknown, then the
 * next batch (sized by the rate) goes out one message at a time, each marked `sending` before the mail server sees
 * it and `sent` after; the broadcast is then due again when the rate allows, or done.
 */
export async function sendBatch(
  deps: SenderDeps,
  broadcast: BroadcastRow,
  worker: string,
  now = new Date(),
): Promise<void> {
  const { db } = deps;
  const abandoned = await giveUpAbandoned(db, broadcast.id);
  if (abandoned > 0) {
    deps.log.warn(
      { broadcast: broadcast.id, abandoned },
      'broadcast: messages a stopped worker was sending are unknown',
    );
  }
  const pace = paceOf(broadcast.rate_per_minute);
  const batch = await nextRecipients(db, broadcast.id, pace.batch);
  const body = renderBody(deps.render, {
    subject: broadcast.subject,
    bodyMarkdown: broadcast.body_markdown,
    cards: await loadCards(db, JSON.parse(broadcast.artwork_ids) as number[]),
  });
  for (const recipient of batch) {
    if (recipient.consentStatus !== 'confirmed' || recipient.suppressed !== null) {
      await db
        .updateTable('broadcast_recipients')
        .set({ status: 'suppressed', updated_at: iso(new Date()) })
        .where('id', '=', recipient.id)
        .where('status', '=', 'queued')
        .execute();
      continue;
    }
    if (!(await markSending(db, broadcast.id, recipient.id, worker))) return;
    const message = await broadcastMessage(deps.list, recipient.email, broadcast.list_kind, broadcast.subject, body);
    try {
      await deps.mail.send({
        ...message,
        messageKey: `broadcast-${broadcast.id}-${recipient.id}`,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const outcome = outcomeOf(error);
      if (outcome === 'failed') {
        await settle(db, recipient.id, 'failed', reason);
        await suppressAddress(db, recipient.email, reason, new Date());
        continue;
      }
      // Not taken: back in the queue for the broadcast's next try. Unknown: never again. Either way the mail
      // server is in trouble, and the rest of the batch waits for the runner's back-off.
      await settle(db, recipient.id, outcome === 'not-taken' ? 'queued' : 'unknown', reason);
      throw new TryLaterError(reason);
    }
    await settle(db, recipient.id, 'sent', null);
  }
  await nextTurn(db, broadcast.id, worker, new Date(now.getTime() + pace.spacingMs));
}

/** Done when nothing is left to send; else due again after the rate's spacing. Only under this worker's claim. */
async function nextTurn(db: Kysely<Database>, broadcastId: number, worker: string, dueAt: Date): Promise<void> {
  const left = await db
    .selectFrom('broadcast_recipients')
    .select('id')
    .where('broadcast_id', '=', broadcastId)
    .where('status', 'in', ['queued', 'sending'])
    .limit(1)
    .executeTakeFirst();
  const now = iso(new Date());
  await db
    .updateTable('broadcasts')
    .set(
      left
        ? // A batch that went through clears the tries, so a later failure backs off from the first step.
          { next_attempt_at: iso(dueAt), attempts: 0, last_error: null, updated_at: now }
        : { status: 'done', finished_at: now, attempts: 0, last_error: null, updated_at: now },
    )
    .where('id', '=', broadcastId)
    .where('claimed_by', '=', worker)
    .execute();
}
