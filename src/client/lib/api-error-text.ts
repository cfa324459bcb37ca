import { ApiError } from './api-client';

/** A failure's own message, or the fallback when it has none to show (something thrown that is not an Error). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * 'Error: message - field: problem; field: problem', what the owner's forms show when saving fails. Only the
 * server's refusals are quoted: their details name the fields to fix, while anything else (a dropped connection)
 * has nothing the owner can act on, so it gets the form's own fallback.
 */
export function errorWithDetails(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return `Error: ${fallback}`;
  const details = Object.entries(error.details ?? {}).map(([field, problems]) => `${field}: ${problems.join(', ')}`);
  return `Error: ${error.message}${details.length ? ` - ${details.join('; ')}` : ''}`;
}
