import { describe, expect, it } from 'vitest';
import { lengthText, roundedLength, sidesText, toInches } from './wall-units';

describe('lengths in the buyer’s units', () => {
  it('shows inches to the nearest 1/8 in, as a tape measure reads them', () => {
    expect(lengthText(12.375, 'in')).toBe('12 3/8 in');
    expect(lengthText(12.5, 'in')).toBe('12 1/2 in');
    expect(lengthText(0.75, 'in')).toBe('3/4 in');
    expect(lengthText(12, 'in')).toBe('12 in');
    expect(lengthText(0, 'in')).toBe('0 in');
    // 12.06 is nearer 12 than 12 1/8; 12.07 nearer 12 1/8; a half step rounds up.
    expect(lengthText(12.06, 'in')).toBe('12 in');
    expect(lengthText(12.07, 'in')).toBe('12 1/8 in');
    expect(lengthText(12.0625, 'in')).toBe('12 1/8 in');
    expect(lengthText(-1.5, 'in')).toBe('−1 1/2 in');
  });

  it('shows centimetres to the nearest 0.5 cm, from the exact inches', () => {
    expect(lengthText(12, 'cm')).toBe('30.5 cm');
    expect(lengthText(10, 'cm')).toBe('25.5 cm');
    expect(lengthText(toInches(145, 'cm'), 'cm')).toBe('145 cm');
    expect(roundedLength(toInches(145, 'cm'), 'cm')).toBe(145);
    expect(roundedLength(57, 'cm')).toBe(145);
    expect(roundedLength(toInches(145, 'cm'), 'in')).toBe(57.125);
  });

  it('says two sides with the unit once', () => {
    expect(sidesText(36, 12.375, 'in')).toBe('36 × 12 3/8 in');
    expect(sidesText(36, 12, 'cm')).toBe('91.5 × 30.5 cm');
  });
});
