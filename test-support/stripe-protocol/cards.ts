// Stripe's test cards as the loopback account knows them: a card's brand, last4 and country, why a card is
// declined, and Stripe's test PaymentMethods (pm_card_visa, pm_card_de…).
import { CARD_COUNTRIES } from '../../src/server/providers/payments/test-cards';

export interface TestCard {
  brand: string;
  last4: string;
  /** Where it was issued: the United States unless told. */
  country?: string;
}

/** Why a card is declined, as Stripe reports it (code, decline_code, message); keyed by what failIntent takes. */
export const DECLINES = {
  card_declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  incorrect_cvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  processing_error: {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
} satisfies Record<string, { code: string; decline_code?: string; message: string }>;

export type DeclineReason = keyof typeof DECLINES;

export function isDeclineReason(code: string): code is DeclineReason {
  return code in DECLINES;
}

/**
 * Stripe's test PaymentMethods (docs.stripe.com/testing): the card they stand for and, for some, its decline; and one
 * per international test card, pm_card_<country> (pm_card_de, pm_card_fr, pm_card_gb…), issued in that country.
 */
export const TEST_PAYMENT_METHODS: Record<string, TestCard & { decline?: DeclineReason }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '0005' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', decline: 'card_declined' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', decline: 'insufficient_funds' },
  pm_card_visa_chargeDeclinedLostCard: { brand: 'visa', last4: '9987', decline: 'lost_card' },
  pm_card_visa_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', decline: 'expired_card' },
  pm_card_visa_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', decline: 'incorrect_cvc' },
  pm_card_visa_chargeDeclinedProcessingError: { brand: 'visa', last4: '0119', decline: 'processing_error' },
  pm_card_us: { brand: 'visa', last4: '4242', country: 'US' },
  ...Object.fromEntries(
    Object.entries(CARD_COUNTRIES).map(([number, country]) => [
      `pm_card_${country.toLowerCase()}`,
      { brand: 'visa', last4: number.slice(-4), country },
    ]),
  ),
};

export const VISA: TestCard = { brand: 'visa', last4: '4242' };
