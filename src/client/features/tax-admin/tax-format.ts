const formats = new Map<string, Intl.NumberFormat>();

/** '$1,234.56', '-€0.05', 'CA$…': integer cents of a currency, with its sign and two decimals. */
export function formatMoney(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2 });
    formats.set(code, format);
  }
  return format.format(cents / 100);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '3 invoices, 1 credit note'. */
export function documentsText(invoices: number, creditNotes: number): string {
  const parts = [];
  if (invoices > 0 || creditNotes === 0) parts.push(plural(invoices, 'invoice', 'invoices'));
  if (creditNotes > 0) parts.push(plural(creditNotes, 'credit note', 'credit notes'));
  return parts.join(', ');
}

const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 'August 1, 2025': a calendar day ('2025-08-01'), the same wherever the owner is. */
export function formatDay(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}
