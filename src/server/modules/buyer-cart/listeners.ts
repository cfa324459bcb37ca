import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventBus } from '../../events/event-bus';
import { deleteBuyerCart } from './repository';

/**
 * A paid order takes its lines out of the buyer's saved cart and ends the cart's reminder: what is left (if
 * anything) is a cart of its own, reminded of only after its next change. The buyer is the order's account, or the
 * account of the order's address (a guest's order).
 */
async function cartBought(trx: Transaction<Database>, orderId: number): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .leftJoin('users', 'users.email', 'orders.customer_email')
    .select(['orders.user_id', 'users.id as address_user_id'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  const userId = order?.user_id ?? order?.address_user_id ?? null;
  if (userId === null) return;
  const items = await trx
    .selectFrom('order_items')
    .select(['artwork_id', 'set_id', 'licence'])
    .where('order_id', '=', orderId)
    .where('upgrade_of_item_id', 'is', null)
    .execute();
  for (const item of items) {
    const [kind, id] = item.set_id === null ? (['artwork', item.artwork_id] as const) : (['set', item.set_id] as const);
    await trx
      .deleteFrom('buyer_cart_lines')
      .where('user_id', '=', userId)
      .where('item_kind', '=', kind)
      .where('item_id', '=', id)
      .where('licence', '=', item.licence)
      .execute();
  }
  await trx
    .updateTable('buyer_carts')
    .set({ reminder: 'idle', reminded_at: null })
    .where('user_id', '=', userId)
    .execute();
}

export function registerBuyerCartListeners(events: EventBus): void {
  events.onInTransaction('order.paid', (trx, event) => cartBought(trx, event.orderId));
  // What is kept of a person goes with their account.
  events.onInTransaction('account.deleted', (trx, event) => deleteBuyerCart(trx, event.userId));
}
