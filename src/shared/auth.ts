import { z } from 'zod';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signUpSchema = z.object({ email: emailSchema, password: newPasswordSchema });
// Sign-in does not apply the length rules: an older account may predate them, and the hash decides anyway.
export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export const emailOnlySchema = z.object({ email: emailSchema });
export const tokenSchema = z.object({ token: z.string().min(16).max(200) });
export const resetPasswordSchema = z.object({ token: z.string().min(16).max(200), password: newPasswordSchema });

export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(['customer', 'admin']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export const messageResponseSchema = z.object({ message: z.string() });
