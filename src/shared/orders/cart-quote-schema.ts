import { z } from 'zod';
import { licenceTierSchema } from '../licences/licence-schema';
import { createPaymentIntentSchema, orderLineSchema, taxSummarySchema } from './checkout-schema';

/**
 * POST /api/cart/quote: the cart as the checkout will price it, a code as the buyer typed it, and the billing country
 * and VAT number once the checkout knows them (the cart page, without them, shows no tax yet).
 */
export const cartQuoteBodySchema = createPaymentIntentSchema.pick({
  items: true,
  sets: true,
  upgrades: true,
  code: true,
  country: true,
  vatNumber: true,
});
export type CartQuoteBody = z.infer<typeof cartQuoteBodySchema>;
/** The body as a browser sends it: `items` and `sets` may be left out (the server's defaults are empty). */
export type CartQuoteRequest = z.input<typeof cartQuoteBodySchema>;

/**
 * "Add the other N and save $X": a set on sale of which the cart holds some pieces as artworks of their own under one
 * licence; `save` (cents) is what buying the set instead of those pieces and the missing ones one by one saves.
 */
export const setSuggestionSchema = z.object({
  setId: z.number().int(),
  title: z.string(),
  licence: licenceTierSchema,
  /** The cart's artworks that the set would replace. */
  inCart: z.array(z.number().int()),
  missing: z.number().int(),
  save: z.number().int(),
  /** The set as the cart's line shows it: its pieces, its price under the licence (cents), its cover. */
  pieces: z.number().int(),
  price: z.number().int(),
  coverUrl: z.string().nullable(),
});
export type SetSuggestion = z.infer<typeof setSuggestionSchema>;

/**
 * The cart priced by the server, in cents, as the order would be charged now: each line at its (sale) price with
 * its share of the discounts, the discounts by name, and what became of the code given.
 */
export const cartQuoteSchema = z.object({
  items: z.array(
    orderLineSchema.omit({ title: true, artist: true, licenceTermsVersion: true, certificateNumber: true }).extend({
      /** Under a sale: the lowest price of the 30 days before it, to strike through; null otherwise. */
      wasUnitAmount: z.number().int().nullable(),
    }),
  ),
  subtotal: z.number().int(),
  discounts: z.array(z.object({ label: z.string(), amount: z.number().int(), kind: z.enum(['code', 'quantity']) })),
  discount: z.number().int(),
  /** null where the store charges no tax; amount 0 and country null until the country is known. */
  tax: taxSummarySchema,
  /** What will be charged: with the tax, when it is added to the prices. */
  total: z.number().int(),
  code: z
    .object({
      /** As kept: upper-case. */
      code: z.string(),
      applied: z.boolean(),
      /** Why it does not apply, in one sentence; null when it does. */
      message: z.string().nullable(),
    })
    .nullable(),
  /** Sets the cart could be completed into (decision 0070), largest saving first. */
  suggestions: z.array(setSuggestionSchema),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;
