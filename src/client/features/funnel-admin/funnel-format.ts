const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'Nov 28': a UTC calendar day ('2026-11-28') on a chart's axis. */
export const shortDay = (day: string): string => short.format(new Date(`${day}T00:00:00Z`));

/** 'November 28, 2026'. */
export const longDay = (day: string): string => long.format(new Date(`${day}T00:00:00Z`));

/** '1,234'. */
export const count = (value: number): string => value.toLocaleString('en-US');
