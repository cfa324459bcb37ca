import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction, Updateable } from 'kysely';
import { engineOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { JobRow, JobTable, JobTableName } from './job-table';

// One implementation of the job's lease for every job table: the claim, its renewal, and the end of a worker's
// turn (done, tried again later, given up, or handed back untried).

/** The lease columns as every job table has them: what the queries below are written against. */
interface LeasedTable {
  id: number;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  claimed_by: string | null;
  last_error: string | null;
}
type LeasedDb = { job: LeasedTable };
type Db = Kysely<Database> | Transaction<Database>;

const leased = (db: Db) => db as unknown as Kysely<LeasedDb>;
const nameOf = <T extends JobTableName>(spec: JobTable<T>) => spec.table as unknown as 'job';
const iso = (date: Date) => date.toISOString();
/** The longest failure kept on a row: a reason for the owner and the log, not a dump. */
const ERROR_CHARS = 1_000;

function pendingOf<T extends JobTableName>(spec: JobTable<T>) {
  return (eb: ExpressionBuilder<LeasedDb, 'job'>) => spec.pending(eb as unknown as ExpressionBuilder<Database, T>);
}

const free = (now: string) => (eb: ExpressionBuilder<LeasedDb, 'job'>) =>
  eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]);

function leaseOf<T extends JobTableName>(spec: JobTable<T>, until: Date, worker: string) {
  return {
    ...(spec.onClaim as object),
    claimed_until: iso(until),
    ...(spec.namesWorker ? { claimed_by: worker } : {}),
  } as Partial<LeasedTable>;
}

export interface ClaimOptions<T extends JobTableName> {
  now: Date;
  /** The lease's end: a worker that dies lets it lapse, and the job is due again for any worker. */
  until: Date;
  /** Names the worker in the claim (on tables that name it). */
  worker: string;
  limit: number;
  /** Narrows the due jobs further for this claim (print packs: only the urgent ones). */
  where?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
}

/**
 * Claims up to `limit` due jobs (their time has come, nobody holds them, they still have work), in the table's
 * order, so that no other instance takes them until `until`. PostgreSQL: the rows are picked `for update skip
 * locked` and marked in one transaction, so two instances asking at once get different rows (one that another has
 * just claimed fails the re-check of its claim once that commits). SQLite: one `update … where id in (select …)
 * returning` statement; writes to the file are serialized, so it is atomic.
 */
export async function claimDueJobs<T extends JobTableName>(
  db: Kysely<Database>,
  spec: JobTable<T>,
  options: ClaimOptions<T>,
): Promise<Array<JobRow<T>>> {
  const now = iso(options.now);
  const where = options.where;
  const due = (q: Kysely<LeasedDb>) => {
    let query = q
      .selectFrom(nameOf(spec))
      .select('id')
      .where('next_attempt_at', '<=', now)
      .where(free(now))
      .where(pendingOf(spec))
      .$if(where !== undefined, (q) => q.where((eb) => where!(eb as unknown as ExpressionBuilder<Database, T>)));
    for (const term of spec.order) query = query.orderBy(term.column as 'id', term.desc ? 'desc' : 'asc');
    return query.limit(options.limit);
  };
  const lease = leaseOf(spec, options.until, options.worker);
  const rows =
    engineOf(db) === 'postgres'
      ? await leased(db)
          .transaction()
          .execute(async (trx) => {
            const ids = (await due(trx).forUpdate().skipLocked().execute()).map((row) => row.id);
            if (ids.length === 0) return [];
            return trx.updateTable(nameOf(spec)).set(lease).where('id', 'in', ids).returningAll().execute();
          })
      : await leased(db)
          .updateTable(nameOf(spec))
          .set(lease)
          .where('id', 'in', due(leased(db)))
          .returningAll()
          .execute();
  return sortLike(spec, rows) as unknown as Array<JobRow<T>>;
}

/** `returning` gives rows in no promised order: put back in the table's. */
function sortLike<T extends JobTableName>(spec: JobTable<T>, rows: LeasedTable[]): LeasedTable[] {
  const value = (row: LeasedTable, column: string) => {
    const found = (row as unknown as Record<string, unknown>)[column];
    return found instanceof Date ? found.getTime() : (found as number | string);
  };
  return rows.sort((a, b) => {
    for (const { column, desc } of spec.order) {
      const x = value(a, column);
      const y = value(b, column);
      const order = x < y ? -1 : x > y ? 1 : 0;
      if (order !== 0) return desc ? -order : order;
    }
    return a.id - b.id;
  });
}

/**
 * Claims the given jobs if nobody holds them (the request that queued them tries them first, right after its
 * commit), in one statement: a worker of any instance claiming them at the same moment gets them instead, never
 * both. A job born unclaimed is also why a crash between the commit and this claim loses nothing: the next worker's
 * pass takes it. Answers them in id order.
 */
export async function claimJobsByIds<T extends JobTableName>(
  db: Kysely<Database>,
  spec: JobTable<T>,
  ids: readonly number[],
  options: { now: Date; until: Date; worker: string },
): Promise<Array<JobRow<T>>> {
  if (ids.length === 0) return [];
  const rows = await leased(db)
    .updateTable(nameOf(spec))
    .set(leaseOf(spec, options.until, options.worker))
    .where('id', 'in', [...ids])
    .where(pendingOf(spec))
    .where(free(iso(options.now)))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id) as unknown as Array<JobRow<T>>;
}

/** Only the worker holding a claim renews or ends it, on tables that name it. */
function held<T extends JobTableName>(spec: JobTable<T>, worker: string) {
  return (eb: ExpressionBuilder<LeasedDb, 'job'>) => (spec.namesWorker ? eb('claimed_by', '=', worker) : eb.lit(true));
}

/** Keeps a claim alive while its worker works; false when the claim was lost (it lapsed, and another took it). */
export async function renewLease<T extends JobTableName>(
  db: Db,
  spec: JobTable<T>,
  id: number,
  worker: string,
  until: Date,
): Promise<boolean> {
  const result = await leased(db)
    .updateTable(nameOf(spec))
    .set({ claimed_until: iso(until) })
    .where('id', '=', id)
    .where(held(spec, worker))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hands claimed jobs back untried (the app is stopping, or the service they need just refused another one). */
export async function releaseJobs<T extends JobTableName>(
  db: Db,
  spec: JobTable<T>,
  ids: readonly number[],
  worker: string,
): Promise<void> {
  if (ids.length === 0) return;
  await leased(db)
    .updateTable(nameOf(spec))
    .set({ claimed_until: null, ...(spec.namesWorker ? { claimed_by: null } : {}) })
    .where('id', 'in', [...ids])
    .where(pendingOf(spec))
    .where(held(spec, worker))
    .execute();
}

/**
 * Ends a worker's turn on a job it holds: the lease given up, and the row changed as the kind says (done, or due
 * again). `countAttempt`: the turn counts as a try. A worker whose claim lapsed (it was too slow, and another took
 * the job) changes nothing on tables that name the worker.
 */
export async function endTurn<T extends JobTableName>(
  db: Db,
  spec: JobTable<T>,
  id: number,
  worker: string,
  outcome: { changes?: Updateable<Database[T]>; countAttempt: boolean },
): Promise<void> {
  await endLease(db, spec, id, worker, { changes: outcome.changes ?? {}, countAttempt: outcome.countAttempt });
}

async function endLease<T extends JobTableName>(
  db: Db,
  spec: JobTable<T>,
  id: number,
  worker: string,
  outcome: { changes: object; countAttempt: boolean },
): Promise<void> {
  await leased(db)
    .updateTable(nameOf(spec))
    .set((eb) => ({
      ...(outcome.changes as Partial<LeasedTable>),
      claimed_until: null,
      ...(spec.namesWorker ? { claimed_by: null } : {}),
      ...(outcome.countAttempt ? { attempts: eb('attempts', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .where(held(spec, worker))
    .execute();
}

/** A failed try: the job is due again at `nextAttemptAt`, with the failure kept on the row. */
export async function retryJob<T extends JobTableName>(
  db: Db,
  spec: JobTable<T>,
  id: number,
  worker: string,
  failure: { error: string; nextAttemptAt: Date; changes?: Updateable<Database[T]> },
): Promise<void> {
  await endLease(db, spec, id, worker, {
    changes: {
      ...failure.changes,
      last_error: failure.error.slice(0, ERROR_CHARS),
      next_attempt_at: iso(failure.nextAttemptAt),
    },
    countAttempt: true,
  });
}

/**
 * A job that will not be tried again: the reason kept on the row for whoever looks (the owner's page, the log),
 * and `changes` take it out of the pending ones (a status of 'failed').
 */
export async function giveUpJob<T extends JobTableName>(
  db: Db,
  spec: JobTable<T>,
  id: number,
  worker: string,
  failure: { reason: string; now: Date; changes: Updateable<Database[T]> },
): Promise<void> {
  await endLease(db, spec, id, worker, {
    changes: {
      ...failure.changes,
      last_error: failure.reason.slice(0, ERROR_CHARS),
      next_attempt_at: iso(failure.now),
    },
    countAttempt: true,
  });
}
