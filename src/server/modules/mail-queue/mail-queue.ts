import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Worker } from '../../operations/background-worker';
import { SERVICE_RETRY_STEPS_MS, stepBackOff } from '../../operations/jobs/back-off';
import { createJobRunner, type FailedTry, type JobRunner } from '../../operations/jobs/job-runner';
import type { MailProvider } from '../../providers/mail/mail-provider';
import {
  deleteSentMailBefore,
  givenUpMail,
  insertQueuedMail,
  isListMailKind,
  MAIL_JOBS,
  sentMail,
  type QueuedMail,
  type QueuedRow,
} from './repository';

export type { QueuedMail } from './repository';

/** Waits after the 1st, 2nd, … failed try; the last one repeats for as long as the message is not delivered. */
export const RETRY_DELAYS_MS = SERVICE_RETRY_STEPS_MS;
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

/** Told of list mail the mail server refused for good: the address and the server's answer. */
type RefusedHandler = (to: string, reason: string) => Promise<void>;

/** A mail server's permanent refusal (SMTP 5xx, as nodemailer reports it): trying again changes nothing. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the senders that do not need a transaction see; a MailProvider fits it too (tests give one). */
export interface MailSender {
  send(message: QueuedMail): Promise<void>;
}

/**
 * The store's mail goes through here (decision 0026): each message is a row first, then delivered by a worker
 * through the provider, and retried with growing waits while the mail server is down, so mail is never lost.
 * Delivery is at least once: a crash after the server took a message and before it was marked sent sends it again
 * (SMTP has no idempotency key), with the same Message-ID, so mail programs show it once; otherwise once.
 */
export class MailQueue implements MailSender {
  private readonly handlers = new Map<string, DeliveredHandler>();
  private readonly refusedHandlers: RefusedHandler[] = [];
  /** Claims, sends, retries: the delivering worker once started; before that, mail is only queued. */
  private readonly runner: JobRunner;
  private lastCleaning = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly provider: MailProvider,
    private readonly log: FastifyBaseLogger,
    options: MailQueueOptions = {},
  ) {
    this.runner = createJobRunner({
      name: 'mail queue',
      db,
      log,
      table: MAIL_JOBS,
      run: (row) => this.deliver(row),
      done: (_row, now) => sentMail(now),
      afterDone: (row) => this.noteDelivered(row),
      backOff: stepBackOff(options.retryDelaysMs ?? RETRY_DELAYS_MS),
      // List mail refused for good (5xx) is not retried: the address is suppressed instead (decision 0075). A
      // receipt or a password reset keeps its retries: a relay's 5xx is sometimes a passing misconfiguration.
      refusedForGood: {
        when: (row, error) => isListMailKind(row.kind) && isPermanentRefusal(error),
        changes: (_row, now) => givenUpMail(now),
        after: (row, error) => this.noteRefused(row, error),
      },
      onFailure: (row, error, outcome) => this.logFailure(row, error, outcome),
      everyMs: options.pollMs ?? POLL_MS,
      batch: BATCH,
      leaseMs: CLAIM_MS,
      // The mail server refused one: the rest waits for its own next try rather than fail in a row now.
      stopBatchOnFailure: true,
      beforePass: () => this.cleanOccasionally(),
    });
  }

  onDelivered(kind: string, handler: DeliveredHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Called when list mail is refused for good (the mailing list suppresses the address). */
  onRefused(handler: RefusedHandler): void {
    this.refusedHandlers.push(handler);
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
   * mail went out as before the queue. What a worker claimed first is that worker's to send. A failure is logged
   * and left to the worker's retries.
   */
  async deliverQueued(ids: ReadonlyArray<number | undefined>): Promise<void> {
    const wanted = ids.filter((id) => id !== undefined);
    if (wanted.length === 0) return;
    try {
      await this.runner.runNow(wanted, FIRST_TRY_CLAIM_MS);
    } catch (error) {
      this.log.error({ err: error, ids: wanted }, 'queued mail: first try failed; the worker will retry');
    }
  }

  /** Asks the worker for a pass now (coalesced: a pass under way runs once more when it ends). */
  nudge(): void {
    this.runner.nudge();
  }

  /** Starts the worker: a pass at once, then one every poll; stopping it hands back what a pass has not sent yet. */
  start(): Worker {
    return this.runner.start();
  }

  private async deliver(row: QueuedRow): Promise<void> {
    await this.provider.send({
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
      // The row's id and birth: the same Message-ID on a second try, another store's rows never the same.
      messageKey: `queued-${row.id}.${new Date(row.created_at).getTime()}`,
    });
  }

  private async noteDelivered(row: QueuedRow): Promise<void> {
    const handler = this.handlers.get(row.kind);
    if (handler) {
      await handler(row.ref, this.db).catch((error: unknown) =>
        this.log.error({ err: error, kind: row.kind, ref: row.ref }, 'mail delivered, but noting it failed'),
      );
    }
  }

  private async noteRefused(row: QueuedRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    for (const handler of this.refusedHandlers) {
      await handler(row.to_address, reason).catch((failure: unknown) =>
        this.log.error({ err: failure, mailId: row.id }, 'list mail refused, but noting it failed'),
      );
    }
  }

  private logFailure(row: QueuedRow, error: unknown, outcome: FailedTry): void {
    const late = Date.now() - new Date(row.created_at).getTime() > LATE_MS;
    const fields = {
      err: error,
      mailId: row.id,
      kind: row.kind,
      ref: row.ref,
      attempts: outcome.attempts,
      nextAttemptAt: outcome.nextAttemptAt?.toISOString(),
    };
    if (outcome.nextAttemptAt === null) this.log.warn(fields, 'list mail refused for good: given up, not retried');
    else if (late) this.log.error(fields, 'mail still not delivered after a day: retrying');
    else this.log.warn(fields, 'mail not delivered: kept in the queue and retried');
  }

  private async cleanOccasionally(): Promise<void> {
    if (Date.now() - this.lastCleaning < CLEAN_EVERY_MS) return;
    this.lastCleaning = Date.now();
    await deleteSentMailBefore(this.db, new Date(Date.now() - KEEP_SENT_MS));
  }
}
