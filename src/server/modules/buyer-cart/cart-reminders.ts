import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Config } from '../../config';
import { startWorker, type Worker } from '../../operations/background-worker';
import { SERVICE_RETRY_STEPS_MS, nextAttemptAt, stepBackOff } from '../../operations/jobs/back-off';
import { claimDueJobs, endTurn, retryJob } from '../../operations/jobs/job-lease';
import { defineJobTable, type JobRow } from '../../operations/jobs/job-table';
import { WORKER_ID } from '../../operations/jobs/worker-id';
import { findVisibleArtworksByIds } from '../artworks';
import type { MailQueue } from '../mail-queue';
import { listMessage, mayMail, type ListSecret } from '../mailing-list';
import { getSetOnSale } from '../sets';
import { cartReminderMessage } from './reminder-email';
import { readLines } from './repository';

// The one reminder of a cart left untouched (decision 0077). Each account's cart row is a job of the one job runner's
// lease: due (next_attempt_at) 24 hours after the cart's last change while it waits for its reminder, claimed with a
// lease so that one instance sends it, and turned 'sent' in the transaction that queues the mail, so a cart gets it
// once however many instances look. A buyer without a confirmed cart-reminders consent at that time gets none, and
// the cart waits again only after its next change.

export const CART_REMINDER_JOBS = defineJobTable({
  table: 'buyer_carts',
  pending: (eb) => eb('reminder', '=', 'waiting'),
  order: [{ column: 'next_attempt_at' }, { column: 'id' }],
  namesWorker: true,
});

export interface CartReminderDeps {
  db: Kysely<Database>;
  mail: Pick<MailQueue, 'enqueue' | 'nudge'>;
  /** Signs the unsubscribe links (the download-signing secret). */
  secret: ListSecret;
  config: Pick<Config, 'publicUrl' | 'storeName' | 'nodeEnv' | 'tax'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const iso = (date: Date) => date.toISOString();
const LEASE_MS = 60_000;
const BATCH = 20;
const backOff = stepBackOff(SERVICE_RETRY_STEPS_MS);

/** The titles of what the cart holds that can still be bought: nothing, and there is nothing to remind of. */
async function titlesOf(db: Kysely<Database>, userId: number): Promise<string[]> {
  const lines = await readLines(db, userId);
  const artworkIds = lines.filter((line) => line.kind === 'artwork').map((line) => line.id);
  const artworks = new Map((await findVisibleArtworksByIds(db, artworkIds)).map((row) => [row.id, row.title]));
  const titles: string[] = [];
  for (const line of lines) {
    if (line.kind === 'artwork') {
      const title = artworks.get(line.id);
      if (title !== undefined) titles.push(title);
    } else {
      const set = await getSetOnSale(db, line.id).catch(() => null);
      if (set) titles.push(set.title);
    }
  }
  return titles;
}

/** Sends (queues) one cart's reminder if it is still due at `now`; answers whether a mail was queued. */
async function remindOne(deps: CartReminderDeps, job: JobRow<'buyer_carts'>, now: Date): Promise<boolean> {
  const user = await deps.db.selectFrom('users').select('email').where('id', '=', job.user_id).executeTakeFirst();
  const titles = user ? await titlesOf(deps.db, job.user_id) : [];
  const allowed = user !== undefined && titles.length > 0 && (await mayMail(deps.db, user.email, 'cart-reminders'));
  // Signed before the transaction: on SQLite its one connection could not read a secret kept in the database.
  const message = allowed
    ? await listMessage(deps, {
        email: user.email,
        kind: 'cart-reminders',
        ...cartReminderMessage({ storeName: deps.config.storeName, publicUrl: deps.config.publicUrl, titles }),
      })
    : null;
  return deps.db.transaction().execute(async (trx) => {
    // Still waiting and due: a change since the claim moved its time, and then it is not this pass's.
    const turned = await trx
      .updateTable('buyer_carts')
      .set(message ? { reminder: 'sent', reminded_at: iso(now) } : { reminder: 'idle' })
      .where('id', '=', job.id)
      .where('reminder', '=', 'waiting')
      .where('next_attempt_at', '<=', iso(now))
      .executeTakeFirst();
    if (Number(turned.numUpdatedRows) !== 1 || !message) return false;
    const id = await deps.mail.enqueue(
      trx,
      { ...message, ref: String(job.user_id) },
      { key: `cart-reminder:${job.id}:${iso(now)}` },
    );
    return id !== undefined;
  });
}

/**
 * One pass: claims the carts whose reminder is due at `now` (a batch at a time, with a lease), sends each one's
 * reminder, and ends its turn; a failure is tried again after the mail-service back-off. Answers how many were
 * queued. `now` is a parameter so that a test moves time without waiting a day.
 */
export async function sendDueCartReminders(deps: CartReminderDeps, now = new Date(), signal?: AbortSignal) {
  let queued = 0;
  for (;;) {
    const until = new Date(now.getTime() + LEASE_MS);
    const jobs = await claimDueJobs(deps.db, CART_REMINDER_JOBS, { now, until, worker: WORKER_ID, limit: BATCH });
    for (const job of jobs) {
      if (signal?.aborted) break;
      try {
        if (await remindOne(deps, job, now)) queued += 1;
        await endTurn(deps.db, CART_REMINDER_JOBS, job.id, WORKER_ID, { countAttempt: false });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const next = nextAttemptAt(backOff, job.attempts + 1, now);
        await retryJob(deps.db, CART_REMINDER_JOBS, job.id, WORKER_ID, { error: message, nextAttemptAt: next });
        deps.log.warn({ err: error, cart: job.id }, 'cart reminders: a reminder failed; it is tried again later');
      }
    }
    if (jobs.length < BATCH || signal?.aborted) break;
  }
  if (queued > 0) deps.mail.nudge();
  return queued;
}

/** How often an instance looks for carts whose reminder is due. */
export const CART_REMINDER_POLL_MS = 60_000;

export function startCartReminders(deps: CartReminderDeps, everyMs = CART_REMINDER_POLL_MS): Worker {
  return startWorker({
    name: 'cart reminders',
    everyMs,
    firstRunMs: everyMs,
    jitter: 0.5,
    run: async (signal) => {
      await sendDueCartReminders(deps, new Date(), signal);
    },
    log: deps.log,
  });
}
