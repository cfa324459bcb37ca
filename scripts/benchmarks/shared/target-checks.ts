// Each figure a benchmark has a target for, with a pass or a miss, as one table at the end of its printout (the
// same layout as bench:web's).
import { table } from './table';

export interface TargetCheck {
  what: string;
  value: string;
  target: string;
  pass: boolean;
}

/** A figure measured in MB against an upper bound. */
export const atMostMb = (what: string, mb: number, targetMb: number): TargetCheck => ({
  what,
  value: `${mb.toFixed(0)} MB`,
  target: `<= ${targetMb} MB`,
  pass: mb <= targetMb,
});

export function formatTargetChecks(checks: TargetCheck[]): string {
  const rows = checks.map((check) => [check.pass ? 'pass' : 'MISS', check.what, check.value, check.target]);
  const missed = checks.filter((check) => !check.pass).length;
  return `${table(['', 'figure', 'value', 'target'], rows, [false, false, true, false])}\n\n${
    missed === 0 ? 'Every target met.' : `${missed} of ${checks.length} targets missed.`
  }`;
}
