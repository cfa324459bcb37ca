import { describe, expect, it } from 'vitest';
import { addSetToCart, cartSetsForServer, parseCartSets, removeSetFromCart, type CartSet } from './cart-sets';

const trio: CartSet = { setId: 3, title: 'Trio', licence: 'personal', price: 25.5, coverUrl: null, pieces: 3 };

describe('sets in the cart', () => {
  it('keeps a set once per licence, and removes it', () => {
    const once = addSetToCart([], trio);
    const again = addSetToCart(once, { ...trio, price: 20 });
    expect(again).toEqual([{ ...trio, price: 20 }]);
    const both = addSetToCart(again, { ...trio, licence: 'commercial', price: 80 });
    expect(cartSetsForServer(both)).toEqual([
      { setId: 3, licence: 'personal' },
      { setId: 3, licence: 'commercial' },
    ]);
    expect(removeSetFromCart(both, 3, 'personal').map((set) => set.licence)).toEqual(['commercial']);
  });

  it('trusts only what has the shape of a set line', () => {
    expect(parseCartSets([trio, { ...trio, setId: -1 }, { ...trio, licence: 'resale' }, null, trio])).toEqual([trio]);
    expect(parseCartSets('nonsense')).toEqual([]);
  });
});
