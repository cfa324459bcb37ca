import type { Generated } from 'kysely';
import type { ConsentKind, ConsentSource, ConsentStatus } from '../../shared/mailing/consent-kinds';
import type { Timestamp } from './column-types';

// The mailing list: one row per address and kind of mail, with the evidence of the consent, and the addresses no
// list mail goes to any more (a permanent delivery failure).

export interface MailConsentsTable {
  id: Generated<number>;
  /** Lower-cased, as users.email. */
  email: string;
  /** The account the address belongs to when it was given signed in; null for a visitor or an import. */
  user_id: number | null;
  kind: ConsentKind;
  status: ConsentStatus;
  source: ConsentSource;
  /** The exact words agreed to. */
  wording: string;
  /** When the box was ticked or the form sent (an import: the date its row carries). */
  consented_at: Timestamp;
  /** When the confirming link was followed (double opt-in); an import carries its own. */
  confirmed_at: Timestamp | null;
  withdrawn_at: Timestamp | null;
  /** The confirming link's token, hashed; cleared once followed. */
  confirm_token_hash: string | null;
  /** Free text kept with an import: the evidence the importing seller had (e.g. "Mailchimp form, IP 203.0.113.7"). */
  evidence: string | null;
}

export interface MailSuppressionsTable {
  email: string;
  /** The relay's answer, e.g. "550 5.1.1 user unknown". */
  reason: string;
  created_at: Timestamp;
}
