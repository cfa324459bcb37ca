import { describe, expect, it } from 'vitest';
import { groupSetLines } from './set-cover';

describe("an order's lines grouped by set", () => {
  const of = (line: { set: number | null; title?: string }) => ({ id: line.set, title: line.title ?? null });

  it('heads each run of one set’s lines with its title and leaves the other lines alone, in order', () => {
    const lines = [
      { name: 'a', set: null },
      { name: 'b', set: 7, title: 'Compass' },
      { name: 'c', set: 7, title: 'Compass' },
      { name: 'd', set: 9, title: 'Tides' },
      { name: 'e', set: null },
    ];
    expect(groupSetLines(lines, of).map((g) => [g.heading, g.items.map((l) => l.name)])).toEqual([
      [null, ['a']],
      ['Set: Compass', ['b', 'c']],
      ['Set: Tides', ['d']],
      [null, ['e']],
    ]);
  });

  it('names a set sold before titles were kept by its number, and keeps two sets of one title apart', () => {
    const lines = [
      { name: 'a', set: 3 },
      { name: 'b', set: 4, title: 'Pair' },
      { name: 'c', set: 5, title: 'Pair' },
    ];
    expect(groupSetLines(lines, of).map((g) => [g.heading, g.items.length])).toEqual([
      ['Set: #3', 1],
      ['Set: Pair', 1],
      ['Set: Pair', 1],
    ]);
  });
});
