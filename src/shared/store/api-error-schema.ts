import { z } from 'zod';

/** Every error the API sends: a readable message and, for validation, the fields at fault. */
export const errorBodySchema = z.object({
  error: z.string(),
  details: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
