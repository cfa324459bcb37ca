import { CARD_COUNTRIES } from '../src/server/providers/payments/test-cards';

// What a store that charges VAT is given, and what its buyers pay with: for the tests and the cluster's instances.

/** The seller every invoice names: a company in Ireland, as the Stripe protocol server's account is by default. */
export const IRISH_SELLER: Readonly<Record<string, string>> = {
  SELLER_NAME: 'Atelier Test Ltd',
  SELLER_ADDRESS: '1 Test Street, Dublin',
  SELLER_COUNTRY: 'IE',
  SELLER_TAX_ID: 'IE6388047V',
};

/** Stripe's international test card issued in `country` (4000002760000016 for Germany): its payments go through. */
export function testCardIssuedIn(country: string): string {
  const number = Object.keys(CARD_COUNTRIES).find((candidate) => CARD_COUNTRIES[candidate] === country);
  if (!number) throw new Error(`Stripe has no international test card for ${country}`);
  return number;
}
