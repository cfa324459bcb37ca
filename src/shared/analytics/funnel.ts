// The owner's funnel: what the store counts per day and artwork, the events the app reports, and the rules both
// the server and the owner's page use. Days are UTC calendar days written YYYY-MM-DD.

/** What the app reports from the browser: an artwork page seen, the artwork put in the cart, a checkout begun. */
export const FUNNEL_EVENTS = ['view', 'cart', 'checkout'] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

/** The longest range the owner's page asks for at once: a year and a day (a leap year's 366 days). */
export const FUNNEL_MAX_DAYS = 366;
/** The range shown when the owner has not picked one: the last 30 days, today included. */
export const FUNNEL_DEFAULT_DAYS = 30;

export const FUNNEL_MESSAGES = {
  artworkId: 'artworkId must be a positive whole number',
  event: `event must be one of ${FUNNEL_EVENTS.join(', ')}`,
  referrer: 'referrer must be at most 2048 characters',
  day: 'must be a date written YYYY-MM-DD',
  range: `to must be on or after from, at most ${FUNNEL_MAX_DAYS} days later`,
} as const;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The UTC day of `at`, as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not), or false. */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && dayOf(parsed) === value;
}

/** `day` moved by `days` (negative for earlier). */
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length <= FUNNEL_MAX_DAYS; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether the owner's range is one the store answers: both real days, in order, at most FUNNEL_MAX_DAYS long. */
export function isFunnelRange(from: string, to: string): boolean {
  return isDay(from) && isDay(to) && from <= to && addDays(from, FUNNEL_MAX_DAYS - 1) >= to;
}

/** The default range ending today. */
export function defaultFunnelRange(now: Date): { from: string; to: string } {
  const to = dayOf(now);
  return { from: addDays(to, -(FUNNEL_DEFAULT_DAYS - 1)), to };
}

/** Sales per view, 0 to 1 (a sale without a counted view, e.g. a link shared straight to checkout, caps at 1); null without views. */
export function conversionOf(sales: number, views: number): number | null {
  return views > 0 ? Math.min(1, sales / views) : null;
}

/** A conversion as the owner reads it: "2.5%", or "–" without views. */
export function formatConversion(conversion: number | null): string {
  if (conversion === null) return '–';
  return `${(conversion * 100).toFixed(conversion < 0.1 ? 1 : 0)}%`;
}
