import type { OrderSummary, PaymentIntentAnswer, PaymentsBrowserConfig } from '../../../../shared/checkout';
import type { z } from 'zod';
import type { TestCardConfirm, testConfirmAnswerSchema } from '../../../../shared/checkout-schema';
import { fetchJson, postJson } from '../../../lib/api-client';

/** A cart line as the checkout sends it; the server prices it again by id. */
export interface PaymentRequestItem {
  id: number;
  title: string;
  price: number;
  quantity: number;
}

export interface PaymentIntentRequest {
  items: PaymentRequestItem[];
  email: string;
  firstName?: string;
  lastName?: string;
}

/** The built-in test provider's answer to a confirmation or an authentication, shaped like Stripe's intent. */
export type TestConfirmAnswer = z.infer<typeof testConfirmAnswerSchema>;

export const checkoutApi = {
  paymentsConfig: (signal?: AbortSignal) => fetchJson<PaymentsBrowserConfig>('/api/payments/config', { signal }),
  createPaymentIntent: (body: PaymentIntentRequest) => postJson<PaymentIntentAnswer>('/api/create-payment-intent', body),
  confirmTestCard: (body: TestCardConfirm) => postJson<TestConfirmAnswer>('/api/payments/test/confirm', body),
  authenticateTestCard: (clientSecret: string, approve: boolean) =>
    postJson<TestConfirmAnswer>('/api/payments/test/authenticate', { clientSecret, approve }),
  confirmOrder: (paymentIntentId: string) => postJson<OrderSummary>('/api/orders/confirm', { paymentIntentId }),
};
