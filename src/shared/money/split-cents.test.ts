import { describe, expect, it } from 'vitest';
import { percentOf, spreadByLargestRemainder } from './split-cents';

describe('the rounding rules', () => {
  it('round a percentage half up to the cent', () => {
    expect(percentOf(125, 10)).toBe(13); // 12.5
    expect(percentOf(124, 10)).toBe(12); // 12.4
    expect(percentOf(3921, 10)).toBe(392); // 392.1
    expect(percentOf(3925, 10)).toBe(393); // 392.5
    expect(percentOf(999, 100)).toBe(999);
  });

  it('spread a total by largest remainder: the shares add up exactly, ties to the earlier line', () => {
    expect(spreadByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spreadByLargestRemainder(392, [590, 2598, 733])).toEqual([59, 260, 73]);
    expect(spreadByLargestRemainder(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(spreadByLargestRemainder(0, [3, 4])).toEqual([0, 0]);
    const big = spreadByLargestRemainder(99_999_999, [98_000_000, 1, 3]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(99_999_999);
  });
});
