import { z } from 'zod';
import { emailSchema } from '../accounts/auth-schema';
import { withoutNul } from '../store/plain-text-schema';
import { CONSENT_KINDS, CONSENT_SOURCES } from './consent-kinds';
import { MAILING_LIST_MESSAGES } from './mailing-list';

export const consentKindSchema = z.enum(CONSENT_KINDS);
/** The boxes ticked: each kind at most once. */
export const consentKindsSchema = z
  .array(consentKindSchema)
  .max(CONSENT_KINDS.length)
  .transform((kinds) => [...new Set(kinds)]);

/** The footer's form: anyone, no account needed. */
export const subscribeBodySchema = z.object({
  email: emailSchema,
  kinds: consentKindsSchema.refine((kinds) => kinds.length > 0, MAILING_LIST_MESSAGES.nothingAsked),
});
export type SubscribeBody = z.infer<typeof subscribeBodySchema>;

export const confirmConsentBodySchema = z.object({ token: z.string().min(16).max(200) });
export const confirmConsentAnswerSchema = z.object({ message: z.string(), kinds: z.array(consentKindSchema) });
export type ConfirmConsentAnswer = z.infer<typeof confirmConsentAnswerSchema>;

export const unsubscribeQuerySchema = z.object({
  email: emailSchema,
  kind: consentKindSchema,
  token: z.string().min(16).max(200),
});
/** RFC 8058's form body, `List-Unsubscribe=One-Click`. */
export const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

export const consentStatusSchema = z.enum(['pending', 'confirmed', 'withdrawn']);

export const subscriberListQuerySchema = z.object({
  kind: consentKindSchema.optional(),
  status: consentStatusSchema.optional(),
});

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  kind: consentKindSchema,
  status: consentStatusSchema,
  source: z.enum(CONSENT_SOURCES),
  consentedAt: z.string(),
  confirmedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  suppressed: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListSchema = z.object({
  subscribers: z.array(subscriberSchema),
  /** Per kind and status, over the whole list (not only the filtered rows). */
  counts: z.array(z.object({ kind: consentKindSchema, status: consentStatusSchema, count: z.number().int() })),
  /** Only the first rows are listed; the export has them all. */
  truncated: z.boolean(),
});
export type SubscriberList = z.infer<typeof subscriberListSchema>;

/** An import is a CSV file's text (at most about a megabyte, some ten thousand rows). */
export const importBodySchema = z.object({
  csv: withoutNul(z.string().min(1, 'The CSV file is empty.').max(1_000_000, 'The CSV file is too large.'), 'The CSV'),
});
export const importAnswerSchema = z.object({
  imported: z.number().int(),
  /** Rows not imported, by their line in the file, with the reason. */
  rejected: z.array(z.object({ line: z.number().int(), email: z.string(), reason: z.string() })),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
