import { describe, expect, it } from 'vitest';
import { roundWeights } from './round-weights';

const thousandths = (weights: number[]) => weights.reduce((sum, w) => sum + Math.round(w * 1000), 0);

describe('roundWeights', () => {
  it('gives the missing thousandths to the shares that lost most in rounding down', () => {
    expect(roundWeights([1, 1, 1])).toEqual([0.334, 0.333, 0.333]);
    expect(roundWeights([0.4996, 0.3002, 0.2002])).toEqual([0.5, 0.3, 0.2]);
    expect(roundWeights([70, 30])).toEqual([0.7, 0.3]);
  });

  it('always adds up to 1000 thousandths and keeps a sorted list sorted', () => {
    for (let seed = 1; seed < 500; seed++) {
      const raw = Array.from({ length: 1 + (seed % 5) }, (_, i) => ((seed * 7919 + i * 104729) % 997) + 1);
      raw.sort((a, b) => b - a);
      const rounded = roundWeights(raw);
      expect(thousandths(rounded)).toBe(1000);
      expect(Math.abs(rounded.reduce((sum, w) => sum + w, 0) - 1)).toBeLessThan(1e-9);
      for (let i = 1; i < rounded.length; i++) expect(rounded[i]).toBeLessThanOrEqual(rounded[i - 1]!);
      for (const w of rounded) expect(Math.round(w * 1000) / 1000).toBe(w);
    }
  });

  it('gives nothing for nothing', () => {
    expect(roundWeights([0, 0])).toEqual([0, 0]);
  });
});
