import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from '#shared/discounts/discounts.ts';
import { priceOrder, type CartLine, type Discount, type GivenCode } from './price-order';

const NOW = new Date('2027-05-10T12:00:00Z');
const day = (offset: number) => new Date(NOW.getTime() + offset * 86_400_000);

function discount(fields: Partial<Discount>): Discount {
  return {
    id: 1,
    kind: 'code',
    code: 'SPRING',
    name: 'Spring',
    percentOff: null,
    amountOffCents: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerCustomer: false,
    minSubtotalCents: null,
    minQuantity: null,
    scope: 'all',
    scopeArtworks: [],
    scopeCategories: [],
    combinesWithSales: false,
    active: true,
    ...fields,
  };
}

const given = (fields: Partial<Discount>, extra: Partial<GivenCode> = {}): GivenCode => ({
  discount: discount(fields),
  usesTaken: 0,
  usedByCustomer: false,
  ...extra,
});

// Three lines: $5.90 botanical ×1, $12.99 abstract ×2, $7.33 botanical ×1 — $39.21.
const CART: CartLine[] = [
  { artworkId: 1, category: 'botanical', quantity: 1, listUnitCents: 590 },
  { artworkId: 2, category: 'abstract', quantity: 2, listUnitCents: 1299 },
  { artworkId: 3, category: 'botanical', quantity: 1, listUnitCents: 733 },
];

/** An automatic sale of 20 % off the botanical prints (the cart's first and third lines). */
const botanicalSale = () =>
  discount({ id: 7, kind: 'sale', code: null, percentOff: 20, scope: 'categories', scopeCategories: ['botanical'] });

function expectExact(pricing: ReturnType<typeof priceOrder>) {
  const lines = pricing.lines.reduce((sum, line) => sum + line.totalCents, 0);
  expect(lines).toBe(pricing.totalCents);
  expect(pricing.subtotalCents - pricing.discountCents).toBe(pricing.totalCents);
  for (const line of pricing.lines) expect(line.totalCents).toBe(line.unitCents * line.quantity - line.discountCents);
}

describe('pricing an order', () => {
  it('without discounts: list prices, nothing off', () => {
    const pricing = priceOrder({ lines: CART, automatic: [], now: NOW, currency: 'usd' });
    expect(pricing).toMatchObject({ subtotalCents: 3921, discountCents: 0, totalCents: 3921, codeProblem: null });
    expectExact(pricing);
  });

  const cases: Array<{
    name: string;
    code?: GivenCode;
    automatic?: Discount[];
    lines?: CartLine[];
    total: number;
    discount?: number;
    shares?: number[];
    units?: number[];
    problem?: string | null;
  }> = [
    {
      name: 'percent code on everything',
      code: given({ percentOff: 10 }),
      total: 3529,
      discount: 392,
      shares: [59, 260, 73],
    },
    { name: 'fixed code', code: given({ amountOffCents: 500 }), total: 3421, discount: 500, shares: [75, 331, 94] },
    { name: 'fixed code larger than the cart', code: given({ amountOffCents: 10_000 }), total: 0, discount: 3921 },
    { name: '100 % code', code: given({ percentOff: 100 }), total: 0, discount: 3921 },
    {
      name: 'code for a category only',
      code: given({ percentOff: 50, scope: 'categories', scopeCategories: ['botanical'] }),
      total: 3921 - 662,
      shares: [295, 0, 367],
    },
    {
      name: 'code for chosen artworks',
      code: given({ amountOffCents: 100, scope: 'artworks', scopeArtworks: [2] }),
      total: 3821,
      shares: [0, 100, 0],
    },
    {
      name: 'code for artworks not in the cart',
      code: given({ percentOff: 10, scope: 'artworks', scopeArtworks: [99] }),
      total: 3921,
      problem: CODE_MESSAGES.notInScope,
    },
    {
      name: 'minimum subtotal met',
      code: given({ percentOff: 10, minSubtotalCents: 3921 }),
      total: 3529,
    },
    {
      name: 'minimum subtotal missed',
      code: given({ percentOff: 10, minSubtotalCents: 4000 }),
      total: 3921,
      problem: 'This code needs a subtotal of $40.00.',
    },
    {
      name: 'code not started',
      code: given({ percentOff: 10, startsAt: day(1) }),
      total: 3921,
      problem: CODE_MESSAGES.notStarted,
    },
    { name: 'code started', code: given({ percentOff: 10, startsAt: day(-1) }), total: 3529 },
    {
      name: 'code expired',
      code: given({ percentOff: 10, endsAt: day(-1) }),
      total: 3921,
      problem: CODE_MESSAGES.expired,
    },
    {
      name: 'code ends exactly now',
      code: given({ percentOff: 10, endsAt: NOW }),
      total: 3921,
      problem: CODE_MESSAGES.expired,
    },
    {
      name: 'code used up',
      code: given({ percentOff: 10, maxUses: 3 }, { usesTaken: 3 }),
      total: 3921,
      problem: CODE_MESSAGES.usedUp,
    },
    { name: 'code with a use left', code: given({ percentOff: 10, maxUses: 3 }, { usesTaken: 2 }), total: 3529 },
    {
      name: 'once per customer, used',
      code: given({ percentOff: 10, oncePerCustomer: true }, { usedByCustomer: true }),
      total: 3921,
      problem: CODE_MESSAGES.alreadyUsed,
    },
    {
      name: 'unknown code',
      code: { discount: undefined, usesTaken: 0, usedByCustomer: false },
      total: 3921,
      problem: CODE_MESSAGES.unknown,
    },
    {
      name: 'deactivated code',
      code: given({ percentOff: 10, active: false }),
      total: 3921,
      problem: CODE_MESSAGES.unknown,
    },
    {
      name: 'automatic sale on a category',
      automatic: [botanicalSale()],
      // 590 → 472, 733 → 586 (146.6 rounds to 147 off)
      units: [472, 1299, 586],
      total: 472 + 2598 + 586,
      discount: 0,
    },
    {
      name: 'sale not live yet, and one ended',
      automatic: [
        discount({ id: 7, kind: 'sale', code: null, percentOff: 20, startsAt: day(1) }),
        discount({ id: 8, kind: 'sale', code: null, percentOff: 30, endsAt: day(-1) }),
      ],
      units: [590, 1299, 733],
      total: 3921,
    },
    {
      name: 'the largest of two sales',
      automatic: [
        discount({ id: 7, kind: 'sale', code: null, percentOff: 10 }),
        discount({ id: 8, kind: 'sale', code: null, percentOff: 25, scope: 'artworks', scopeArtworks: [2] }),
      ],
      units: [531, 974, 660],
      total: 531 + 1948 + 660,
    },
    {
      name: 'sale and a combining code: the code comes off the sale prices',
      automatic: [botanicalSale()],
      code: given({ percentOff: 10, combinesWithSales: true }),
      units: [472, 1299, 586],
      // 3656 at sale prices; 10 % = 365.6 → 366
      total: 3656 - 366,
      discount: 366,
    },
    {
      name: 'sale and a code that does not combine, the code better: list prices less the code',
      automatic: [discount({ id: 7, kind: 'sale', code: null, percentOff: 5 })],
      code: given({ percentOff: 10 }),
      units: [590, 1299, 733],
      total: 3529,
    },
    {
      name: 'sale and a code that does not combine, the sale better: the sale stays, the buyer is told',
      automatic: [discount({ id: 7, kind: 'sale', code: null, percentOff: 30 })],
      code: given({ percentOff: 10 }),
      units: [413, 909, 513],
      total: 413 + 1818 + 513,
      problem: CODE_MESSAGES.notCombinable,
    },
    {
      name: 'quantity break reached (3 different artworks, 4 copies; 3 or more: 25 %)',
      automatic: [discount({ id: 9, kind: 'quantity', code: null, percentOff: 25, minQuantity: 3 })],
      // 3921 × 25 % = 980.25 → 980
      total: 3921 - 980,
      discount: 980,
    },
    {
      name: 'quantity break not reached by copies: 4 copies of 3 artworks, 4 or more',
      automatic: [discount({ id: 9, kind: 'quantity', code: null, percentOff: 25, minQuantity: 4 })],
      total: 3921,
    },
    {
      name: 'quantity break and a combining code: both, the code after the break',
      automatic: [discount({ id: 9, kind: 'quantity', code: null, percentOff: 25, minQuantity: 3 })],
      code: given({ percentOff: 10, combinesWithSales: true }),
      // 2941 left after the break; 10 % = 294.1 → 294
      total: 2941 - 294,
      discount: 980 + 294,
    },
  ];

  it.each(cases)(
    '$name',
    ({ code, automatic = [], lines = CART, total, discount: off, shares, units, problem = null }) => {
      const pricing = priceOrder({ lines, automatic, code, now: NOW, currency: 'usd' });
      expectExact(pricing);
      expect(pricing.totalCents).toBe(total);
      expect(pricing.codeProblem).toBe(problem);
      if (off !== undefined) expect(pricing.discountCents).toBe(off);
      if (shares) expect(pricing.lines.map((line) => line.discountCents)).toEqual(shares);
      if (units) expect(pricing.lines.map((line) => line.unitCents)).toEqual(units);
    },
  );

  it('names the discounts as the buyer reads them', () => {
    const pricing = priceOrder({
      lines: CART,
      automatic: [
        discount({
          id: 9,
          kind: 'quantity',
          code: null,
          name: '3 or more artworks: 25 % off',
          percentOff: 25,
          minQuantity: 3,
        }),
      ],
      code: given({ id: 4, code: 'WELCOME10', percentOff: 10, combinesWithSales: true }),
      now: NOW,
      currency: 'usd',
    });
    expect(pricing.discounts).toEqual([
      { id: 9, kind: 'quantity', label: '3 or more artworks: 25 % off', cents: 980 },
      { id: 4, kind: 'code', label: 'WELCOME10', cents: 294 },
    ]);
  });
});

describe('a licence upgrade’s line (breakEligible: false)', () => {
  const upgrade: CartLine = {
    artworkId: 4,
    category: 'abstract',
    quantity: 1,
    listUnitCents: 2000,
    breakEligible: false,
  };
  const threeOrMore = discount({ id: 9, kind: 'quantity', code: null, percentOff: 25, minQuantity: 3 });

  it('does not count towards a quantity break', () => {
    const twoArtworks = [CART[0]!, CART[2]!, upgrade];
    const pricing = priceOrder({ lines: twoArtworks, automatic: [threeOrMore], now: NOW, currency: 'usd' });
    expect(pricing.discounts).toEqual([]);
    expect(pricing.totalCents).toBe(590 + 733 + 2000);
  });

  it('takes nothing off it when the other lines reach one', () => {
    const pricing = priceOrder({ lines: [...CART, upgrade], automatic: [threeOrMore], now: NOW, currency: 'usd' });
    // 25 % of the three artworks' 3921, half up: 980; none of it on the upgrade.
    expect(pricing.discountCents).toBe(980);
    expect(pricing.lines[3]).toMatchObject({ discountCents: 0, totalCents: 2000 });
    expectExact(pricing);
  });
});
