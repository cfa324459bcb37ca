import { describe, expect, it } from 'vitest';
import { FRAME_VALUES } from '#shared/catalogue/browse-facets.ts';
import { frameGroups, frameLabel } from './frame-options';

describe('the "Fits my frame" choices', () => {
  const groups = frameGroups();

  it('offers every frame value the API accepts, once', () => {
    const values = groups.flatMap((group) => group.options.map((option) => option.value));
    expect([...values].sort()).toEqual([...FRAME_VALUES].sort());
  });

  it('groups by unit: inches smallest first, then the ISO A sizes, then centimetres', () => {
    expect(groups.map((group) => group.label)).toEqual(['Inches', 'ISO paper sizes', 'Centimetres']);
    const inches = groups[0]!.options;
    expect(inches.slice(0, 6).map((option) => option.label)).toEqual([
      '4 × 5 in',
      '4 × 6 in',
      '5 × 7 in',
      '6 × 8 in',
      '8 × 10 in',
      '8 × 12 in',
    ]);
    expect(inches.at(-1)).toEqual({ value: '24x36', label: '24 × 36 in' });
    expect(groups[1]!.options.map((option) => option.value)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(groups[1]!.options[1]!.label).toBe('A4 (21 × 29.7 cm)');
    expect(groups[2]!.options).toEqual([{ value: '50x70cm', label: '50 × 70 cm' }]);
  });

  it('names a frame for its chip, and nothing for a value that is none', () => {
    expect(frameLabel('11x14')).toBe('Fits 11 × 14 in');
    expect(frameLabel('a3')).toBe('Fits A3');
    expect(frameLabel('7x9')).toBeUndefined();
  });
});
