import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AccountDeleted } from '../../events/domain-events';

/**
 * A buyer deleted their account (decision 0074): their orders stay, for the invoices and credit notes the law makes
 * the store keep, but without the person. Each order leaves the account (user_id null), is marked
 * `account_deleted_at` (the owner's views then show "Deleted account" instead of the address, and no later account
 * or guest checkout with the same address can claim it), and its guest library link is revoked. Guest orders of the
 * address that had not joined the account yet are the person's too and go the same way. The billing name and
 * address stay on the row: a credit note issued later must name the buyer as its invoice did. The downloads log
 * keeps what was fetched and when (the owner's figures), without the account, the IP address or the browser.
 */
export async function detachOrdersOfAccount(trx: Transaction<Database>, event: AccountDeleted, now: Date) {
  const at = now.toISOString();
  const orders = await trx
    .selectFrom('orders')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('user_id', '=', event.userId),
        eb.and([
          eb('user_id', 'is', null),
          eb('customer_email', '=', event.email),
          eb('account_deleted_at', 'is', null),
        ]),
      ]),
    )
    .execute();
  const ids = orders.map((order) => order.id);
  if (ids.length === 0) return;
  await trx.updateTable('orders').set({ user_id: null, account_deleted_at: at }).where('id', 'in', ids).execute();
  // A link the owner revoked earlier keeps the time it was revoked.
  await trx
    .updateTable('orders')
    .set({ guest_link_revoked_at: at })
    .where('id', 'in', ids)
    .where('guest_link_revoked_at', 'is', null)
    .execute();
  await trx.updateTable('discount_reservations').set({ user_id: null }).where('order_id', 'in', ids).execute();
  await trx
    .updateTable('downloads')
    .set({ user_id: null, ip_address: '', user_agent: '' })
    .where((eb) =>
      eb.or([
        eb('user_id', '=', event.userId),
        eb('order_item_id', 'in', eb.selectFrom('order_items').select('id').where('order_id', 'in', ids)),
      ]),
    )
    .execute();
}
