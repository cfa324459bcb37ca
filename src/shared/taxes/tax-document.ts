// An invoice or credit note as issued: what its page and PDF show, kept whole with the document (an issued one
// never changes, whatever becomes of the order, the artwork or the store's settings). Amounts are integer cents in
// `currency`, all positive (a credit note's title says it takes back). No zod: the browser loads it.

import type { TaxTreatment } from './taxes';

export type TaxDocumentKind = 'invoice' | 'credit_note';

export interface TaxDocumentLine {
  title: string;
  artist: string;
  /** 'personal' | 'commercial' */
  licence: string;
  quantity: number;
  /** The line as priced in the shop's prices, after its share of any discount (with tax inside when prices include it). */
  amountCents: number;
  discountCents: number;
  netCents: number;
  rateBp: number;
  taxCents: number;
  /** net + tax. */
  totalCents: number;
  /** The set the line is a piece of and its title as sold (decision 0073): the document heads the set's lines with it. */
  setId?: number;
  setTitle?: string;
}

/** The sums per rate, as a tax return asks for them. */
export interface TaxDocumentRate {
  country: string;
  treatment: TaxTreatment;
  rateBp: number;
  netCents: number;
  taxCents: number;
}

export interface TaxDocumentContent {
  kind: TaxDocumentKind;
  /** With its prefix: 'INV-000042'. */
  number: string;
  issuedAt: string;
  currency: string;
  /** A credit note's invoice. */
  invoice: { number: string; issuedAt: string } | null;
  seller: { name: string; address: string | null; country: string | null; taxId: string | null };
  buyer: { name: string; email: string; country: string | null; vatNumber: string | null };
  /** `paidWith`: the method in words ("Visa ••4242", "iDEAL (ING)"); absent from documents issued before it was kept. */
  order: { number: string; paidAt: string | null; paidWith?: string | null };
  lines: TaxDocumentLine[];
  rates: TaxDocumentRate[];
  totals: { subtotalCents: number; discountCents: number; netCents: number; taxCents: number; totalCents: number };
  pricesIncludeTax: boolean;
  /** The legal words the document must carry, e.g. the reverse charge's. */
  notes: string[];
  /** Where the sale was taxed and on what evidence. */
  placeOfSupply: {
    country: string | null;
    billingCountry: string | null;
    cardCountry: string | null;
    confirmedByBuyer: boolean;
    scheme: string | null;
    vatNumberCheckedBy: string | null;
  };
}

export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
export const OUTSIDE_NOTE = 'No VAT charged: the sale is outside the seller’s VAT registrations.';
