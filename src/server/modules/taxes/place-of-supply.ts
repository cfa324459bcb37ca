// Where a consumer lives, for VAT: the EU asks a seller of digital services for two pieces of evidence that agree.
// The store has the billing address's country (typed by the buyer) and the card's issuing country (from the
// payment provider, once the card is known). When they disagree, the buyer says which is theirs, and both are
// recorded with the order.

export interface CountryEvidence {
  billingCountry: string | null;
  /** Unknown until the payment method is made. */
  cardCountry: string | null;
  /** The buyer's answer when the two disagreed: one of them. */
  confirmedCountry?: string | null;
}

export type PlaceOfSupply =
  | { status: 'known'; country: string; confirmedByBuyer: boolean }
  | { status: 'mismatch'; billingCountry: string; cardCountry: string }
  | { status: 'unknown' };

export function placeOfSupply({ billingCountry, cardCountry, confirmedCountry }: CountryEvidence): PlaceOfSupply {
  if (billingCountry && cardCountry && billingCountry !== cardCountry) {
    if (confirmedCountry === billingCountry || confirmedCountry === cardCountry)
      return { status: 'known', country: confirmedCountry, confirmedByBuyer: true };
    return { status: 'mismatch', billingCountry, cardCountry };
  }
  const country = billingCountry ?? cardCountry;
  return country ? { status: 'known', country, confirmedByBuyer: false } : { status: 'unknown' };
}
