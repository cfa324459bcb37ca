import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only its hash is stored; the token itself goes to the browser or into a link. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

// A fast hash is right here: the token is random and long, so there is nothing to guess, only to look up.
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
