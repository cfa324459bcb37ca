import { describe, expect, it } from 'vitest';
import { completedSetCents, splitCompletedSet } from './complete-set';

// The completion rule (decision 0070): the set less what was paid, between the rest at the set's ratio and the rest's
// own sum. A set of 3000 + 2000 + 1000 at 5400 (ratio 0.9); the buyer owns the 1000.
describe('completing a set', () => {
  const set = { setCents: 5400, sumCents: 6000, missingCents: [3000, 2000] };

  it('takes what was paid off the set’s price', () => {
    expect(completedSetCents({ ...set, paidCents: 833 })).toBe(4567);
  });

  it('never goes below the rest at the set’s ratio', () => {
    expect(completedSetCents({ ...set, paidCents: 1000 })).toBe(4500);
    expect(completedSetCents({ ...set, paidCents: 9000 })).toBe(4500);
  });

  it('never goes above the rest bought one by one', () => {
    expect(completedSetCents({ ...set, paidCents: 0 })).toBe(5000);
    expect(completedSetCents({ ...set, paidCents: 200 })).toBe(5000);
  });

  it('rounds the floor half up and splits the price by largest remainder, adding up exactly', () => {
    // 333 × 2000 ÷ 3001 = 221.93 → 222.
    expect(completedSetCents({ setCents: 2000, sumCents: 3001, missingCents: [333], paidCents: 5000 })).toBe(222);
    const shares = splitCompletedSet({ ...set, paidCents: 833 });
    expect(shares).toEqual([2740, 1827]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(4567);
  });
});
