import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

// OWASP's scrypt floor is N=2^17, r=8, p=1. That needs 128 * N * r = 128 MiB, above Node's 32 MiB default maxmem.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
export type ScryptParams = { N: number; r: number; p: number };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

// Two hashes at a time, a third waits its turn. Each takes one of libuv's four threads for a third of a second,
// and the same threads open database connections (pg's SCRAM key derivation), read files and compress: twenty
// sign-ins at once took all four for seconds, and new database connections timed out behind them (a 503, found
// by test:cluster's load). More at once would not hash faster on a machine of two cores anyway.
const hashing = pLimit(2);

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/**
 * 'scrypt$N$r$p$salt$hash': the parameters travel with the hash, so they can be raised later. The store always
 * hashes at its own parameters; other ones are for tests' accounts, which verify the same way in a fraction of the time.
 */
export async function hashPassword(password: string, params: ScryptParams = PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, params.N, params.r, params.p);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
