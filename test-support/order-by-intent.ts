import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema';

/** The order a checkout's payment intent belongs to, its whole row as it stands now: what a test reads after each step. */
export function orderByIntent(db: Kysely<Database>, paymentIntentId: string) {
  return db.selectFrom('orders').selectAll().where('payment_intent_id', '=', paymentIntentId).executeTakeFirstOrThrow();
}
