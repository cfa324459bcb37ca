import { z } from 'zod';
import { withoutNul } from '../store/plain-text-schema';
import type { TaxDocumentContent } from './tax-document';

// The answers about invoices and credit notes: GET /api/tax-documents/:number (the document as issued) and the
// documents an order lists. The content's type is tax-document.ts's (the shape stored with each document); the
// check at the end makes this schema and that type one and the same.

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;

export const taxDocumentParamsSchema = z.object({
  number: withoutNul(z.string().min(1).max(60), 'The document number'),
});

const taxDocumentLineSchema = z.object({
  title: z.string(),
  artist: z.string(),
  licence: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  netCents: z.number().int(),
  rateBp: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  setId: z.number().int().optional(),
  setTitle: z.string().optional(),
});

const taxDocumentRateSchema = z.object({
  country: z.string(),
  treatment: z.enum(['vat', 'reverse-charge', 'outside']),
  rateBp: z.number().int(),
  netCents: z.number().int(),
  taxCents: z.number().int(),
});

export const taxDocumentContentSchema = z.object({
  kind: z.enum(TAX_DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: z.string(),
  currency: z.string(),
  invoice: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
  seller: z.object({
    name: z.string(),
    address: z.string().nullable(),
    country: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    country: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  order: z.object({ number: z.string(), paidAt: z.string().nullable(), paidWith: z.string().nullable().optional() }),
  lines: z.array(taxDocumentLineSchema),
  rates: z.array(taxDocumentRateSchema),
  totals: z.object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    netCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  pricesIncludeTax: z.boolean(),
  notes: z.array(z.string()),
  placeOfSupply: z.object({
    country: z.string().nullable(),
    billingCountry: z.string().nullable(),
    cardCountry: z.string().nullable(),
    confirmedByBuyer: z.boolean(),
    scheme: z.string().nullable(),
    vatNumberCheckedBy: z.string().nullable(),
  }),
});

/** One of an order's documents, as its order history and the owner's order page link it. */
export const taxDocumentRefSchema = z.object({
  kind: z.enum(TAX_DOCUMENT_KINDS),
  /** With its prefix: 'INV-000042'. */
  number: z.string(),
  issuedAt: z.string(),
});
export type TaxDocumentRef = z.infer<typeof taxDocumentRefSchema>;

// The schema answers exactly the stored shape: a field added to one and not the other does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CONTENT_SCHEMA_MATCHES: Same<z.infer<typeof taxDocumentContentSchema>, TaxDocumentContent> = true;
