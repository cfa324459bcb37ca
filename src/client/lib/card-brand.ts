// Payment providers name card brands in lower case ('visa', 'amex'); screens show them as the brands write them.
const BRAND_NAMES: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** 'Visa ending in 4242', or null when the provider told nothing about the card. */
export function cardSummary(brand: string | null, last4: string | null): string | null {
  if (!brand || !last4) return null;
  const name = BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
  return `${name} ending in ${last4}`;
}

/**
 * How an order was paid, for its screens: a plain card as its summary ('Visa ending in 4242'); a wallet, Link or a
 * local method by the label the server recorded ('Apple Pay (Visa ••4242)', 'iDEAL (ING)').
 */
export function paidWithText(order: {
  paymentMethod: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}): string | null {
  const card = cardSummary(order.cardBrand, order.cardLast4);
  const plainCard = card !== null && order.paymentMethod !== null && !order.paymentMethod.includes('(');
  return plainCard || !order.paymentMethod ? card : order.paymentMethod;
}
