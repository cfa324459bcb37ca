import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretSource } from '../../providers/storage/signed-local-link';

// A certificate's number is its order line's id and a signature of it: 'LC-42-7KQ3…'. Nobody can make one up or
// move one to another line without the store's signing secret (the one that signs download links; the HMAC's
// input starts with its own purpose, so a certificate signature is never a valid link signature or the reverse).

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'; // 32 letters without look-alikes: 256 % 32 = 0, no bias
const SIGNATURE_LENGTH = 16; // 80 bits
const PATTERN = /^LC-([1-9]\d{0,9})-([2-9A-HJ-NP-Z]{16})$/;

function signatureOf(secret: Buffer, itemId: number): string {
  const mac = createHmac('sha256', secret).update(`licence-certificate:${itemId}`).digest();
  return [...mac.subarray(0, SIGNATURE_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A signer with the secret read once: order lists number many lines at a time. */
export async function certificateNumberer(secret: SecretSource): Promise<(itemId: number) => string> {
  const key = await secret();
  return (itemId) => `LC-${itemId}-${signatureOf(key, itemId)}`;
}

/** The order line a number certifies, or null when it is malformed or its signature is not the store's. */
export async function itemIdOfCertificate(secret: SecretSource, certificateNumber: string): Promise<number | null> {
  const match = PATTERN.exec(certificateNumber.trim().toUpperCase());
  if (!match) return null;
  const itemId = Number(match[1]);
  if (!Number.isSafeInteger(itemId) || itemId > 2_147_483_647) return null;
  const expected = Buffer.from(signatureOf(await secret(), itemId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? itemId : null;
}
