import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '#shared/orders/owner-orders-schema.ts';
import { refundableLines, titlesText } from './line-refunds';

const line = (itemId: number, title: string, charged: number, more: object = {}) =>
  ({
    itemId,
    artworkId: itemId,
    title,
    artist: 'A',
    listUnitAmount: charged,
    unitAmount: charged,
    quantity: 1,
    discount: 0,
    amount: charged,
    licence: 'personal',
    licenceTermsVersion: null,
    certificateNumber: null,
    charged,
    ...more,
  }) as AdminOrderDetail['items'][number];

describe('the lines an owner may refund on their own', () => {
  it('keeps an artwork alone and a set’s lines together, adding up what each was charged', () => {
    const lines = refundableLines([
      line(1, 'North', 700, { setId: 5 }),
      line(2, 'Lone', 950),
      line(3, 'South', 410, { setId: 5, refunded: true }),
    ]);
    expect(lines).toEqual([
      { target: { setId: 5 }, firstItemId: 1, titles: ['North', 'South'], charged: 1110, refunded: false },
      { target: { itemId: 2 }, firstItemId: 2, titles: ['Lone'], charged: 950, refunded: false },
    ]);
  });

  it('counts a set refunded when all its lines are', () => {
    const [set] = refundableLines([
      line(1, 'N', 1, { setId: 2, refunded: true }),
      line(2, 'S', 1, { setId: 2, refunded: true }),
    ]);
    expect(set?.refunded).toBe(true);
  });

  it('names the titles in words', () => {
    expect(titlesText(['North'])).toBe('“North”');
    expect(titlesText(['North', 'South', 'East'])).toBe('“North”, “South” and “East”');
  });
});
