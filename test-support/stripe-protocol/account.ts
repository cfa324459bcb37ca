// The loopback Stripe account: its stored objects and tax setup, who is calling (secret or publishable key), and the
// ids and timestamps its objects get.
import { randomBytes } from 'node:crypto';
import type { DeclineReason } from './cards';
import type { StoredCalculation, StoredTaxTransaction } from './tax-types';
import type { KeptToken, StoredCharge, StoredIntent, StoredPaymentMethod, StoredRefund } from './types';

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** Who is calling: the secret key (the store's server), or the publishable key (Stripe.js in the page). */
export type Caller = 'secret' | 'publishable';

export interface TaxSetup {
  /** The account's registrations: country → its VAT rate as Stripe writes it ('19.0'). */
  registrations: ReadonlyMap<string, string>;
  /** The country of the account's head office: no reverse charge for a business buyer there. */
  headOffice: string;
}

export interface Account {
  intents: Map<string, StoredIntent>;
  charges: Map<string, StoredCharge>;
  refunds: Map<string, StoredRefund>;
  paymentMethods: Map<string, StoredPaymentMethod>;
  /** How the card of a payment method is declined, for those made from a declining test card. */
  declines: Map<string, DeclineReason>;
  taxCalculations: Map<string, StoredCalculation>;
  taxTransactions: Map<string, StoredTaxTransaction>;
  tax: TaxSetup;
  confirmationTokens: Map<string, KeptToken>;
  /** The server's own address: a redirect method's bank page is under it. */
  baseUrl: string;
  /** Intents at a redirect method's bank or settling: the preview of the method they were confirmed with. */
  pendingMethods: Map<string, { type: string; [type: string]: unknown }>;
}
