import type { z } from 'zod';
import type {
  createPaymentIntentSchema,
  OrderSummary,
  PaymentIntentAnswer,
  PaymentMethodEvidenceAnswer,
  PaymentsConfigAnswer,
  TestCardConfirm,
  testConfirmAnswerSchema,
} from '#shared/orders/checkout-schema.ts';
import type { ConfirmPaymentAnswer } from '#shared/orders/confirm-payment-schema.ts';
import type {
  TestOtherMethodBody,
  TestPaymentMethodAnswer,
  TestPaymentMethodBody,
} from '#shared/orders/test-payment-method-schema.ts';
import { fetchJson, postJson } from '#client/lib/api-client.ts';

/** The payment request as the checkout sends it: the schema's input, before the server trims and checks it. */
export type PaymentIntentRequest = z.input<typeof createPaymentIntentSchema>;

type WireItem = NonNullable<PaymentIntentRequest['items']>[number];
/**
 * A cart line as the checkout sends it. Title and price, optional on the wire, are always there: the summary shows
 * them until the server's prices arrive. The server prices the line again by id; `amount` only on a
 * pay-what-you-want line, the buyer's chosen amount in cents, which the server checks.
 */
export type PaymentRequestItem = Required<Omit<WireItem, 'amount'>> & Pick<WireItem, 'amount'>;

/** The built-in test provider's answer to a confirmation or an authentication, shaped like Stripe's intent. */
export type TestConfirmAnswer = z.infer<typeof testConfirmAnswerSchema>;

export const checkoutApi = {
  paymentsConfig: (signal?: AbortSignal) => fetchJson<PaymentsConfigAnswer>('/api/payments/config', { signal }),
  createPaymentIntent: (body: PaymentIntentRequest) =>
    postJson<PaymentIntentAnswer>('/api/create-payment-intent', body),
  /** The card's country taxes the order before it is paid (409 naming `country` when it and the billing disagree). */
  taxByPaymentMethod: (body: { paymentIntentId: string; paymentMethodId: string; country?: string }) =>
    postJson<PaymentMethodEvidenceAnswer>('/api/checkout/payment-method', body),
  /** The server taxes the order by what the form collected and confirms the payment with it. */
  confirmPayment: (body: { paymentIntentId: string; confirmationId: string; country?: string; email: string }) =>
    postJson<ConfirmPaymentAnswer>('/api/checkout/confirm-payment', body),
  createTestOtherMethod: (body: TestOtherMethodBody) =>
    postJson<{ id: string }>('/api/payments/test/other-methods', body),
  confirmTestCard: (body: TestCardConfirm) => postJson<TestConfirmAnswer>('/api/payments/test/confirm', body),
  createTestPaymentMethod: (body: TestPaymentMethodBody) =>
    postJson<TestPaymentMethodAnswer>('/api/payments/test/payment-methods', body),
  confirmTestPaymentMethod: (clientSecret: string, paymentMethodId: string) =>
    postJson<TestConfirmAnswer>('/api/payments/test/confirm-method', { clientSecret, paymentMethodId }),
  authenticateTestCard: (clientSecret: string, approve: boolean) =>
    postJson<TestConfirmAnswer>('/api/payments/test/authenticate', { clientSecret, approve }),
  /** `email`: what makes a guest's order theirs (an account's is known by its session). */
  confirmOrder: (paymentIntentId: string, email?: string) =>
    postJson<OrderSummary>('/api/orders/confirm', { paymentIntentId, ...(email ? { email } : {}) }),
  /** A cart the server prices at $0.00, completed without a card (400 naming `items` when it is not free). */
  completeFreeOrder: (body: PaymentIntentRequest) => postJson<OrderSummary>('/api/orders/free', body),
};
