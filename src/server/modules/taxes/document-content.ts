import { upgradeLineLabel } from '#shared/licences/upgrades.ts';
import {
  OUTSIDE_NOTE,
  REVERSE_CHARGE_NOTE,
  type TaxDocumentContent,
  type TaxDocumentLine,
  type TaxDocumentRate,
} from '#shared/taxes/tax-document.ts';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import { paymentMethodText } from '../../providers/payments/payment-method-label';
import type { TaxConfig } from '../../tax-config';
import { spreadByLargestRemainder } from '#shared/money/split-cents.ts';

/** An order's country for its documents: the one taxed, else the billing address's; 'XX' when neither is known. */
export const documentCountryOf = (order: OrderRow) => order.tax_country ?? order.billing_country ?? 'XX';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function ratesOf(lines: ReadonlyArray<{ rateBp: number; netCents: number; taxCents: number }>, order: OrderRow) {
  const rates = new Map<number, TaxDocumentRate>();
  for (const line of lines) {
    const rate = rates.get(line.rateBp) ?? {
      country: documentCountryOf(order),
      treatment: order.tax_treatment ?? 'outside',
      rateBp: line.rateBp,
      netCents: 0,
      taxCents: 0,
    };
    rate.netCents += line.netCents;
    rate.taxCents += line.taxCents;
    rates.set(line.rateBp, rate);
  }
  return [...rates.values()].sort((a, b) => b.rateBp - a.rateBp);
}

function notesOf(order: OrderRow): string[] {
  if (order.tax_treatment === 'reverse-charge') return [REVERSE_CHARGE_NOTE];
  if (order.tax_treatment === 'outside' && order.tax_country) return [OUTSIDE_NOTE];
  return [];
}

interface Header {
  number: string;
  issuedAt: Date;
  seller: TaxConfig['seller'];
  storeName: string;
}

function common(order: OrderRow, header: Header) {
  const name = `${order.first_name} ${order.last_name}`.trim();
  return {
    number: header.number,
    issuedAt: header.issuedAt.toISOString(),
    currency: order.currency,
    seller: {
      name: header.seller.name ?? header.storeName,
      address: header.seller.address,
      country: header.seller.country,
      taxId: header.seller.taxId,
    },
    buyer: {
      name: name || order.customer_email,
      email: order.customer_email,
      country: documentCountryOf(order),
      vatNumber: order.vat_number,
    },
    order: { number: order.order_number, paidAt: iso(order.paid_at), paidWith: paymentMethodText(order) },
    pricesIncludeTax: order.prices_include_tax === 1,
    notes: notesOf(order),
    placeOfSupply: {
      country: order.tax_country,
      billingCountry: order.billing_country,
      cardCountry: order.card_country,
      confirmedByBuyer: order.country_confirmed === 1,
      scheme: order.tax_scheme,
      vatNumberCheckedBy: order.vat_number_checked_by,
    },
  };
}

/** An order line as a document shows it, as it was charged: the invoice's and a line's credit note alike. */
function documentLineOf(item: OrderItemRow): TaxDocumentLine {
  return {
    // An upgrade is charged as the difference only: the line says so beside the artwork (decision 0068).
    title: item.upgrade_of_item_id === null ? item.title : `${item.title} (${upgradeLineLabel})`,
    artist: item.artist,
    licence: item.licence,
    quantity: item.quantity,
    amountCents: item.line_total_cents,
    discountCents: item.discount_cents,
    netCents: item.net_cents,
    rateBp: item.tax_rate_bp,
    taxCents: item.tax_cents,
    totalCents: item.net_cents + item.tax_cents,
    ...(item.set_id === null ? {} : { setId: item.set_id }),
    ...(item.set_title === null ? {} : { setTitle: item.set_title }),
  };
}

/** The invoice of a paid order: its lines as charged, the tax per rate, the totals. */
export function invoiceContent(order: OrderRow, items: OrderItemRow[], header: Header): TaxDocumentContent {
  const lines = items.map(documentLineOf);
  const sum = (pick: (line: TaxDocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    kind: 'invoice',
    invoice: null,
    ...common(order, header),
    lines,
    rates: ratesOf(lines, order),
    totals: {
      subtotalCents: order.subtotal_cents,
      discountCents: order.discount_cents,
      netCents: sum((line) => line.netCents),
      taxCents: sum((line) => line.taxCents),
      totalCents: sum((line) => line.totalCents),
    },
  };
}

/**
 * What the refunds up to `refundedCents` take back of each rate's net and tax, in total: the refunded money spread
 * over the rates by their totals (largest remainder), each rate's tax in proportion, half up. Worked out on the
 * running total, not on each refund, so the credit notes of a fully refunded order take back its invoice exactly.
 */
function creditedUpTo(rates: TaxDocumentRate[], refundedCents: number) {
  const totals = rates.map((rate) => rate.netCents + rate.taxCents);
  const shares = spreadByLargestRemainder(refundedCents, totals);
  return rates.map((rate, index) => {
    const total = totals[index]!;
    const share = shares[index]!;
    const tax = total === 0 ? 0 : Math.floor((share * rate.taxCents * 2 + total) / (2 * total));
    return { ...rate, netCents: share - tax, taxCents: tax };
  });
}

/** The per-rate sums of credit notes already issued, in the invoice's order of rates. */
function sumsPerRate(rates: TaxDocumentRate[], credited: readonly TaxDocumentRate[]) {
  return rates.map((rate) => {
    const same = credited.filter((c) => c.rateBp === rate.rateBp);
    return {
      netCents: same.reduce((sum, c) => sum + c.netCents, 0),
      taxCents: same.reduce((sum, c) => sum + c.taxCents, 0),
    };
  });
}

/**
 * A credit note for the refunds from `refundedBefore` to `refundedAfter` cents, against its invoice. `credited`, the
 * rates of the invoice's credit notes so far, is what was taken back before: after refunds of amounts only it equals
 * what the running total before them credits, and after a line's own credit note (decision 0071) it keeps the notes of a
 * fully refunded order adding up to its invoice exactly.
 */
export function creditNoteContent(
  invoice: TaxDocumentContent,
  refunded: { before: number; after: number },
  header: Header,
  options: { credited?: readonly TaxDocumentRate[] } = {},
): TaxDocumentContent {
  const after = creditedUpTo(invoice.rates, refunded.after);
  const before = options.credited
    ? sumsPerRate(invoice.rates, options.credited)
    : creditedUpTo(invoice.rates, refunded.before);
  const rates = after.map((rate, index) => ({
    ...rate,
    netCents: rate.netCents - before[index]!.netCents,
    taxCents: rate.taxCents - before[index]!.taxCents,
  }));
  const lines: TaxDocumentLine[] = rates.map((rate) => ({
    title: `Refund against invoice ${invoice.number}`,
    artist: '',
    licence: '',
    quantity: 1,
    amountCents: rate.netCents + rate.taxCents,
    discountCents: 0,
    netCents: rate.netCents,
    rateBp: rate.rateBp,
    taxCents: rate.taxCents,
    totalCents: rate.netCents + rate.taxCents,
  }));
  const net = rates.reduce((total, rate) => total + rate.netCents, 0);
  const tax = rates.reduce((total, rate) => total + rate.taxCents, 0);
  return {
    ...invoice,
    kind: 'credit_note',
    number: header.number,
    issuedAt: header.issuedAt.toISOString(),
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
    lines,
    rates,
    totals: { subtotalCents: net + tax, discountCents: 0, netCents: net, taxCents: tax, totalCents: net + tax },
  };
}

/**
 * The credit note of lines refunded on their own (decision 0071): those lines as the invoice charged them (after
 * their share of the discount, with their tax), and their rates. Null when they are not exactly the money refunded
 * (the provider's total also held another refund): that refund is then credited in proportion.
 */
export function lineCreditNoteContent(
  invoice: TaxDocumentContent,
  items: readonly OrderItemRow[],
  refundedCents: number,
  header: Header,
): TaxDocumentContent | null {
  const charged = items.reduce((sum, item) => sum + item.net_cents + item.tax_cents, 0);
  if (items.length === 0 || charged !== refundedCents) return null;
  const lines = items.map(documentLineOf);
  const rates = new Map<number, TaxDocumentRate>();
  for (const line of lines) {
    const invoiced = invoice.rates.find((rate) => rate.rateBp === line.rateBp) ?? invoice.rates[0];
    const rate = rates.get(line.rateBp) ?? {
      country: invoiced?.country ?? invoice.buyer.country ?? 'XX',
      treatment: invoiced?.treatment ?? 'outside',
      rateBp: line.rateBp,
      netCents: 0,
      taxCents: 0,
    };
    rate.netCents += line.netCents;
    rate.taxCents += line.taxCents;
    rates.set(line.rateBp, rate);
  }
  const sum = (pick: (line: TaxDocumentLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    ...invoice,
    kind: 'credit_note',
    number: header.number,
    issuedAt: header.issuedAt.toISOString(),
    invoice: { number: invoice.number, issuedAt: invoice.issuedAt },
    lines,
    rates: [...rates.values()].sort((a, b) => b.rateBp - a.rateBp),
    totals: {
      subtotalCents: sum((line) => line.amountCents + line.discountCents),
      discountCents: sum((line) => line.discountCents),
      netCents: sum((line) => line.netCents),
      taxCents: sum((line) => line.taxCents),
      totalCents: sum((line) => line.totalCents),
    },
  };
}
