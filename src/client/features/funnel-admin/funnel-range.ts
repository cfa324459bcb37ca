import { addDays, dayOf, FUNNEL_MAX_DAYS, isDay } from '#shared/analytics/funnel.ts';

/** The owner's quick choices: the last 7, 30 or 90 days, today included. */
export const FUNNEL_PRESETS = [7, 30, 90] as const;

export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = dayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** What is wrong with a range the owner typed, said for the field to fix; null when it can be asked for. */
export function rangeProblem(from: string, to: string): { field: 'from' | 'to'; message: string } | null {
  if (!isDay(from)) return { field: 'from', message: 'Enter the first day as a date.' };
  if (!isDay(to)) return { field: 'to', message: 'Enter the last day as a date.' };
  if (to < from) return { field: 'to', message: 'The last day must be on or after the first.' };
  if (addDays(from, FUNNEL_MAX_DAYS - 1) < to)
    return { field: 'to', message: `Pick at most ${FUNNEL_MAX_DAYS} days at a time.` };
  return null;
}
