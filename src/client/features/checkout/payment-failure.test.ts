import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '#shared/orders/checkout.ts';
import { apiErrorFrom } from '../../lib/api-client';
import { paymentFailureText } from './payment-failure';

describe('the words for a failed payment step', () => {
  it("quotes the server's message and the lines it names", () => {
    const error = apiErrorFrom(400, 'Bad Request', {
      error: 'Invalid request',
      details: { 'items.1.id': [CHECKOUT_MESSAGES.unknownArtwork(99)] },
    });
    expect(paymentFailureText(error)).toBe(`Invalid request ${CHECKOUT_MESSAGES.unknownArtwork(99)}`);
  });

  it('does not repeat a detail that is the message itself', () => {
    const error = apiErrorFrom(400, 'Bad Request', {
      error: CHECKOUT_MESSAGES.emptyCart,
      details: { items: [CHECKOUT_MESSAGES.emptyCart] },
    });
    expect(paymentFailureText(error)).toBe(CHECKOUT_MESSAGES.emptyCart);
  });

  it("gives the status for an answer that is not JSON, and 'Payment failed' for anything else", () => {
    expect(paymentFailureText(apiErrorFrom(502, 'Bad Gateway', null))).toBe('Server error: 502 Bad Gateway');
    expect(paymentFailureText(new TypeError('Failed to fetch'))).toBe(CHECKOUT_MESSAGES.paymentFailed);
  });
});
