import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteEndedRateLimitWindows } from '../../http/database-rate-limit-store';
import { deleteSpentEmailTokens } from '../auth/email-token-repository';
import { deleteDeadSessions } from '../auth/session-repository';

/**
 * Deletes rows that can never count again: dead sessions, spent or expired e-mail links, ended rate-limit windows.
 * Each delete names only rows that are dead by time or use, so instances that run it at once simply share the work.
 */
export async function purgeExpired(db: Kysely<Database>, now: Date, sessionIdleMs: number) {
  return {
    sessions: await deleteDeadSessions(db, now, new Date(now.getTime() - sessionIdleMs)),
    emailTokens: await deleteSpentEmailTokens(db, now),
    rateLimitWindows: await deleteEndedRateLimitWindows(db, now.getTime()),
  };
}

const EVERY_MS = 60 * 60_000;
const FIRST_RUN_MS = 60_000;

/**
 * Runs the purge a minute after start, then hourly, each instance at a random offset so that several instances do
 * not all delete at the same moment. Returns the function that stops it.
 */
export function schedulePurge(db: Kysely<Database>, sessionIdleMs: number, log: FastifyBaseLogger): () => void {
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      const purged = await purgeExpired(db, new Date(), sessionIdleMs);
      log.info({ purged }, 'housekeeping: expired rows deleted');
    } catch (error) {
      log.warn({ err: error }, 'housekeeping failed; it will try again at the next run');
    }
    timer = setTimeout(() => void run(), EVERY_MS).unref();
  };
  timer = setTimeout(() => void run(), FIRST_RUN_MS + Math.random() * FIRST_RUN_MS).unref();
  return () => clearTimeout(timer);
}
