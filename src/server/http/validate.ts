import type { z } from 'zod';
import { AppError } from '../errors';

/** Validates a value against a shared schema, answering 400 with the fields at fault when it does not fit. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, message = 'Invalid request'): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    (details[field] ??= []).push(issue.message);
  }
  throw new AppError(400, message, details);
}
