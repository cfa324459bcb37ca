import { describe, expect, it } from 'vitest';
import { licencePriceCents, licencesNotOffered } from './licence-price';

type Priced = Parameters<typeof licencePriceCents>[0];

const both: Priced = { title: 'Both', offers_personal: 1, price_cents: 900, commercial_price_cents: 4500 };
const personalOnly: Priced = { title: 'Home', offers_personal: 1, price_cents: 700, commercial_price_cents: null };
const commercialOnly: Priced = { title: 'Studio', offers_personal: 0, price_cents: 700, commercial_price_cents: 3000 };

describe('a licence’s price', () => {
  it('is the personal price or the commercial price, null when the tier is not offered', () => {
    expect(licencePriceCents(both, 'personal')).toBe(900);
    expect(licencePriceCents(both, 'commercial')).toBe(4500);
    expect(licencePriceCents(personalOnly, 'commercial')).toBeNull();
    expect(licencePriceCents(commercialOnly, 'personal')).toBeNull();
  });

  it('names each cart line whose licence is not offered, by its place in the cart', () => {
    const artworks = new Map([
      [1, both],
      [2, personalOnly],
      [3, commercialOnly],
    ]);
    const refused = licencesNotOffered(
      [
        { id: 1, licence: 'commercial' },
        { id: 2, licence: 'commercial' },
        { id: 3, licence: 'personal' },
        { id: 99, licence: 'personal' },
      ],
      artworks,
    );
    expect(Object.keys(refused)).toEqual(['items.1.licence', 'items.2.licence']);
    expect(refused['items.2.licence']?.[0]).toContain('“Studio” is not sold with a personal licence');
  });
});
