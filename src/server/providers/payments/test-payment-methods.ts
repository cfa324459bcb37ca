import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentMethodFacts } from './payment-provider';
import { cardLabel } from './payment-method-label';
import type { CardOutcome } from './test-cards';

// The test provider's payment methods in the database (every instance sees them): a card's brand, last four,
// issuing country and what confirming with it will do, never its number.

export async function insertTestPaymentMethod(
  db: Kysely<Database>,
  method: {
    id: string;
    outcome: CardOutcome | { kind: 'redirect' };
    brand: string;
    last4: string;
    country: string;
    /** 'card' unless told: 'test_wallet', 'test_redirect'. */
    type?: string;
    label?: string;
  },
  billingCountry: string | null,
): Promise<void> {
  const { outcome } = method;
  await db
    .insertInto('test_payment_methods')
    .values({
      id: method.id,
      card_brand: method.brand,
      card_last4: method.last4,
      card_country: method.country,
      billing_country: billingCountry,
      outcome: outcome.kind,
      error_code: outcome.kind === 'refused' ? outcome.error.code : null,
      error_message: outcome.kind === 'refused' ? outcome.error.message : null,
      method_type: method.type ?? 'card',
      method_label: method.label ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The method's facts for the checkout, and the outcome its confirmation gives; null for an unknown id. */
export async function findTestPaymentMethod(
  db: Kysely<Database>,
  methodId: string,
): Promise<{ facts: PaymentMethodFacts; outcome: CardOutcome | { kind: 'redirect' } } | null> {
  const row = await db.selectFrom('test_payment_methods').selectAll().where('id', '=', methodId).executeTakeFirst();
  if (!row) return null;
  const card = { brand: row.card_brand, last4: row.card_last4 };
  const hasCard = row.method_type !== 'test_redirect';
  return {
    facts: {
      id: row.id,
      cardCountry: hasCard ? row.card_country : null,
      billingCountry: row.billing_country,
      card: hasCard ? card : null,
      type: row.method_type,
      label: row.method_label ?? cardLabel(row.card_brand, row.card_last4),
      methodCountry: hasCard ? null : row.card_country || null,
    },
    outcome:
      row.outcome === 'refused'
        ? { kind: 'refused', error: { code: row.error_code ?? '', message: row.error_message ?? '' }, ...card }
        : row.outcome === 'redirect'
          ? { kind: 'redirect' }
          : { kind: row.outcome, ...card },
  };
}
