import { z } from 'zod';
import { CONSENT_KINDS } from '../mailing/consent-kinds';
import { withoutNul } from '../store/plain-text-schema';
import { emailSchema } from '../accounts/auth-schema';
import { licenceTierSchema } from '../licences/licence-schema';
import { taxDocumentRefSchema } from '../taxes/tax-document-schema';
import { setCartItemSchema } from '../sets/set-schema';
import { upgradeCartItemSchema } from '../licences/upgrade-schema';
import { CHECKOUT_MESSAGES, INTENT_STATUSES, MAX_LINE_QUANTITY, MAX_ORDER_LINES, ORDER_STATUSES } from './checkout';

/**
 * The body of POST /api/create-payment-intent. Title and price are the browser's copy and are ignored: the server
 * prices from the database.
 */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country.');

/** The tax line (tax-summary.ts); null where the store charges no tax. */
export const taxSummarySchema = z
  .object({
    amount: z.number().int(),
    label: z.string(),
    included: z.boolean(),
    country: z.string().nullable(),
    treatment: z.enum(['vat', 'reverse-charge', 'outside']).nullable(),
    notice: z.string().nullable(),
  })
  .nullable();

export const createPaymentIntentSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.number().int().positive().max(2_147_483_647),
        title: z.string().optional(),
        price: z.number().optional(),
        quantity: z
          .number()
          .int()
          .min(1, CHECKOUT_MESSAGES.quantityRange)
          .max(MAX_LINE_QUANTITY, CHECKOUT_MESSAGES.quantityRange),
        /** Carts stored before licence tiers had none: they were personal. */
        licence: licenceTierSchema.default('personal'),
        /**
         * A pay-what-you-want artwork's amount as the buyer chose it, in cents; the server checks it against the
         * artwork's minimum and the provider's smallest charge. Ignored for an artwork with fixed prices.
         */
        amount: z
          .number({ error: 'The amount must be a number of cents.' })
          .int('The amount must be a whole number of cents.')
          .min(0, 'The amount cannot be negative.')
          .max(Number.MAX_SAFE_INTEGER, 'The amount is too large.')
          .optional(),
      }),
    )
    .max(MAX_ORDER_LINES)
    // A cart of sets alone has no artwork items: the server refuses a cart with neither (cart-lines.ts).
    .default([]),
  /** Sets bought whole (decision 0067): each one line, split by the server into its pieces' lines. */
  sets: z.array(setCartItemSchema).max(MAX_ORDER_LINES).default([]),
  /** Personal lines of the buyer's library upgraded to Commercial (decision 0068), each one line at the difference. */
  upgrades: z.array(upgradeCartItemSchema).max(MAX_ORDER_LINES).default([]),
  email: emailSchema,
  /** A discount code as the buyer typed it; the server decides what it is worth. */
  code: withoutNul(z.string().trim().max(64, 'The discount code is too long.'), 'The discount code').optional(),
  firstName: withoutNul(z.string().trim().max(100), 'The first name').optional(),
  lastName: withoutNul(z.string().trim().max(100), 'The last name').optional(),
  /** The billing address's country (ISO 3166 two letters): where VAT is charged until the card says otherwise. */
  country: countryCodeSchema.optional(),
  /** A business buyer's VAT number, as typed; blank is none. */
  vatNumber: withoutNul(z.string().trim().max(40, 'The VAT number is too long.'), 'The VAT number').optional(),
  /** The mailing list's boxes ticked at checkout (none by default); each is confirmed by e-mail first. */
  listConsents: z.array(z.enum(CONSENT_KINDS)).max(CONSENT_KINDS.length).optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentSchema>;

/**
 * An order's line as charged, in cents: `listUnitAmount` before an automatic sale, `unitAmount` after it, the line's
 * share of the order's discount, and `amount` = unitAmount × quantity − discount.
 */
export const orderLineSchema = z.object({
  artworkId: z.number().int(),
  /** The set the line is a piece of, bought whole; null or absent: the artwork bought on its own. */
  setId: z.number().int().nullable().optional(),
  /** The Personal line this Commercial line upgrades (decision 0068); absent for any other line. */
  upgradeOfItemId: z.number().int().nullable().optional(),
  /** That set's title when the line was sold (absent for lines sold before titles were kept). */
  setTitle: z.string().optional(),
  title: z.string(),
  artist: z.string(),
  listUnitAmount: z.number().int(),
  unitAmount: z.number().int(),
  quantity: z.number().int(),
  discount: z.number().int(),
  amount: z.number().int(),
  licence: licenceTierSchema,
  /** The version of the licence's terms it was sold under; null for lines sold before terms had versions. */
  licenceTermsVersion: z.number().int().nullable(),
  /** The line's licence certificate, once the order is paid (`/licences/<number>`). */
  certificateNumber: z.string().nullable(),
  /** The owner refunded this line alone (decision 0071): its downloads and certificate ended. Absent: not. */
  refunded: z.boolean().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The answer to POST /api/create-payment-intent: what will be charged, priced by the server. */
export const paymentIntentAnswerSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  orderNumber: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  discountLabel: z.string().nullable(),
  tax: taxSummarySchema,
  items: z.array(orderLineSchema),
});
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

export const orderSummarySchema = z.object({
  orderNumber: z.string(),
  paymentIntentId: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  customerEmail: z.string(),
  /** The lines at their (sale) prices; amount = subtotal − discount, plus the tax when it was added. */
  subtotal: z.number().int(),
  discount: z.number().int(),
  discountLabel: z.string().nullable(),
  amount: z.number().int(),
  /** What the order was charged in ('usd'): its amounts read in it, whatever the store's currency is today. */
  currency: z.string(),
  tax: taxSummarySchema,
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** How it is paid, in words ("Apple Pay (Visa ••4242)", "iDEAL (ING)"); null before a method was chosen. */
  paymentMethod: z.string().nullable(),
  /** The payment is under way and settles later (a bank debit, a finished redirect): not paid yet, not failed. */
  paymentProcessing: z.boolean(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  items: z.array(orderLineSchema),
  /** Its invoice and credit notes, oldest first (decision 0042). */
  documents: z.array(taxDocumentRefSchema),
  /** A guest's order, answered to the guest: its own library's signed link (decision 0058). */
  guestLink: z.string().optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListSchema = z.object({ orders: z.array(orderSummarySchema) });
export type OrderList = z.infer<typeof orderListSchema>;

/**
 * POST /api/checkout/payment-method: the payment method the card form made, before it is confirmed. The server reads
 * its card's country, taxes the order by it and sets the intent's amount; `country` is the buyer's answer when the
 * billing address and the card name different countries.
 */
export const paymentMethodEvidenceSchema = z.object({
  paymentIntentId: withoutNul(z.string().min(3).max(255), 'The payment id'),
  paymentMethodId: withoutNul(z.string().min(3).max(255), 'The payment method'),
  country: countryCodeSchema.optional(),
});
export const paymentMethodEvidenceAnswerSchema = paymentIntentAnswerSchema.extend({
  /** The total changed with the card's country: the buyer sees the new one and pays again. */
  changed: z.boolean(),
});
export type PaymentMethodEvidenceAnswer = z.infer<typeof paymentMethodEvidenceAnswerSchema>;

export const confirmOrderSchema = z.object({
  paymentIntentId: withoutNul(z.string().min(3).max(255), 'The payment id'),
  /** A guest's address, as given for the order: what makes the order theirs without an account. */
  email: emailSchema.optional(),
});
export const orderEmailParamsSchema = z.object({ email: withoutNul(z.string().max(254), 'The e-mail address') });

/** How the browser takes card details: the built-in test provider's own form, or Stripe Elements. */
/** 'card': cards only; 'automatic': wallets, Link and the local methods the seller turned on too. */
const paymentMethodsSchema = z.enum(['card', 'automatic']);

export const paymentsBrowserConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('test'), methods: paymentMethodsSchema }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string(), methods: paymentMethodsSchema }),
]);
export type PaymentsBrowserConfig = z.infer<typeof paymentsBrowserConfigSchema>;

/**
 * GET /api/payments/config: the provider, and the demo's discount code while the demo was seeded with it and it can
 * be used (the test-mode note suggests it), else null.
 */
export const paymentsConfigAnswerSchema = paymentsBrowserConfigSchema.and(
  z.object({
    demoCode: z.object({ code: z.string(), off: z.string() }).nullable(),
    /** Whether the store charges VAT (the checkout then asks business buyers for a VAT number). */
    taxes: z.object({ charged: z.boolean(), pricesIncludeTax: z.boolean() }),
  }),
);
export type PaymentsConfigAnswer = z.infer<typeof paymentsConfigAnswerSchema>;

/** The built-in test provider's card form (its details go to our server's test provider, never anywhere else). */
export const testCardConfirmSchema = z.object({
  clientSecret: withoutNul(z.string().min(10).max(300), 'The client secret'),
  card: z.object({
    number: z.string().max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(4),
    name: z.string().trim().max(200).optional(),
  }),
  billing: z.object({
    line1: z.string().trim().max(200).optional(),
    city: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().max(20),
    country: z.string().trim().length(2),
    email: z.string().max(254).optional(),
  }),
});
export type TestCardConfirm = z.infer<typeof testCardConfirmSchema>;
export const testAuthenticateSchema = z.object({
  clientSecret: withoutNul(z.string().min(10).max(300), 'The client secret'),
  approve: z.boolean(),
});

/** What a confirmation of the test provider answers: Stripe's intent status and, on failure, its error. */
export const testConfirmAnswerSchema = z.object({
  status: z.enum(INTENT_STATUSES),
  paymentIntentId: z.string(),
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }).optional(),
});
