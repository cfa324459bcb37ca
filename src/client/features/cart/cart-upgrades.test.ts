import { describe, expect, it } from 'vitest';
import { addUpgradeToCart, cartUpgradesForServer, parseCartUpgrades, removeUpgradeFromCart } from './cart-upgrades';

describe('licence upgrades in the cart', () => {
  const harbour = { itemId: 7, title: 'Harbour', amount: 4100 };

  it('keeps one line per upgraded purchase, with the latest words', () => {
    const twice = addUpgradeToCart(addUpgradeToCart([], harbour), { ...harbour, amount: 4200 });
    expect(twice).toEqual([{ ...harbour, amount: 4200 }]);
    expect(removeUpgradeFromCart(twice, 7)).toEqual([]);
  });

  it('sends the server the line and a guest’s token only', () => {
    expect(cartUpgradesForServer([harbour, { itemId: 8, title: 'Field', amount: 0, guestToken: 'WA-1.1.x' }])).toEqual([
      { itemId: 7 },
      { itemId: 8, guestToken: 'WA-1.1.x' },
    ]);
  });

  it('trusts stored lines only as far as they have the shape of one', () => {
    expect(
      parseCartUpgrades([harbour, { itemId: -1, title: 'x', amount: 1 }, { itemId: 9, title: 3 }, null, harbour]),
    ).toEqual([harbour]);
    expect(parseCartUpgrades('nonsense')).toEqual([]);
  });
});
