import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import { emailSchema, newPasswordSchema } from './auth-schema';

// Sign-in's rule for a password being checked (not the sign-up lengths): an older password may predate them.
const currentPasswordSchema = z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH);

export const changeEmailBodySchema = z.object({ newEmail: emailSchema, password: currentPasswordSchema });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const deleteAccountBodySchema = z.object({ password: currentPasswordSchema });
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const accountSchema = z.object({
  email: z.string(),
  role: z.enum(['customer', 'admin']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** The address a change is waiting on (its link not followed yet), or null. */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const signedOutOthersSchema = z.object({ message: z.string(), ended: z.number().int() });
export type SignedOutOthers = z.infer<typeof signedOutOthersSchema>;

export const exportFormatParamsSchema = z.object({ format: z.enum(['json', 'csv']) });
