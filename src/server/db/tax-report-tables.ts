import type { Timestamp } from './column-types';

// The tax report's table (migration 0014), kept apart from schema.ts, which names it in `Database`.

/** The euro rate the owner entered for a quarter. */
export interface TaxReportRatesTable {
  /** '2026-Q4'. */
  quarter: string;
  /** Units of the store's currency for 1 EUR, as typed without needless zeros: '1.0815'. */
  eur_rate: string;
  updated_at: Timestamp;
}
