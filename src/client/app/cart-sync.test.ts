import { describe, expect, it } from 'vitest';
import { normalizeArtwork } from '#shared/catalogue/artwork.ts';
import type { SavedCart } from '#shared/cart/saved-cart-schema.ts';
import { browserCartOf, savedLinesOf } from './cart-sync';

// The server's copy of the cart and the browser's hold the same lines: read one way and written back, nothing
// changes (the amount of a pay-what-you-want line in cents, the licence, the quantity).

const artwork = (id: number, extra: object = {}) =>
  normalizeArtwork({
    id,
    title: `Art ${id}`,
    artist: 'A',
    price: 10,
    licences: { personal: 10, commercial: 40 },
    ...extra,
  });

const saved: SavedCart = {
  lines: [
    { artwork: artwork(1), licence: 'commercial', quantity: 3, amountCents: null },
    {
      artwork: artwork(2, {
        licences: { personal: 6, commercial: null },
        payWhatYouWant: { minimum: 2, suggested: 6 },
      }),
      licence: 'personal',
      quantity: 1,
      amountCents: 725,
    },
  ],
  sets: [],
  favorites: [],
};

describe('the cart as the server and the browser hold it', () => {
  it('reads the server’s lines into the browser’s cart at their licence’s price and chosen amount', () => {
    const { items } = browserCartOf(saved);
    expect(items.map((item) => [item.artwork.id, item.licence, item.quantity, item.artwork.price])).toEqual([
      [1, 'commercial', 3, 40],
      [2, 'personal', 1, 7.25],
    ]);
  });

  it('writes them back as they were', () => {
    const { items, sets } = browserCartOf(saved);
    expect(savedLinesOf(items, sets)).toEqual([
      { kind: 'artwork', id: 1, licence: 'commercial', quantity: 3, amountCents: null },
      { kind: 'artwork', id: 2, licence: 'personal', quantity: 1, amountCents: 725 },
    ]);
  });
});
