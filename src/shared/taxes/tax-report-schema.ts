import { z } from 'zod';
import { STORE_CURRENCIES, TAX_REGISTRATIONS } from './taxes';
import { parseEurRate, quarterBounds, TAX_REPORT_MESSAGES as M } from './tax-report';

// The owner's tax API (/api/admin/tax/…): what it takes and what it answers. Amounts are integer cents, signed (a
// quarter's credit notes are negative); a euro rate travels as the decimal text the owner typed.

const quarter = z.string({ error: M.quarter }).refine((value) => quarterBounds(value) !== null, M.quarter);
const eurRate = z.string({ error: M.eurRate }).refine((value) => parseEurRate(value) !== null, M.eurRate);

export const taxQuarterParamsSchema = z.object({ quarter });

export const taxReportQuerySchema = z.object({ quarter, eurRate: eurRate.optional() });

export const eurRateWriteSchema = z.object({
  // A number is taken as well as its text: the owner's page sends the text, a script may send 1.0815.
  rate: z.union([eurRate, z.number({ error: M.eurRate }).transform(String).pipe(eurRate)], { error: M.eurRate }),
});

const documentSettings = z.object({ prefix: z.string(), nextNumber: z.number().int(), nextDisplay: z.string() });

export const taxSettingsSchema = z.object({
  seller: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    country: z.string().nullable(),
    taxId: z.string().nullable(),
  }),
  storeName: z.string(),
  registrations: z.array(z.enum(TAX_REGISTRATIONS)),
  currency: z.enum(STORE_CURRENCIES),
  pricesIncludeTax: z.boolean(),
  invoice: documentSettings,
  creditNote: documentSettings,
  viesConfigured: z.boolean(),
  stripeTax: z.boolean(),
  ratesDate: z.string(),
  /** The built-in table's rates the registrations charge, by country. */
  rates: z.array(z.object({ country: z.string(), scheme: z.string(), rateBp: z.number().int() })),
});
export type TaxSettingsView = z.infer<typeof taxSettingsSchema>;

const euros = z.number().int().nullable();

/** A row's figures, and the totals': signed sums in the store's currency, the documents, the same in euros. */
const figuresSchema = z.object({
  netCents: z.number().int(),
  taxCents: z.number().int(),
  invoices: z.number().int(),
  creditNotes: z.number().int(),
  /** In euro cents; null without a rate (or in a store that charges euros). */
  eurNetCents: euros,
  eurTaxCents: euros,
});
export type TaxReportFigures = z.infer<typeof figuresSchema>;

export const taxReportRowSchema = figuresSchema.extend({
  country: z.string(),
  countryName: z.string(),
  scheme: z.string().nullable(),
  treatment: z.enum(['vat', 'reverse-charge', 'outside']),
  rateBp: z.number().int(),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const taxReportSchema = z.object({
  quarter: z.string(),
  /** The first day and the last, UTC. */
  from: z.string(),
  to: z.string(),
  currency: z.enum(STORE_CURRENCIES),
  rows: z.array(taxReportRowSchema),
  totals: figuresSchema,
  /** The rate the euro figures use: the one asked for, else the one kept for the quarter; null: no euro figures. */
  eurRate: z.object({ rate: z.string(), source: z.enum(['given', 'stored']) }).nullable(),
  /** The rate kept for the quarter, to show again. */
  storedEurRate: z.string().nullable(),
  /** Documents of the quarter in another currency than the store's (issued before it changed): not in the rows. */
  otherCurrencies: z.array(z.object({ currency: z.string(), documents: z.number().int() })),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const eurRateSavedSchema = z.object({ quarter: z.string(), rate: z.string() });
export type EurRateSaved = z.infer<typeof eurRateSavedSchema>;
