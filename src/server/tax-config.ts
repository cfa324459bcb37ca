import { z } from 'zod';
import {
  EU_COUNTRIES,
  STORE_CURRENCIES,
  TAX_REGISTRATIONS,
  type StoreCurrency,
  type TaxRegistration,
} from '../shared/taxes/taxes';

// The store's tax and invoice settings (docs/taxes.md): where the seller collects tax, in which currency prices are
// entered and charged, whether they include the tax, and what invoices print. Read with the rest of the environment
// (config.ts), so a wrong combination stops the server at start with the other wrong settings.

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const documentPrefix = z
  .string()
  .max(20)
  .regex(/^[A-Za-z0-9/_.-]*$/, 'may hold letters, digits and - / _ . only');

export const taxConfigFields = {
  SELLER_NAME: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS: z.string().trim().min(1).max(500).optional(),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166), such as DE or GB')
    .transform((c) => c.toUpperCase())
    .optional(),
  SELLER_TAX_ID: z.string().trim().min(1).max(40).optional(),
  TAX_REGISTRATIONS: z
    .string()
    .default('')
    .transform((list) => [
      ...new Set(
        list
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(TAX_REGISTRATIONS, { error: `each must be one of ${TAX_REGISTRATIONS.join(', ')}` }))),
  STORE_CURRENCY: z
    .string()
    .transform((c) => c.toLowerCase())
    .pipe(z.enum(STORE_CURRENCIES, { error: `must be one of ${STORE_CURRENCIES.join(', ')}` }))
    .default('usd'),
  PRICES_INCLUDE_TAX: booleanFromEnv.default(false),
  INVOICE_PREFIX: documentPrefix.default('INV-'),
  CREDIT_NOTE_PREFIX: documentPrefix.default('CN-'),
  INVOICE_FIRST_NUMBER: z.coerce.number().int().min(1).max(1_000_000_000).default(1),
  VIES_URL: z.url().optional(),
  STRIPE_TAX: booleanFromEnv.default(false),
};

type TaxEnv = z.output<z.ZodObject<typeof taxConfigFields>>;

/**
 * The EU's VIES REST API (vies-client.ts posts to `{base}/check-vat-number`). A live shop asks it when VIES_URL is
 * unset: believing a well-formed EU number would drop VAT on made-up ones, and the seller would owe it.
 */
export const EU_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

/** The combinations that cannot work, each named by its variable. */
export function checkTaxCombination(c: TaxEnv, paymentsProvider: 'test' | 'stripe', ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const registrations = new Set(c.TAX_REGISTRATIONS);
  if (registrations.has('eu') && registrations.has('eu-home'))
    issue('TAX_REGISTRATIONS', 'cannot hold both eu and eu-home: one way of charging EU consumers');
  if (registrations.has('eu-home') && !(c.SELLER_COUNTRY && EU_COUNTRIES.has(c.SELLER_COUNTRY)))
    issue('SELLER_COUNTRY', 'must be an EU country with eu-home: EU consumers then pay its rate');
  if (registrations.size > 0) {
    // An invoice must name who sold: these are printed on every one.
    for (const name of ['SELLER_NAME', 'SELLER_ADDRESS', 'SELLER_COUNTRY', 'SELLER_TAX_ID'] as const)
      if (!c[name]) issue(name, 'is required when TAX_REGISTRATIONS is set: invoices print it');
  }
  if (c.STRIPE_TAX && paymentsProvider !== 'stripe')
    issue('STRIPE_TAX', 'needs Stripe as the payments provider (STRIPE_SECRET_KEY): Stripe Tax is part of it');
}

export interface TaxConfig {
  /** Empty: no tax is charged. */
  registrations: ReadonlySet<TaxRegistration>;
  seller: { name: string | null; address: string | null; country: string | null; taxId: string | null };
  /** Prices are entered, shown and charged in it. */
  currency: StoreCurrency;
  /** true: every buyer pays the shown price; false: tax is added at checkout. */
  pricesIncludeTax: boolean;
  invoicePrefix: string;
  creditNotePrefix: string;
  /** The number of the store's first invoice; read only before any invoice exists. */
  invoiceFirstNumber: number;
  /**
   * The EU's VAT-number check (VIES REST API): VIES_URL, or EU_VIES_URL in production. Undefined (outside
   * production, VIES_URL unset): a well-formed EU number is believed.
   */
  viesUrl: string | undefined;
  /** Stripe Tax decides the tax instead of the built-in rate table. */
  stripeTax: boolean;
}

export function toTaxConfig(c: TaxEnv, nodeEnv: 'development' | 'production' | 'test'): TaxConfig {
  const viesUrl = c.VIES_URL ?? (nodeEnv === 'production' ? EU_VIES_URL : undefined);
  return {
    registrations: new Set(c.TAX_REGISTRATIONS),
    seller: {
      name: c.SELLER_NAME ?? null,
      address: c.SELLER_ADDRESS ?? null,
      country: c.SELLER_COUNTRY ?? null,
      taxId: c.SELLER_TAX_ID ?? null,
    },
    currency: c.STORE_CURRENCY,
    pricesIncludeTax: c.PRICES_INCLUDE_TAX,
    invoicePrefix: c.INVOICE_PREFIX,
    creditNotePrefix: c.CREDIT_NOTE_PREFIX,
    invoiceFirstNumber: c.INVOICE_FIRST_NUMBER,
    viesUrl: viesUrl?.replace(/\/+$/, ''),
    stripeTax: c.STRIPE_TAX,
  };
}
