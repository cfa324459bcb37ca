// Lengths on a wall in the buyer's units. Every measurement is kept in inches, exactly as laid out, and rounded
// only when it is shown: to the nearest 1/8 in (a tape measure's marks) or the nearest 0.5 cm. Each shown length
// is rounded on its own from the exact value, never summed from rounded ones, so none is off by more than half a
// step (1/16 in, 0.25 cm).

export const WALL_UNITS = ['in', 'cm'] as const;
export type WallUnit = (typeof WALL_UNITS)[number];

export const CM_PER_INCH = 2.54;

/** A length the buyer typed, in inches. */
export function toInches(value: number, unit: WallUnit): number {
  return unit === 'in' ? value : value / CM_PER_INCH;
}

/** Inches in the buyer's unit, unrounded. */
export function fromInches(inches: number, unit: WallUnit): number {
  return unit === 'in' ? inches : inches * CM_PER_INCH;
}

/** Steps per unit the shown lengths are rounded to: eighths of an inch, half centimetres. */
const STEPS: Record<WallUnit, number> = { in: 8, cm: 2 };

/**
 * How many steps (1/8 in, 0.5 cm) a length rounds to: to the nearest, halves away from zero. The product is first
 * cut to nine decimals, so 145 cm taken to inches and back (144.99999999999997) is 290 half centimetres, not 289.
 */
export function roundedSteps(inches: number, unit: WallUnit): number {
  const steps = Number((fromInches(inches, unit) * STEPS[unit]).toFixed(9));
  return Math.sign(steps) * Math.round(Math.abs(steps));
}

/** A length rounded the way it is shown, as a number in the buyer's unit: 12.375 (in), 31.5 (cm). */
export function roundedLength(inches: number, unit: WallUnit): number {
  return roundedSteps(inches, unit) / STEPS[unit];
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Eighths as a tape measure says them: 99 → '12 3/8', 4 → '1/2', 96 → '12'. */
function eighthsText(eighths: number): string {
  const whole = Math.floor(eighths / 8);
  const rest = eighths % 8;
  if (rest === 0) return String(whole);
  const divisor = gcd(rest, 8);
  const fraction = `${rest / divisor}/${8 / divisor}`;
  return whole === 0 ? fraction : `${whole} ${fraction}`;
}

/** A length as shown: '12 3/8 in', '3/4 in', '31.5 cm', '30 cm'; a negative one with a minus sign. */
export function lengthText(inches: number, unit: WallUnit): string {
  const steps = roundedSteps(inches, unit);
  const sign = steps < 0 ? '−' : '';
  const size = Math.abs(steps);
  return unit === 'in' ? `${sign}${eighthsText(size)} in` : `${sign}${size / 2} cm`;
}

/** Two sides as shown: '14 × 18 in', '35.5 × 45.5 cm'. */
export function sidesText(width: number, height: number, unit: WallUnit): string {
  const [w, h] = [lengthText(width, unit), lengthText(height, unit)];
  return `${w.replace(/ (in|cm)$/, '')} × ${h}`;
}
