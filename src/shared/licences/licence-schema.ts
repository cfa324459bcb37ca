import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import { LICENCE_TERMS_LIMITS, LICENCE_TIERS } from './licences';

/** Which licence a cart line or order line is for. */
export const licenceTierSchema = z.enum(LICENCE_TIERS, { error: "The licence must be 'personal' or 'commercial'" });

/** An artwork's licence prices in the store's currency, like `price`; null: that licence is not offered. */
export const licencePricesSchema = z.object({
  personal: z.number().nullable(),
  commercial: z.number().nullable(),
});

export const licenceTermsSchema = z.object({
  licence: licenceTierSchema,
  label: z.string(),
  version: z.number().int(),
  summary: z.string(),
  allowed: z.array(z.string()),
  notAllowed: z.array(z.string()),
  savedAt: z.string(),
});
export type LicenceTerms = z.infer<typeof licenceTermsSchema>;
/** GET /api/licence-terms: the current version of both tiers' terms, Personal first. */
export const licenceTermsListSchema = z.object({ terms: z.array(licenceTermsSchema) });
export type LicenceTermsList = z.infer<typeof licenceTermsListSchema>;

const termsLine = (label: string) =>
  withoutNul(
    z
      .string()
      .trim()
      .min(1, `${label} cannot be empty`)
      .max(LICENCE_TERMS_LIMITS.line, `${label} must be at most ${LICENCE_TERMS_LIMITS.line} characters`),
    label,
  );

/** The owner's save of one tier's terms: it becomes the next version. */
export const licenceTermsUpdateSchema = z.object({
  summary: termsLine('The summary').pipe(
    z
      .string()
      .max(LICENCE_TERMS_LIMITS.summary, `The summary must be at most ${LICENCE_TERMS_LIMITS.summary} characters`),
  ),
  allowed: z
    .array(termsLine('Each allowed use'))
    .min(1, 'List at least one allowed use')
    .max(LICENCE_TERMS_LIMITS.lines, `At most ${LICENCE_TERMS_LIMITS.lines} allowed uses`),
  notAllowed: z
    .array(termsLine('Each use not allowed'))
    .min(1, 'List at least one use that is not allowed')
    .max(LICENCE_TERMS_LIMITS.lines, `At most ${LICENCE_TERMS_LIMITS.lines} uses not allowed`),
});
export type LicenceTermsUpdate = z.infer<typeof licenceTermsUpdateSchema>;
export const licenceParamsSchema = z.object({ licence: licenceTierSchema });

export const certificateParamsSchema = z.object({
  certificateNumber: withoutNul(z.string().max(100), 'The certificate number'),
});

/**
 * The public verification of a certificate: what it certifies and nothing more about the buyer than the name
 * printed on it. `valid` is false once the order was refunded or disputed: the licence ended with it.
 */
export const licenceCertificateSchema = z.object({
  certificateNumber: z.string(),
  valid: z.boolean(),
  holderName: z.string(),
  artworkId: z.number().int(),
  artworkTitle: z.string(),
  artist: z.string(),
  licence: licenceTierSchema,
  licenceLabel: z.string(),
  termsVersion: z.number().int().nullable(),
  terms: licenceTermsSchema.nullable(),
  orderNumber: z.string(),
  purchasedAt: z.string(),
  /** Whether the signed-in visitor may download the PDF (the buyer, or the owner). */
  canDownload: z.boolean(),
});
export type LicenceCertificate = z.infer<typeof licenceCertificateSchema>;
