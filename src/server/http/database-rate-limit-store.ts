import { sql, type Kysely } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/schema';

/**
 * A store for @fastify/rate-limit that counts in the database, so limits hold across every app instance and
 * across restarts. One upsert per attempt: a window that has run out starts again at 1, so a row whose window has
 * ended counts for nothing and the housekeeping may delete it at any time.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      const resetAt = now + timeWindow;
      db.insertInto('rate_limits')
        .values({ key, count: 1, reset_at_ms: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at_ms <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at_ms: sql<number>`case when rate_limits.reset_at_ms <= ${now} then ${resetAt} else rate_limits.reset_at_ms end`,
          }),
        )
        .returning(['count', 'reset_at_ms'])
        .executeTakeFirstOrThrow()
        .then((row) => callback(null, { current: Number(row.count), ttl: Math.max(0, Number(row.reset_at_ms) - now) }))
        .catch((error: Error) => callback(error));
    }

    child(): FastifyRateLimitStore {
      // Keys already name their limiter (see rate-limits.ts), so every route can share this one store.
      return this;
    }
  }

  return DatabaseRateLimitStore;
}

export async function deleteEndedRateLimitWindows(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('reset_at_ms', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
