import type { Kysely, Transaction } from 'kysely';
import type { SavedLine } from '#shared/cart/saved-cart.ts';
import type { CartReminderState } from '../../db/buyer-cart-tables';
import { engineOf } from '../../db/dialect';
import type { Database } from '../../db/schema';

// The account's cart lines, favourites and the cart's row (its reminder), as free functions of a db or transaction.

type Db = Kysely<Database> | Transaction<Database>;
const iso = (date: Date) => date.toISOString();

/** The reminder comes this long after the cart's last change. */
export const REMINDER_AFTER_MS = 24 * 3_600_000;

export async function readLines(db: Db, userId: number): Promise<SavedLine[]> {
  const rows = await db
    .selectFrom('buyer_cart_lines')
    .select(['item_kind', 'item_id', 'licence', 'quantity', 'amount_cents'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    kind: row.item_kind,
    id: row.item_id,
    licence: row.licence,
    quantity: row.quantity,
    amountCents: row.amount_cents,
  }));
}

export async function readFavorites(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('buyer_favorites')
    .select('artwork_id')
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.artwork_id);
}

export async function replaceLines(trx: Transaction<Database>, userId: number, lines: readonly SavedLine[]) {
  await trx.deleteFrom('buyer_cart_lines').where('user_id', '=', userId).execute();
  if (lines.length === 0) return;
  await trx
    .insertInto('buyer_cart_lines')
    .values(
      lines.map((line, position) => ({
        user_id: userId,
        item_kind: line.kind,
        item_id: line.id,
        licence: line.licence,
        quantity: line.quantity,
        amount_cents: line.amountCents,
        position,
      })),
    )
    .execute();
}

export async function replaceFavorites(trx: Transaction<Database>, userId: number, artworkIds: readonly number[]) {
  await trx.deleteFrom('buyer_favorites').where('user_id', '=', userId).execute();
  if (artworkIds.length === 0) return;
  await trx
    .insertInto('buyer_favorites')
    .values(artworkIds.map((artwork_id, position) => ({ user_id: userId, artwork_id, position })))
    .execute();
}

/**
 * The account's cart row, made if missing, and locked until the transaction ends (PostgreSQL; SQLite writes one at
 * a time anyway): two saves of one account at once (two tabs) then replace the lines one after the other instead of
 * colliding on the lines' unique key.
 */
export async function lockCart(trx: Transaction<Database>, userId: number, now: Date) {
  await trx
    .insertInto('buyer_carts')
    .values({ user_id: userId, reminder: 'idle', changed_at: iso(now), next_attempt_at: iso(now) })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  return trx
    .selectFrom('buyer_carts')
    .select(['id', 'reminder'])
    .where('user_id', '=', userId)
    .$if(engineOf(trx) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
}

/**
 * The cart's row after its lines changed. The reminder's rule (decision 0077): an emptied cart is a cart no more
 * (idle, its reminder forgotten); a cart that had its reminder keeps it as sent, whatever changes, until it is
 * bought or emptied; any other non-empty cart waits for its reminder, due 24 hours after this change.
 */
export async function cartChanged(
  trx: Transaction<Database>,
  cart: { id: number; reminder: CartReminderState },
  empty: boolean,
  now: Date,
) {
  const reminder = empty ? 'idle' : cart.reminder === 'sent' ? 'sent' : 'waiting';
  await trx
    .updateTable('buyer_carts')
    .set({
      changed_at: iso(now),
      reminder,
      ...(empty ? { reminded_at: null } : {}),
      next_attempt_at: iso(new Date(now.getTime() + REMINDER_AFTER_MS)),
      attempts: 0,
      last_error: null,
    })
    .where('id', '=', cart.id)
    .execute();
}

/** Deletes what is kept of the account's cart and favourites. */
export async function deleteBuyerCart(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('buyer_cart_lines').where('user_id', '=', userId).execute();
  await trx.deleteFrom('buyer_favorites').where('user_id', '=', userId).execute();
  await trx.deleteFrom('buyer_carts').where('user_id', '=', userId).execute();
}
