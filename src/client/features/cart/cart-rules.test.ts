import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartItemCount,
  cartItemsForServer,
  parseCart,
  removeFromCart,
  setCartAmount,
  setCartQuantity,
  underLicence,
  type CartArtwork,
} from './cart-rules';

const art = (id: number, price = 5.9): CartArtwork & { description: string } => ({
  id,
  title: `Art ${id}`,
  artist: 'A',
  category: 'nature',
  price,
  imageUrl: `/i/${id}.webp`,
  description: 'not kept in the cart',
});

describe('cart rules', () => {
  it('adds a new artwork as one line with quantity 1, keeping only the fields a cart line needs', () => {
    expect(addToCart([], art(1))).toEqual([
      {
        artwork: { id: 1, title: 'Art 1', artist: 'A', category: 'nature', price: 5.9, imageUrl: '/i/1.webp' },
        licence: 'personal',
        quantity: 1,
      },
    ]);
  });

  it('raises the quantity when the artwork is already in the cart', () => {
    const cart = addToCart(addToCart(addToCart([], art(1)), art(2)), art(1));
    expect(cart.map((l) => [l.artwork.id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(cartItemCount(cart)).toBe(3);
  });

  it('removes a line when its quantity is set to 0 or less, and by id', () => {
    const cart = addToCart(addToCart([], art(1)), art(2));
    expect(setCartQuantity(cart, 1, 0).map((l) => l.artwork.id)).toEqual([2]);
    expect(setCartQuantity(cart, 1, -3).map((l) => l.artwork.id)).toEqual([2]);
    expect(setCartQuantity(cart, 2, 4).find((l) => l.artwork.id === 2)?.quantity).toBe(4);
    expect(removeFromCart(cart, 2).map((l) => l.artwork.id)).toEqual([1]);
  });

  it('restores only well-formed lines and an empty cart from anything unreadable', () => {
    expect(parseCart('nonsense')).toEqual([]);
    expect(parseCart(null)).toEqual([]);
    const good = {
      artwork: { id: 3, title: 'x', artist: 'y', category: 'nature', price: 1, imageUrl: '/i/3.webp' },
      quantity: 2,
    };
    expect(
      parseCart([
        good,
        { artwork: { id: 'x' }, quantity: 1 },
        { artwork: good.artwork, quantity: 0 },
        { artwork: good.artwork, quantity: 1.5 },
      ]),
    ).toEqual([{ ...good, licence: 'personal' }]);
  });

  it('keeps one artwork under two licences as two lines, each changed and removed on its own', () => {
    const cart = addToCart(
      addToCart(addToCart([], art(1, 5.9), 'personal'), art(1, 40), 'commercial'),
      art(1, 40),
      'commercial',
    );
    expect(cart.map((l) => [l.artwork.id, l.licence, l.artwork.price, l.quantity])).toEqual([
      [1, 'personal', 5.9, 1],
      [1, 'commercial', 40, 2],
    ]);
    expect(setCartQuantity(cart, 1, 5, 'commercial').map((l) => l.quantity)).toEqual([1, 5]);
    expect(removeFromCart(cart, 1, 'personal').map((l) => l.licence)).toEqual(['commercial']);
  });

  it('puts an artwork in the cart under the chosen licence, else its first offered one, at that licence’s price', () => {
    const both = { ...art(4, 10), licences: { personal: 10, commercial: 40 } };
    const studio = { ...art(5, 60), licences: { personal: null, commercial: 60 } };
    expect(underLicence(both)).toMatchObject({ licence: 'personal', artwork: { price: 10 } });
    expect(underLicence(both, 'commercial')).toMatchObject({ licence: 'commercial', artwork: { price: 40 } });
    expect(underLicence(studio)).toMatchObject({ licence: 'commercial', artwork: { price: 60 } });
    expect(underLicence(art(6, 7))).toMatchObject({ licence: 'personal', artwork: { price: 7 } });
  });

  it('reads a stored line without a licence as personal, and keeps a stored commercial one', () => {
    const artwork = { id: 3, title: 'x', artist: 'y', category: 'nature', price: 1, imageUrl: '/i/3.webp' };
    expect(
      parseCart([
        { artwork, quantity: 1 },
        { artwork, quantity: 1, licence: 'commercial' },
        { artwork, quantity: 1, licence: 'resale' },
      ]).map((l) => l.licence),
    ).toEqual(['personal', 'commercial']);
  });

  it('fills the missing or wrongly typed fields of a stored line with the artwork defaults', () => {
    const [line] = parseCart([{ artwork: { id: 7, title: 42, price: '4.5' }, quantity: 1 }]);
    expect(line?.artwork).toEqual({
      id: 7,
      title: 'Untitled Artwork',
      artist: 'Unknown Artist',
      category: 'minimalist',
      price: 4.5,
      imageUrl: '/placeholder-artwork.svg',
    });
  });
});

describe('cart rules for pay what you want', () => {
  const chosen = (id: number): CartArtwork & { licences: { personal: number; commercial: null } } => ({
    ...art(id, 0),
    licences: { personal: 5, commercial: null },
    payWhatYouWant: { minimum: 0, suggested: 5 },
  });

  it('adds at the suggested price (a card’s quick add) or at the amount typed, under Personal', () => {
    expect(underLicence(chosen(1))).toMatchObject({ artwork: { price: 5 }, licence: 'personal' });
    expect(underLicence(chosen(1), 'commercial', 7.5)).toMatchObject({ artwork: { price: 7.5 }, licence: 'personal' });
  });

  it('keeps one of it: adding again sets the amount, and the quantity stays 1', () => {
    const first = addToCart([], underLicence(chosen(1), undefined, 3).artwork);
    const again = addToCart(first, underLicence(chosen(1), undefined, 8).artwork);
    expect(again.map((line) => [line.artwork.price, line.quantity])).toEqual([[8, 1]]);
    expect(setCartQuantity(again, 1, 4)[0]!.quantity).toBe(1);
    expect(parseCart([{ ...again[0], quantity: 3 }])[0]).toMatchObject({ quantity: 1, artwork: { price: 8 } });
  });

  it('changes the amount of its line only, and sends it in cents beside the fixed-price lines', () => {
    const cart = setCartAmount(addToCart(addToCart([], art(2, 9.9)), chosen(1)), 1, 12.34);
    expect(setCartAmount(cart, 2, 1)[0]!.artwork.price).toBe(9.9);
    expect(cartItemsForServer(cart)).toEqual([
      { id: 2, quantity: 1, licence: 'personal' },
      { id: 1, quantity: 1, licence: 'personal', amount: 1234 },
    ]);
  });
});
