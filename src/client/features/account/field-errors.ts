import { ApiError } from '#client/lib/api-client.ts';

/** A refusal's message and the first problem of each field it names, for the form to show beside each field. */
export function fieldErrorsOf(error: unknown, fallback: string): { message: string; fields: Record<string, string> } {
  if (!(error instanceof ApiError)) return { message: fallback, fields: {} };
  const fields = Object.fromEntries(
    Object.entries(error.details ?? {}).flatMap(([field, problems]) => (problems[0] ? [[field, problems[0]]] : [])),
  );
  return { message: error.message, fields };
}
