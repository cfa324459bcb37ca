import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';
import { hashPassword, insertUser } from '../src/server/modules/users';

/** A confirmed account of the given role, signed in; returns its session cookie. */
export async function signedInCookie(
  app: FastifyInstance,
  db: Kysely<Database>,
  email: string,
  role: 'admin' | 'customer',
): Promise<string> {
  const password = 'test account password';
  await insertUser(db, { email, passwordHash: await hashPassword(password), role, confirmed: true });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0] ?? '';
}
