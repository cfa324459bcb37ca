import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { renewLease } from './job-lease';
import type { JobTable, JobTableName } from './job-table';

/**
 * Runs `work` on a job this worker has claimed for `leaseMs`, renewing the claim every third of it meanwhile (a
 * busy machine slows the work down; a worker that dies stops renewing, and the job is another's once it lapses).
 */
export async function whileLeased<T extends JobTableName, R>(
  lease: { db: Kysely<Database>; table: JobTable<T>; id: number; worker: string; leaseMs: number },
  work: () => Promise<R>,
): Promise<R> {
  const renew = setInterval(() => {
    renewLease(lease.db, lease.table, lease.id, lease.worker, new Date(Date.now() + lease.leaseMs)).catch(
      () => undefined,
    );
  }, lease.leaseMs / 3).unref();
  try {
    return await work();
  } finally {
    clearInterval(renew);
  }
}
