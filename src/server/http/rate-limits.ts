import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES } from '../../shared/accounts/auth';
import type { Database } from '../db/schema';
import { TooManyAttemptsError } from '../errors';
import { databaseRateLimitStore } from './database-rate-limit-store';

export const RATE_LIMIT_WINDOW_MS = 60_000;

export async function registerRateLimits(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
}

/**
 * A preHandler that allows `perMinute` attempts (ATTEMPTS_PER_MINUTE, 10 by default) a minute at `action` from one
 * IP address and, when the body names an account, as many against that account from anywhere. Past either, 429
 * with Retry-After. The window simply ends: there is no lockout an attacker could use to shut a customer out for good.
 * `account` names the account another way: a signed-in action counts against the session's user, whatever the body
 * says.
 */
export function limitAttempts(
  app: FastifyInstance,
  action: string,
  perMinute: number,
  account: (request: FastifyRequest) => string = accountOf,
  /** The window `perMinute` is counted over, when it is not a minute (an hour for what sends mail to an address). */
  windowMs: number = RATE_LIMIT_WINDOW_MS,
) {
  const limiters = {
    ip: app.createRateLimit({
      max: perMinute,
      timeWindow: windowMs,
      keyGenerator: (request) => `${action}:ip:${request.ip}`,
    }),
    account: app.createRateLimit({
      max: perMinute,
      timeWindow: windowMs,
      keyGenerator: (request) => `${action}:account:${account(request)}`,
    }),
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const checks = [limiters.ip(request)];
    if (account(request)) checks.push(limiters.account(request));
    refuseWhenExceeded(await Promise.all(checks), reply, AUTH_MESSAGES.tooManyAttempts);
  };
}

/** The signed-in user (set by the session's hook before any preValidation), for actions only an account can take. */
export const signedInAccount = (request: FastifyRequest): string => (request.user ? `user:${request.user.id}` : '');

/**
 * A preHandler that allows `perMinute` requests a minute at `action` from one IP address, counting only those
 * `counts` picks (it sees the body as validated), so a route's harmless uses cost nothing. Past it, 429 with
 * Retry-After and `message`.
 */
export function limitPerAddress(
  app: FastifyInstance,
  action: string,
  options: { perMinute: number; message: string; counts: (request: FastifyRequest) => boolean },
) {
  const limiter = app.createRateLimit({
    max: options.perMinute,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => `${action}:ip:${request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!options.counts(request)) return;
    refuseWhenExceeded([await limiter(request)], reply, options.message);
  };
}

type LimiterResult = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

function refuseWhenExceeded(results: readonly LimiterResult[], reply: FastifyReply, message: string): void {
  for (const result of results) {
    if (!result.isAllowed && result.isExceeded) {
      reply.header('Retry-After', String(Math.max(1, result.ttlInSeconds)));
      throw new TooManyAttemptsError(message);
    }
  }
}

/** The signed-in user, else the address the body names (a guest's checkout). */
export const signedInOrGivenAccount = (request: FastifyRequest): string =>
  request.user ? `user:${request.user.id}` : accountOf(request);

export const HOUR_MS = 3_600_000;

function accountOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  // The key is stored in the database before the body is checked: a NUL, which PostgreSQL's text refuses (a 500),
  // is dropped, and an address longer than any real one is cut.
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().replaceAll('\0', '').slice(0, 320) : '';
}
