import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { DomainEvent, DomainEventType, EventOf } from './domain-events';
import { insertOutboxRows, markOutboxRowsDone } from './outbox-repository';
import { recordOutboxFailure, type AfterCommitListeners, type AfterCommitWork } from './run-outbox-rows';

/** Work that commits with the change: it runs in the change's transaction, and its failure rolls the change back. */
export type InTransactionListener<T extends DomainEventType> = (
  trx: Transaction<Database>,
  event: EventOf<T>,
  meta: { now: Date },
) => Promise<void>;

/** Work after the commit, through the outbox: keyed by the event's id, so that running it again changes nothing. */
export type AfterCommitListener<T extends DomainEventType> = (
  event: EventOf<T>,
  meta: { eventId: string },
) => Promise<void>;

export interface EventBusOptions {
  /**
   * How long a new outbox row is left to the request that wrote it before any instance's drain may take it: the
   * request runs it right after its commit, and a drain taking it meanwhile would answer the request before the
   * work is done. A crash's rows are run once this has passed.
   */
  drainAfterMs?: number;
  /** false: the request never runs its rows itself, as if its process died right after every commit (tests). */
  runAfterCommit?: boolean;
}

/** One outbox row a transaction's event wrote: the row's id, and what to run, held in memory by the request. */
interface PendingWork {
  id: number;
  eventId: string;
  event: DomainEvent;
  listener: string;
}

/** The rows a transaction's events wrote to the outbox: run them with `runAfterCommit` once it has committed. */
export type PendingAfterCommit = readonly PendingWork[];

const DEFAULT_DRAIN_AFTER_MS = 10_000;

/**
 * The store's domain events: a module emits what happened inside the transaction that made it happen; the modules
 * that care subscribe, either in that transaction or after its commit. Each module registers its own listeners
 * (its listeners.ts), wired from app.ts, so who listens to what is read in one place per module.
 */
export class EventBus {
  private readonly inTransaction = new Map<DomainEventType, Array<InTransactionListener<DomainEventType>>>();
  private readonly afterCommitByType = new Map<DomainEventType, string[]>();
  private readonly afterCommit = new Map<string, AfterCommitWork>();

  constructor(
    private readonly deps: { db: Kysely<Database>; log: Pick<FastifyBaseLogger, 'error' | 'warn'> },
    private readonly options: EventBusOptions = {},
  ) {}

  /** Runs in the emitting transaction, after the listeners registered before it; `now` is the change's time. */
  onInTransaction<T extends DomainEventType>(type: T, listener: InTransactionListener<T>): void {
    const list = this.inTransaction.get(type) ?? [];
    list.push((trx, event, meta) => listener(trx, event as EventOf<T>, meta));
    this.inTransaction.set(type, list);
  }

  /**
   * Runs after the commit, from the outbox. `name` is stored with each row and names the listener in the log:
   * unique, and kept across versions (a renamed listener leaves its old rows to no one).
   */
  onAfterCommit<T extends DomainEventType>(types: readonly T[], name: string, listener: AfterCommitListener<T>): void {
    if (this.afterCommit.has(name)) throw new Error(`after-commit listener ${name} registered twice`);
    this.afterCommit.set(name, (event, meta) => listener(event as EventOf<T>, meta));
    for (const type of types) this.afterCommitByType.set(type, [...(this.afterCommitByType.get(type) ?? []), name]);
  }

  /** The after-commit listeners by name, for the drain. */
  get afterCommitListeners(): AfterCommitListeners {
    return this.afterCommit;
  }

  /**
   * Tells of `event` in `trx`: its in-transaction listeners run now, and each after-commit listener gets an outbox
   * row in the same transaction. Returns those rows' ids, for `runAfterCommit` once the transaction has committed;
   * rows nobody runs so are run by a drain once `drainAfterMs` has passed.
   */
  async emit(trx: Transaction<Database>, event: DomainEvent, now = new Date()): Promise<PendingAfterCommit> {
    for (const listener of this.inTransaction.get(event.type) ?? []) await listener(trx, event, { now });
    const drainAfterMs = this.options.drainAfterMs ?? DEFAULT_DRAIN_AFTER_MS;
    const eventId = randomUUID();
    const listeners = this.afterCommitByType.get(event.type) ?? [];
    const ids = await insertOutboxRows(trx, { id: eventId, event }, listeners, {
      now,
      dueAt: new Date(now.getTime() + drainAfterMs),
    });
    return ids.map((id, index) => ({ id, eventId, event, listener: listeners[index]! }));
  }

  /** Tells of several events in `trx`, one after the other; the outbox rows of all of them. */
  async emitAll(
    trx: Transaction<Database>,
    events: readonly DomainEvent[],
    now = new Date(),
  ): Promise<PendingAfterCommit> {
    const work: PendingWork[] = [];
    for (const event of events) work.push(...(await this.emit(trx, event, now)));
    return work;
  }

  /**
   * After the commit, in the request: the rows its events wrote, run from memory, then marked done in one statement.
   * No claim first: a drain takes a row only once `drainAfterMs` has passed, and should a slow request overlap it,
   * each listener is idempotent by event id (a mail goes out at least once). Never throws: a failure is recorded
   * on its row and left to the drain's retries.
   */
  async runAfterCommit(work: PendingAfterCommit): Promise<void> {
    if (work.length === 0 || this.options.runAfterCommit === false) return;
    const done: number[] = [];
    for (const row of work) {
      try {
        await this.afterCommit.get(row.listener)!(row.event, { eventId: row.eventId });
        done.push(row.id);
      } catch (error) {
        await recordOutboxFailure(this.deps, { ...row, attempts: 0, eventType: row.event.type }, error);
      }
    }
    await markOutboxRowsDone(this.deps.db, done, new Date()).catch((error: unknown) =>
      this.deps.log.error({ err: error, ids: done }, 'after-commit work done but not marked; the drain runs it again'),
    );
  }
}
