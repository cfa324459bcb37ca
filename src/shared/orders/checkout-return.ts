// The checkout's return page: where a redirect method's bank (or the test provider's test bank) sends the buyer back,
// with the intent's id and how it went, as Stripe does (payment_intent, redirect_status). No zod: the browser loads it.

export const CHECKOUT_RETURN_PATH = '/checkout/return';

export const RETURN_MESSAGES = {
  checking: 'Checking your payment with your bank...',
  failed: 'Your payment did not go through, and nothing was charged. Choose how to pay and try again.',
  unknown: 'We could not find this payment. Please start the checkout again.',
} as const;
