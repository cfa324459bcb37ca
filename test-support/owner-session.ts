import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';
import type { Config } from '../src/server/config';
import { sessionCookieName } from '../src/server/modules/auth';
import { insertSession } from '../src/server/modules/auth/session-repository';
import { newToken } from '../src/server/modules/auth/tokens';
import { hashPassword, insertUser } from '../src/server/modules/users';

/** A confirmed account of the given role, signed in; returns its session cookie. */
export async function signedInCookie(
  app: FastifyInstance,
  db: Kysely<Database>,
  email: string,
  role: 'admin' | 'customer',
): Promise<string> {
  await insertUser(db, { email, passwordHash: await testPasswordHash(), role, confirmed: true });
  return signIn(app, email);
}

const PASSWORD = 'test account password';

// Every test account's hash, made once, at N=2^12 rather than the store's 2^17: the hash names its parameters, so
// sign-in verifies it through the same code in milliseconds instead of a third of a second of a core (82 sign-ins
// in the API tests). The store's own cost is the password hash's test's and the sign-up tests' to hold.
let testHash: Promise<string> | undefined;
const testPasswordHash = () => (testHash ??= hashPassword(PASSWORD, { N: 2 ** 12, r: 8, p: 1 }));

/**
 * Many customers' accounts, each with a session made in the database as sign-in makes it: scrypt at its real cost
 * takes a second or more a password on a busy machine, so a test of many buyers at once spends its time on what it
 * tests, not on signing them in.
 */
export async function signedInCustomers(
  t: { db: Kysely<Database>; config: Config },
  emails: readonly string[],
): Promise<string[]> {
  const passwordHash = await testPasswordHash();
  const cookies: string[] = [];
  for (const email of emails) {
    const userId = await insertUser(t.db, { email, passwordHash, role: 'customer', confirmed: true });
    if (userId === undefined) throw new Error(`${email} has an account already`);
    const { token, hash } = newToken();
    const now = new Date();
    await insertSession(t.db, {
      tokenHash: hash,
      userId,
      now,
      expiresAt: new Date(now.getTime() + t.config.sessionAbsoluteMs),
    });
    cookies.push(`${sessionCookieName(t.config)}=${token}`);
  }
  return cookies;
}

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const password = PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0] ?? '';
}
