import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretSource } from '../../providers/storage/signed-local-link';

// A guest's library link (decision 0058): `<order number>.<version>.<signature>`, the signature an HMAC of the
// number and version with the store's signing secret. It has no expiry: a guest has no account to get a new one
// from, so it works until the owner revokes it (guest_link_revoked_at) or issues a new one (the version goes up,
// and the links of the old one are refused). The order's row says which version is current.

const PURPOSE = 'guest-library';
const SIGNATURE_CHARS = 32;
const TOKEN_PATTERN = /^(WA-[A-Z0-9]{1,32})\.([1-9][0-9]{0,8})\.([A-Za-z0-9_-]{32})$/;

export const GUEST_LIBRARY_PATH = '/guest-orders';

async function signatureOf(secret: SecretSource, orderNumber: string, version: number): Promise<string> {
  return createHmac('sha256', await secret())
    .update(`${PURPOSE}|${orderNumber}|${version}`)
    .digest('base64url')
    .slice(0, SIGNATURE_CHARS);
}

export async function guestLinkToken(secret: SecretSource, orderNumber: string, version: number): Promise<string> {
  return `${orderNumber}.${version}.${await signatureOf(secret, orderNumber, version)}`;
}

/** The order number and version a token names, when its signature is right; null for anything else. */
export async function readGuestLinkToken(
  secret: SecretSource,
  token: string,
): Promise<{ orderNumber: string; version: number } | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, orderNumber, versionText, signature] = match;
  const version = Number(versionText);
  const expected = Buffer.from(await signatureOf(secret, orderNumber!, version));
  const given = Buffer.from(signature!);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { orderNumber: orderNumber!, version }
    : null;
}

/** The page a guest opens: the order's own library. */
export async function guestLibraryUrl(
  publicUrl: string,
  secret: SecretSource,
  order: { order_number: string; guest_link_version: number },
): Promise<string> {
  return `${publicUrl}${GUEST_LIBRARY_PATH}/${await guestLinkToken(secret, order.order_number, order.guest_link_version)}`;
}
