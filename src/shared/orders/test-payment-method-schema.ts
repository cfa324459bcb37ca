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
