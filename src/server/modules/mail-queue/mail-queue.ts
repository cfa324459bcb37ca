import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { startWorker, type Worker } from '../../operations/background-worker';
import type { MailProvider } from '../../providers/mail/mail-provider';
import {
  claimDueMail,
  deleteSentMailBefore,
  claimMailByIds,
  insertQueuedMail,
  markMailFailed,
  markMailSent,
  releaseMail,
  type QueuedMail,
  type QueuedRow,
} from './repository';

export type { QueuedMail } from './repository';

/** Waits after the 1st, 2nd, … failed try; the last one repeats for as long as the message is not delivered. */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 600_000, 1_800_000];
/** How often the worker looks for due mail besides being nudged: retries come due without anyone asking. */
const POLL_MS = 1_000;
const BATCH = 5;
/**
 * How long a claim keeps other instances off a message. Longer than the worst case of a batch (SmtpMail gives a
 * send at most about 2 minutes; a failure ends the batch), so a message is never taken while still being sent; a
 * claim left by a crashed instance runs out and the message is sent by another.
 */
const CLAIM_MS = 15 * 60_000;
/**
 * A request's own first try holds its messages only this long: if its instance dies in the middle of the send,
 * another instance sends them half a minute later, not when a worker's long claim runs out. SMTP answers in well
 * under a second; a send slower than this may go out twice (SMTP has no idempotency), which is better than late.
 */
const FIRST_TRY_CLAIM_MS = 30_000;
/** A message still undelivered after this long is logged as an error on each further try, not a warning. */
const LATE_MS = 24 * 3_600_000;
const KEEP_SENT_MS = 30 * 24 * 3_600_000;
const CLEAN_EVERY_MS = 3_600_000;

export interface MailQueueOptions {
  pollMs?: number;
  retryDelaysMs?: readonly number[];
}

/** Called after a message of a kind is delivered, e.g. to note on the contact message that it went out. */
type DeliveredHandler = (ref: string | null, db: Kysely<Database>) => Promise<void>;

/** What the senders that do not need a transaction see; a MailProvider fits it too (tests give one). */
export interface MailSender {
  send(message: QueuedMail): Promise<void>;
}

/**
 * The store's mail goes through here (decision 0026): each message is a row first, then delivered by a worker
 * through the provider, and retried with growing waits while the mail server is down, so mail is never lost.
 * Delivery is at least once: a crash after the server took a message and before it was marked sent sends it again
 * (SMTP has no idempotency key); otherwise once.
 */
export class MailQueue implements MailSender {
  private readonly handlers = new Map<string, DeliveredHandler>();
  private readonly pollMs: number;
  private readonly retryDelaysMs: readonly number[];
  /** The delivering worker, once started: before that, mail is only queued. */
  private worker: Worker | undefined;
  private lastCleaning = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly provider: MailProvider,
    private readonly log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? POLL_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  onDelivered(kind: string, handler: DeliveredHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Queues a message on its own and has the worker send it at once: for mail that belongs to no transaction. */
  async send(message: QueuedMail): Promise<void> {
    await this.enqueue(this.db, message);
    this.nudge();
  }

  /**
   * Queues a message. `db` may be a transaction: the message then exists only if the transaction commits. With
   * `key`, a message with the same key is queued once, ever. Once committed, the caller tries it first with
   * `deliverQueued`, or calls `nudge()`. The row is born unclaimed, so an instance killed right after the commit
   * leaves it to the others' workers, not to a claim that must run out.
   * Returns the id, or undefined when the key was taken.
   */
  async enqueue(
    db: Kysely<Database>,
    message: QueuedMail,
    options: { key?: string } = {},
  ): Promise<number | undefined> {
    return insertQueuedMail(db, message, { key: options.key, now: new Date() });
  }

  /**
   * The first try of queued messages, made by the request that asked for them, so that its answer comes after the
   * mail went out as before the queue. A failure is logged and left to the worker's retries.
   */
  async deliverQueued(ids: ReadonlyArray<number | undefined>): Promise<void> {
    const wanted = ids.filter((id) => id !== undefined);
    if (wanted.length === 0) return;
    try {
      const now = new Date();
      // What a worker claimed first is that worker's to send.
      const rows = await claimMailByIds(this.db, wanted, { now, until: new Date(now.getTime() + FIRST_TRY_CLAIM_MS) });
      await this.deliverBatch(rows);
    } catch (error) {
      this.log.error({ err: error, ids: wanted }, 'queued mail: first try failed; the worker will retry');
    }
  }

  /** Asks the worker for a pass now (coalesced: a pass under way runs once more when it ends). */
  nudge(): void {
    this.worker?.nudge();
  }

  /** Starts the worker: a pass at once, then one every poll; stopping it hands back what a pass has not sent yet. */
  start(): Worker {
    this.worker = startWorker({
      name: 'mail queue',
      everyMs: this.pollMs,
      firstRunMs: 0,
      run: (signal) => this.drain(signal),
      log: this.log,
    });
    return this.worker;
  }

  private async drain(stopping: AbortSignal): Promise<void> {
    await this.cleanOccasionally();
    while (!stopping.aborted) {
      const now = new Date();
      const batch = await claimDueMail(this.db, { now, until: new Date(now.getTime() + CLAIM_MS), limit: BATCH });
      if (batch.length === 0) return;
      // The mail server refused one: the rest waits for its own next try rather than fail in a row now.
      if (!(await this.deliverBatch(batch, stopping))) return;
    }
  }

  /**
   * Sends in order; stops at the first failure (or, for the worker, at a stop) and gives the rest back untried.
   * Returns whether all went out.
   */
  private async deliverBatch(rows: readonly QueuedRow[], stopping?: AbortSignal): Promise<boolean> {
    for (const [index, row] of rows.entries()) {
      if (stopping?.aborted) {
        await releaseMail(
          this.db,
          rows.slice(index).map((r) => r.id),
        );
        return false;
      }
      if (!(await this.deliverOne(row))) {
        await releaseMail(
          this.db,
          rows.slice(index + 1).map((r) => r.id),
        );
        return false;
      }
    }
    return true;
  }

  private async deliverOne(row: QueuedRow): Promise<boolean> {
    try {
      await this.provider.send({
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
    } catch (error) {
      await this.recordFailure(row, error);
      return false;
    }
    await markMailSent(this.db, row.id, new Date());
    const handler = this.handlers.get(row.kind);
    if (handler) {
      await handler(row.ref, this.db).catch((error: unknown) =>
        this.log.error({ err: error, kind: row.kind, ref: row.ref }, 'mail delivered, but noting it failed'),
      );
    }
    return true;
  }

  private async recordFailure(row: QueuedRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const delay = this.retryDelaysMs[Math.min(attempts, this.retryDelaysMs.length) - 1] ?? POLL_MS;
    const nextAttemptAt = new Date(Date.now() + delay);
    const message = error instanceof Error ? error.message : String(error);
    await markMailFailed(this.db, row.id, { error: message.slice(0, 1_000), nextAttemptAt });
    const late = Date.now() - new Date(row.created_at).getTime() > LATE_MS;
    const fields = {
      err: error,
      mailId: row.id,
      kind: row.kind,
      ref: row.ref,
      attempts,
      nextAttemptAt: nextAttemptAt.toISOString(),
    };
    if (late) this.log.error(fields, 'mail still not delivered after a day: retrying');
    else this.log.warn(fields, 'mail not delivered: kept in the queue and retried');
  }

  private async cleanOccasionally(): Promise<void> {
    if (Date.now() - this.lastCleaning < CLEAN_EVERY_MS) return;
    this.lastCleaning = Date.now();
    await deleteSentMailBefore(this.db, new Date(Date.now() - KEEP_SENT_MS));
  }
}
