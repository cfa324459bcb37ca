import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

// The store's mail: the contact form's messages and the queue every message goes out through.

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
  mailed_at: Timestamp | null;
}

/** Mail waiting for, or handed to, the mail server (decision 0026). */
export interface MailQueueTable {
  id: Generated<number>;
  kind: string;
  ref: string | null;
  idempotency_key: string | null;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** Extra header lines as JSON (MailMessage.headers), or null. */
  headers: string | null;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  claimed_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** Refused for good (list mail's 5xx): no longer pending, never sent. */
  given_up_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}
