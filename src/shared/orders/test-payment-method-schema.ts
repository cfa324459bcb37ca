import { z } from 'zod';
import { testCardConfirmSchema, testConfirmAnswerSchema } from './checkout-schema';
import { withoutNul } from '../store/plain-text-schema';

// The built-in test provider's payment methods, as Stripe.js's createPaymentMethod: the card form makes one, the
// checkout has the server tax the order by its card's country, then confirms with it.

/** POST /api/payments/test/payment-methods: the card and the billing address, as the confirmation took them. */
export const testPaymentMethodSchema = testCardConfirmSchema.omit({ clientSecret: true });
export type TestPaymentMethodBody = z.infer<typeof testPaymentMethodSchema>;

const cardErrorSchema = testConfirmAnswerSchema.shape.error.unwrap();

export const testPaymentMethodAnswerSchema = z.union([
  z.object({
    id: z.string(),
    card: z.object({ brand: z.string(), last4: z.string(), country: z.string() }),
  }),
  /** What was typed is wrong (a bad number, a past expiry…): nothing was made. */
  z.object({ error: cardErrorSchema }),
]);
export type TestPaymentMethodAnswer = z.infer<typeof testPaymentMethodAnswerSchema>;

/** POST /api/payments/test/confirm-method: confirm an intent with a payment method made before. */
export const testMethodConfirmSchema = z.object({
  clientSecret: withoutNul(z.string().min(10).max(300), 'The client secret'),
  paymentMethodId: withoutNul(z.string().min(3).max(255), 'The payment method'),
});

/**
 * POST /api/payments/test/other-methods: the test wallet (a card the device holds, as Apple Pay or Google Pay) or
 * the test redirect method (a bank whose page approves or declines), with the billing country. Only while the store
 * offers every method (PAYMENT_METHODS=automatic).
 */
export const testOtherMethodSchema = z.object({
  kind: z.enum(['test_wallet', 'test_redirect']),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Choose a country.')
    .transform((code) => code.toUpperCase()),
});
export type TestOtherMethodBody = z.input<typeof testOtherMethodSchema>;
export const testOtherMethodAnswerSchema = z.object({ id: z.string() });

/** POST /api/payments/test/bank: the test bank's page, answered by the buyer. */
export const testBankDecisionSchema = z.object({
  paymentIntentId: withoutNul(z.string().min(3).max(255), 'The payment id'),
  decision: z.enum(['approve', 'decline', 'leave']),
});
