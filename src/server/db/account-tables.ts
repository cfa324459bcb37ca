import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

// Accounts: who signs in, their sessions, and the single-use links mailed to them.

export interface UsersTable {
  id: Generated<number>;
  /** Stored lower-cased, so that one address is one account. */
  email: string;
  password_hash: string;
  role: 'customer' | 'admin';
  email_confirmed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export type EmailTokenPurpose = 'confirm-email' | 'reset-password' | 'change-email';

export interface EmailTokensTable {
  token_hash: string;
  user_id: number;
  purpose: EmailTokenPurpose;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** A 'change-email' link's new address (migration 0035); null for the other purposes. */
  new_email: ColumnType<string | null, string | null | undefined, string | null>;
}
