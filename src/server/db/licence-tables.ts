import type { Generated } from 'kysely';
import type { LicenceTier } from '../../shared/licences/licences';
import type { Timestamp } from './column-types';

// The licence terms' table (migration 0012), kept apart from schema.ts, which names it in `Database`.

/** One version of one tier's terms; a save adds a row, none is ever changed. */
export interface LicenceTermsTable {
  id: Generated<number>;
  licence: LicenceTier;
  version: number;
  summary: string;
  /** JSON array of strings. */
  allowed: string;
  /** JSON array of strings. */
  not_allowed: string;
  created_at: Timestamp;
}
