import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '#shared/accounts/auth-schema.ts';
import { AUTH_MESSAGES } from '#shared/accounts/auth.ts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { NotAllowedError, SignInRequiredError } from '../../errors';
import { userOfSession } from './service';
import { readSessionToken } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null; set for every API request before its handler runs. */
    user: SessionUser | null;
  }
}

export async function registerCurrentUser(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; config: Config },
): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = readSessionToken(request, deps.config);
    request.user = token ? await userOfSession(deps, token) : null;
  });
}

/** The one guard of every owner-only route: 401 when signed out, 403 for anyone but the owner. */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new SignInRequiredError(AUTH_MESSAGES.signInRequired);
  if (request.user.role !== 'admin') throw new NotAllowedError(AUTH_MESSAGES.notAllowed);
}

/** The guard of every customer route: 401 when signed out. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new SignInRequiredError(AUTH_MESSAGES.signInRequired);
}
