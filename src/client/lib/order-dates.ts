// Dates of orders and downloads, in the visitor's own time zone: the server sends ISO instants.

const longDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The US long format with the time: 'November 21, 2026 at 3:05 PM'. */
export function formatLongDateTime(iso: string): string {
  return longDateTime.format(new Date(iso));
}

/** 'November 21, 2026'. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}
