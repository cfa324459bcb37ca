import type { TestIntentRow } from '../../db/schema';
import type { IntentStatus, ProviderIntent } from './payment-provider';

/** The store's page standing for the test redirect method's bank (routed by the payments module). */
export const testBankUrl = (intentId: string) => `/payments/test-bank?payment_intent=${encodeURIComponent(intentId)}`;

/** A test payment intent as the store keeps it (test_payment_intents) read as the provider's intent. */
export function toIntent(row: TestIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    amount: row.amount,
    currency: row.currency,
    status: row.status as IntentStatus,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    lastError: row.last_error_code ? { code: row.last_error_code, message: row.last_error_message ?? '' } : null,
    amountRefunded: row.amount_refunded,
    nextAction:
      row.status !== 'requires_action'
        ? null
        : { redirectUrl: row.pending_outcome === 'redirect' ? testBankUrl(row.id) : null },
  };
}
