import { ApiError } from '../../lib/api-client';

/**
 * The orders test's error: 'Failed to load orders: {message}', the message being 'HTTP {status}: {text}' for an
 * answer from the server, else 'Unknown error'. The text is the server's own sentence when it gave one.
 */
export function lookupErrorText(error: unknown): string {
  const message = error instanceof ApiError ? `HTTP ${error.status}: ${error.message}` : 'Unknown error';
  return `Failed to load orders: ${message}`;
}
