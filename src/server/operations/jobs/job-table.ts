import type { Expression, ExpressionBuilder, Selectable, SqlBool, Updateable } from 'kysely';
import type { Database } from '../../db/schema';

/** The columns that make a table a job table: the lease (claimed_until), the tries, the next one and the last failure. */
type LeaseColumn = 'id' | 'attempts' | 'next_attempt_at' | 'claimed_until' | 'last_error';

/** Every table of the store that has the lease columns: a new kind of job is a table with them. */
export type JobTableName = {
  [K in keyof Database]: LeaseColumn extends keyof Database[K] ? K : never;
}[keyof Database];

export type JobRow<T extends JobTableName> = Selectable<Database[T]>;

/**
 * What the job runner needs to know of one kind of job. The claim, the lease, the retries and the giving up are the
 * same for every kind (job-lease.ts); only which rows still have work, their order, and how a row shows that a
 * worker took it differ.
 */
export interface JobTable<T extends JobTableName> {
  table: T;
  /** The rows that still have work to do (mail not sent yet, a pack with files to make): only those are claimed. */
  pending: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
  /** The order due rows are taken in, most urgent first (ties: the older row). */
  order: ReadonlyArray<{ column: keyof Database[T] & string; desc?: boolean }>;
  /** Set on a row as it is claimed, besides the lease (a mockup job shows 'making'). */
  onClaim?: Updateable<Database[T]>;
  /**
   * Whether the table names the worker holding a claim (claimed_by): a claim is then renewed and ended only by the
   * worker holding it, so a worker whose claim lapsed (another took the job) changes nothing.
   */
  namesWorker: boolean;
}

/** Describes a kind of job; the type parameter is the table's name, so `pending` and `order` are checked against it. */
export const defineJobTable = <T extends JobTableName>(spec: JobTable<T>): JobTable<T> => spec;
