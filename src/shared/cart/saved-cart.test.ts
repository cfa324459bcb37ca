import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../orders/checkout';
import { lineKey, mergeSavedCarts, sameLines, type SavedCartContent, type SavedLine } from './saved-cart';

const line = (id: number, quantity = 1, extra: Partial<SavedLine> = {}): SavedLine => ({
  kind: 'artwork',
  id,
  licence: 'personal',
  quantity,
  amountCents: null,
  ...extra,
});

const lineArb = fc.record({
  kind: fc.constantFrom('artwork' as const, 'set' as const),
  id: fc.integer({ min: 1, max: 6 }),
  licence: fc.constantFrom('personal' as const, 'commercial' as const),
  quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
  amountCents: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
});
/** A cart as either side holds it: one line per item and licence. */
const cartArb: fc.Arbitrary<SavedCartContent> = fc.record({
  lines: fc.uniqueArray(lineArb, { selector: lineKey, maxLength: 8 }),
  favorites: fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { maxLength: 6 }),
});

describe('merging a browser’s cart into the account’s at sign-in', () => {
  it('keeps every line of both, one per item and licence, the account’s first', () => {
    fc.assert(
      fc.property(cartArb, cartArb, (server, browser) => {
        const merged = mergeSavedCarts(server, browser);
        const keys = [...new Set([...server.lines, ...browser.lines].map(lineKey))];
        expect(merged.lines.map(lineKey)).toEqual(keys);
      }),
    );
  });

  it('gives a line in both the larger quantity and the browser’s amount when it has one', () => {
    fc.assert(
      fc.property(cartArb, cartArb, (server, browser) => {
        const merged = mergeSavedCarts(server, browser);
        for (const result of merged.lines) {
          const fromServer = server.lines.find((other) => lineKey(other) === lineKey(result));
          const fromBrowser = browser.lines.find((other) => lineKey(other) === lineKey(result));
          expect(result.quantity).toBe(Math.max(fromServer?.quantity ?? 0, fromBrowser?.quantity ?? 0));
          expect(result.amountCents).toBe(fromBrowser?.amountCents ?? fromServer?.amountCents ?? null);
        }
      }),
    );
  });

  it('joins the favourites, the account’s first', () => {
    fc.assert(
      fc.property(cartArb, cartArb, (server, browser) => {
        expect(mergeSavedCarts(server, browser).favorites).toEqual([
          ...new Set([...server.favorites, ...browser.favorites]),
        ]);
      }),
    );
  });

  it('changes nothing when merged again with either side (signing in twice does not double a cart)', () => {
    fc.assert(
      fc.property(cartArb, cartArb, (server, browser) => {
        const merged = mergeSavedCarts(server, browser);
        expect(mergeSavedCarts(merged, browser)).toEqual(merged);
        expect(
          mergeSavedCarts(merged, { ...server, lines: server.lines.map((l) => ({ ...l, amountCents: null })) }),
        ).toEqual(merged);
      }),
    );
  });

  it('stays within the order’s line limit', () => {
    const many = (from: number) => Array.from({ length: MAX_ORDER_LINES }, (_, index) => line(from + index));
    const merged = mergeSavedCarts({ lines: many(1), favorites: [] }, { lines: many(1_000), favorites: [] });
    expect(merged.lines).toHaveLength(MAX_ORDER_LINES);
    expect(merged.lines[0]!.id).toBe(1);
  });

  it('tells an unchanged cart from a changed one', () => {
    expect(sameLines([line(1, 2)], [line(1, 2)])).toBe(true);
    expect(sameLines([line(1, 2)], [line(1, 3)])).toBe(false);
    expect(sameLines([line(1), line(2)], [line(2), line(1)])).toBe(false);
    expect(sameLines([line(1, 1, { amountCents: 5 })], [line(1, 1, { amountCents: 6 })])).toBe(false);
  });
});
