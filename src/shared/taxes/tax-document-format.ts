// How an invoice or credit note reads, the same on its page and in its PDF: titles, amounts in the document's own
// currency, rates, the place of supply. No zod: the browser loads it.

import { LICENCE_TIERS, licenceShortLabel, type LicenceTier } from '../licences/licences';
import type { TaxDocumentContent, TaxDocumentKind, TaxDocumentLine, TaxDocumentRate } from './tax-document';
import { countryName, formatRate } from './taxes';

/** The one answer for a number that is unknown, or not the visitor's: whether it exists is never told. */
export const TAX_DOCUMENT_NOT_FOUND = 'This document was not found.';

export const PRICES_INCLUDE_TAX_NOTE = 'Prices include VAT.';

export function documentTitle(kind: TaxDocumentKind): string {
  return kind === 'invoice' ? 'Invoice' : 'Credit note';
}

/** The document's page, '/invoices/INV-000042' (a prefix may hold '/', so the number is one encoded segment). */
export function taxDocumentPath(number: string): string {
  return `/invoices/${encodeURIComponent(number)}`;
}

/** The PDF's file name, 'INV-000042.pdf': the number, with what a file name cannot hold replaced. */
export function taxDocumentFileName(number: string): string {
  return `${number.replace(/[/\\]/g, '-')}.pdf`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Cents in the document's currency: '$12.00', '€9.50', '£1,234.50'. */
export function formatDocumentMoney(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, minimumFractionDigits: 2 });
    moneyFormats.set(code, format);
  }
  return format.format(cents / 100);
}

const DOCUMENT_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'November 26, 2026', in UTC: the page and the PDF print the same date wherever they are read. */
export function formatDocumentDate(iso: string): string {
  return DOCUMENT_DATE.format(new Date(iso));
}

/** A country's name, or a dash for an unknown one ('XX': neither taxed nor billed in a known country). */
export function documentCountry(code: string | null): string {
  return code && code !== 'XX' ? countryName(code) : '—';
}

const isLicenceTier = (value: string): value is LicenceTier => (LICENCE_TIERS as readonly string[]).includes(value);

/** 'Wisła at Dawn — Anna Nowak'; a credit note's line has no artist. */
export function lineTitle(line: TaxDocumentLine): string {
  return line.artist ? `${line.title} — ${line.artist}` : line.title;
}

/** 'Personal', 'Commercial'; empty on a credit note's line. */
export function lineLicence(line: TaxDocumentLine): string {
  return isLicenceTier(line.licence) ? licenceShortLabel(line.licence) : line.licence;
}

/** The rate as a summary line names it: 'VAT 19 %', 'Reverse charge', 'No VAT'. */
export function rateLabel(rate: Pick<TaxDocumentRate, 'treatment' | 'rateBp'>): string {
  if (rate.treatment === 'reverse-charge') return 'Reverse charge';
  if (rate.treatment === 'outside' && rate.rateBp === 0) return 'No VAT';
  return `VAT ${formatRate(rate.rateBp)}`;
}

/** Whether the tax-by-rate summary says anything: not when every line was sold without VAT and no rule applied. */
export function showsTaxByRate(content: Pick<TaxDocumentContent, 'rates'>): boolean {
  return content.rates.some((rate) => rate.treatment !== 'outside' || rate.taxCents > 0);
}

/**
 * Where the sale was taxed and on what evidence, in one line: 'Place of supply: Germany (evidence: billing address
 * in Germany, card issued in Germany, country confirmed by the buyer).' Without a country taxed, only the evidence.
 * Null when nothing was recorded.
 */
export function placeOfSupplyLine(content: Pick<TaxDocumentContent, 'placeOfSupply'>): string | null {
  const p = content.placeOfSupply;
  const evidence = [
    p.billingCountry ? `billing address in ${documentCountry(p.billingCountry)}` : null,
    p.cardCountry ? `card issued in ${documentCountry(p.cardCountry)}` : null,
    p.confirmedByBuyer ? 'country confirmed by the buyer' : null,
    p.vatNumberCheckedBy === 'vies' ? 'VAT number checked in VIES' : null,
  ].filter((part): part is string => part !== null);
  if (!p.country) return evidence.length > 0 ? `Buyer’s country: ${evidence.join(', ')}.` : null;
  const place = `Place of supply: ${documentCountry(p.country)}`;
  return evidence.length > 0 ? `${place} (evidence: ${evidence.join(', ')}).` : `${place}.`;
}

/** 'Refers to invoice INV-000042 of November 26, 2026'; null on an invoice. */
export function refersToLine(content: Pick<TaxDocumentContent, 'invoice'>): string | null {
  return content.invoice
    ? `Refers to invoice ${content.invoice.number} of ${formatDocumentDate(content.invoice.issuedAt)}`
    : null;
}
