import type { ColumnType, Generated } from 'kysely';
import type { TaxTreatment } from '../../shared/taxes/taxes';
import type { Timestamp } from './column-types';

// Invoices, credit notes, their numbering and the test provider's payment methods (migration 0013), kept apart
// from schema.ts, which names them in `Database`.

export type TaxDocumentKind = 'invoice' | 'credit_note';

/** An invoice or credit note as issued; never updated. */
export interface TaxDocumentsTable {
  id: Generated<number>;
  kind: TaxDocumentKind;
  number: number;
  display_number: string;
  order_id: number;
  invoice_id: number | null;
  currency: string;
  /** Signed: negative on a credit note. */
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  /** The document as issued: JSON of TaxDocumentContent (#shared/taxes/tax-document.ts). */
  content: string;
  issued_at: Timestamp;
}

/** One document's sales for one country, scheme, treatment and rate. */
export interface TaxDocumentLinesTable {
  id: Generated<number>;
  document_id: number;
  country: string;
  scheme: string | null;
  treatment: TaxTreatment;
  rate_bp: number;
  net_cents: number;
  tax_cents: number;
}

export interface DocumentSequencesTable {
  kind: TaxDocumentKind;
  next_number: number;
}

export interface TestPaymentMethodsTable {
  id: string;
  card_brand: string;
  card_last4: string;
  card_country: string;
  billing_country: string | null;
  /** 'redirect': the test bank's page decides (the test redirect method). */
  outcome: 'succeeds' | 'authentication' | 'refused' | 'redirect';
  error_code: string | null;
  error_message: string | null;
  /** 'card', 'test_wallet' (a card in the test wallet) or 'test_redirect' (the test bank). */
  method_type: ColumnType<string, string | undefined, string>;
  method_label: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Timestamp, string, string>;
}
