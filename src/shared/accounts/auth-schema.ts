import { z } from 'zod';

import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  INVALID_EMAIL_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from './auth';
import { CONSENT_KINDS } from '../mailing/consent-kinds';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(INVALID_EMAIL_MESSAGE).max(EMAIL_MAX_LENGTH));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  /** The mailing list's boxes ticked (none by default). */
  listConsents: z.array(z.enum(CONSENT_KINDS)).max(CONSENT_KINDS.length).default([]),
});
// Sign-in does not apply the length rules: an older account may predate them, and the hash decides anyway.
export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** A blank e-mail or password gets one sentence for the whole form, before any field rule is applied. */
const credentialsGiven = z
  .object({ email: z.unknown().optional(), password: z.unknown().optional(), listConsents: z.unknown().optional() })
  .refine((body) => !blank(body.email) && !blank(body.password), AUTH_MESSAGES.missingCredentials);
export const signUpBodySchema = credentialsGiven.pipe(signUpSchema);
export const signInBodySchema = credentialsGiven.pipe(signInSchema);

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
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
