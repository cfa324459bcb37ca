import type { Kysely, Updateable } from 'kysely';
import type { Database, TestIntentRow, TestPaymentIntentsTable } from '../../db/schema';
import { randomBytes } from 'node:crypto';
import type { CreateIntentInput, IntentStatus, ProviderIntent } from './payment-provider';
import type { CardOutcome } from './test-cards';

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

/** One intent's row, found by whichever of its unique keys the caller holds. */
export function findTestIntent(
  db: Kysely<Database>,
  key: 'id' | 'client_secret' | 'idempotency_key',
  value: string,
): Promise<TestIntentRow | undefined> {
  return db.selectFrom('test_payment_intents').selectAll().where(key, '=', value).executeTakeFirst();
}

/** Moves the intent on only from the states named: of two confirmations racing, one wins. */
export async function moveTestIntent(
  db: Kysely<Database>,
  intentId: string,
  from: IntentStatus[],
  changes: Updateable<TestPaymentIntentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('test_payment_intents')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', intentId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new intent under the request's idempotency key, or the one made before with it (also by a request racing). */
export async function insertTestIntent(
  db: Kysely<Database>,
  intentId: string,
  input: CreateIntentInput,
): Promise<TestIntentRow> {
  const now = new Date().toISOString();
  await db
    .insertInto('test_payment_intents')
    .values({
      id: intentId,
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      idempotency_key: input.idempotencyKey,
      amount: input.amount,
      currency: input.currency,
      status: 'requires_payment_method',
      metadata: JSON.stringify({ orderId: String(input.orderId), orderNumber: input.orderNumber }),
      created_at: now,
      updated_at: now,
    })
    // Two requests with one key at once: the second finds the first's intent below.
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return db
    .selectFrom('test_payment_intents')
    .selectAll()
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
}

/**
 * Adds a refund to the intent as `row` showed it, in one statement: of two refunds racing, the one that finds the
 * amount still there wins. 'same key': the winner was this very refund, asked twice.
 */
export async function recordTestRefund(
  db: Kysely<Database>,
  row: TestIntentRow,
  refund: number,
  idempotencyKey: string,
): Promise<'recorded' | 'same key' | 'raced'> {
  const result = await db
    .updateTable('test_payment_intents')
    .set((eb) => ({
      amount_refunded: eb('amount_refunded', '+', refund),
      last_refund_key: idempotencyKey,
      updated_at: new Date().toISOString(),
    }))
    .where('id', '=', row.id)
    .where('amount_refunded', '=', row.amount_refunded)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return 'recorded';
  const now = await db
    .selectFrom('test_payment_intents')
    .select('last_refund_key')
    .where('id', '=', row.id)
    .executeTakeFirst();
  return now?.last_refund_key === idempotencyKey ? 'same key' : 'raced';
}

/** The intent's state after a confirmation whose card (checked whole) succeeds, asks to authenticate, or is refused. */
export function columnsAfter(outcome: CardOutcome) {
  if (outcome.kind === 'succeeds') return { status: 'succeeded', last_error_code: null, last_error_message: null };
  if (outcome.kind === 'authentication')
    return { status: 'requires_action', pending_outcome: 'succeeded', last_error_code: null, last_error_message: null };
  return {
    status: 'requires_payment_method',
    last_error_code: outcome.error.code,
    last_error_message: outcome.error.message,
  };
}
