import type { z } from 'zod';

/**
 * PostgreSQL cannot store or compare text with a NUL character in it (it fails the whole query), and no form of
 * ours sends one: such a value is refused up front as a 400 naming the field, on SQLite the same as on PostgreSQL.
 */
export const withoutNul = (schema: z.ZodString, label: string) =>
  schema.refine((value) => !value.includes('\u0000'), `${label} must not contain a NUL character`);
