import type { z } from 'zod';
import type {
  createPaymentIntentSchema,
  OrderSummary,
  PaymentIntentAnswer,
  PaymentsConfigAnswer,
  TestCardConfirm,
  testConfirmAnswerSchema,
} from '#shared/checkout-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

/** The payment request as the checkout sends it: the schema's input, before the server trims and checks it. */
export type PaymentIntentRequest = z.input<typeof createPaymentIntentSchema>;

/**
 * A cart line as the checkout sends it. Title and price, optional on the wire, are always there: the summary shows
 * them until the server's prices arrive. The server prices the line again by id.
 */
export type PaymentRequestItem = Required<PaymentIntentRequest['items'][number]>;

/** The built-in test provider's answer to a confirmation or an authentication, shaped like Stripe's intent. */
export type TestConfirmAnswer = z.infer<typeof testConfirmAnswerSchema>;

export const checkoutApi = {
  paymentsConfig: (signal?: AbortSignal) => fetchJson<PaymentsConfigAnswer>('/api/payments/config', { signal }),
  createPaymentIntent: (body: PaymentIntentRequest) =>
    postJson<PaymentIntentAnswer>('/api/create-payment-intent', body),
  confirmTestCard: (body: TestCardConfirm) => postJson<TestConfirmAnswer>('/api/payments/test/confirm', body),
  authenticateTestCard: (clientSecret: string, approve: boolean) =>
    postJson<TestConfirmAnswer>('/api/payments/test/authenticate', { clientSecret, approve }),
  confirmOrder: (paymentIntentId: string) => postJson<OrderSummary>('/api/orders/confirm', { paymentIntentId }),
};
