import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConsentKind } from '../../../shared/mailing/consent-kinds';

/** The installation's signing key (the download links' key: DOWNLOAD_SIGNING_SECRET, or the one kept in the db). */
export type ListSecret = () => Promise<Buffer>;

/**
 * An unsubscribe link's proof: an HMAC of the address and the kind of mail, so the link works without signing in
 * and without a row per message, and nobody can unsubscribe an address they were not mailed at.
 */
export async function unsubscribeToken(secret: ListSecret, email: string, kind: ConsentKind): Promise<string> {
  return createHmac('sha256', await secret())
    .update(`unsubscribe\n${email.toLowerCase()}\n${kind}`)
    .digest('base64url');
}

export async function isUnsubscribeToken(
  secret: ListSecret,
  email: string,
  kind: ConsentKind,
  token: string,
): Promise<boolean> {
  const expected = Buffer.from(await unsubscribeToken(secret, email, kind));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * What every list message carries: the visible link (a page that confirms with one button) and the RFC 8058
 * headers, whose POST endpoint unsubscribes at once, form-encoded, without cookies.
 */
export async function listUnsubscribe(
  secret: ListSecret,
  publicUrl: string,
  email: string,
  kind: ConsentKind,
): Promise<{ pageUrl: string; headers: Record<string, string> }> {
  const query = new URLSearchParams({
    email: email.toLowerCase(),
    kind,
    token: await unsubscribeToken(secret, email, kind),
  });
  const pageUrl = `${publicUrl}/unsubscribe?${query}`;
  const postUrl = `${publicUrl}/api/mailing-list/unsubscribe?${query}`;
  return {
    pageUrl,
    headers: { 'List-Unsubscribe': `<${postUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
