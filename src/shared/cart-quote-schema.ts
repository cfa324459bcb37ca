import { z } from 'zod';
import { createPaymentIntentSchema, orderLineSchema } from './checkout-schema';

/** POST /api/cart/quote: the cart as the checkout will price it, and a code as the buyer typed it. */
export const cartQuoteBodySchema = createPaymentIntentSchema.pick({ items: true, code: true });
export type CartQuoteBody = z.infer<typeof cartQuoteBodySchema>;

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
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;
