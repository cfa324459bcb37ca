import { formatUsd, fromCents } from '../../shared/money';

/** Orders count in cents (decision 0021); the screens show dollars with two decimals. */
export function formatCents(cents: number): string {
  return formatUsd(fromCents(cents));
}
