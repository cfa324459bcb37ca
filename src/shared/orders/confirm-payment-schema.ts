import { z } from 'zod';
import {
  confirmOrderSchema,
  countryCodeSchema,
  orderSummarySchema,
  paymentMethodEvidenceAnswerSchema,
} from './checkout-schema';
import { withoutNul } from '../store/plain-text-schema';

/**
 * POST /api/checkout/confirm-payment: what the payment form collected (Stripe's ConfirmationToken, made by the
 * Payment Element; the test provider's payment method), for the server to tax the order by and confirm the intent
 * with, and a guest's address (as for confirming an order). `country` is the buyer's answer when the billing address and the card name different countries.
 */
export const confirmPaymentSchema = confirmOrderSchema.extend({
  confirmationId: withoutNul(z.string().min(3).max(255), 'The payment details'),
  country: countryCodeSchema.optional(),
});

/**
 * How the confirmation went: `paid` (the order, confirmed), `processing` (it settles later: the order waits for the
 * provider's word), `action` (the buyer finishes at `redirectUrl`, a bank's page, or on this page when it is null:
 * a card's authentication step), `failed` (`message` says why; the buyer may pay again), `total_changed` (the VAT
 * moved with the method's country: nothing was charged, the buyer sees the new total and pays again).
 */
export const confirmPaymentAnswerSchema = z.object({
  outcome: z.enum(['paid', 'processing', 'action', 'failed', 'total_changed']),
  payment: paymentMethodEvidenceAnswerSchema,
  redirectUrl: z.string().nullable(),
  message: z.string().nullable(),
  order: orderSummarySchema.nullable(),
});
export type ConfirmPaymentAnswer = z.infer<typeof confirmPaymentAnswerSchema>;
