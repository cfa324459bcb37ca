// Which failures mean "a part the store depends on is down" (PostgreSQL restarting, the S3 server stopped, Stripe
// out of reach) rather than a bug: the visitor is told to try again in a moment (503 with Retry-After), and the
// balancer sees an answer at once instead of a request that hangs.

/** PostgreSQL's SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutting down, starting). */
const DATABASE_STATES = /^(08|57P)/;
/** Node's socket errors, as pg and the AWS SDK pass them on. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** pg's own messages for a connection that could not be made or was cut (they carry no code). */
const DATABASE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * The Stripe SDK names its errors' kind in `type`: a connection that failed after the SDK's own retries, or Stripe
 * answering with its own server error (an outage on its side).
 */
const PAYMENT_UNREACHABLE = 'StripeConnectionError';
const PAYMENT_SERVER_ERROR = 'StripeAPIError';

export type UnavailablePart = 'database' | 'storage' | 'payments';

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  $metadata?: unknown;
  cause?: unknown;
  type?: unknown;
  statusCode?: unknown;
}

/** The part that is down, or null when `error` is something else. */
export function unavailablePartOf(error: unknown, depth = 0): UnavailablePart | null {
  if (!error || typeof error !== 'object' || depth > 3) return null;
  const { code, message, $metadata, cause, type, statusCode } = error as ErrorLike;
  const text = typeof message === 'string' ? message : '';
  if (
    type === PAYMENT_UNREACHABLE ||
    (type === PAYMENT_SERVER_ERROR && typeof statusCode === 'number' && statusCode >= 500)
  )
    return 'payments';
  // The AWS SDK's errors carry $metadata; a network failure there is the file storage.
  const fromStorage = $metadata !== undefined;
  if (typeof code === 'string' && DATABASE_STATES.test(code)) return 'database';
  if (DATABASE_MESSAGES.test(text)) return 'database';
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return fromStorage ? 'storage' : 'database';
  if (fromStorage && (error as ErrorLike).name === 'TimeoutError') return 'storage';
  return unavailablePartOf(cause, depth + 1);
}

export const UNAVAILABLE_MESSAGES: Record<UnavailablePart, string> = {
  database: 'The store cannot reach its database right now. Nothing was changed; please try again in a moment.',
  storage: 'The store cannot reach its file storage right now. Nothing was saved; please try again in a moment.',
  payments: 'The store cannot reach its payment service right now. Please try again in a moment.',
};
