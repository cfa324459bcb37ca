import type { Kysely } from 'kysely';
import { GUEST_ORDER_MESSAGES } from '#shared/orders/guest-orders.ts';
import { buyerOrderNumber } from '#shared/orders/checkout.ts';
import type { Database, OrderRow } from '../../db/schema';
import { NotAllowedError, NotFoundError } from '../../errors';
import { escapeMarkup } from '../../http/escaping';
import type { SecretSource } from '../../providers/storage/signed-local-link';
import { findOrderByNumber } from './admin-repository';
import { guestLibraryUrl, readGuestLinkToken } from './guest-link';
import type { OrderDeps } from './order-deps';

// A guest's orders (decision 0058): the order a library link opens, the links mailed again, the owner's revocation,
// and the orders that join an account once its address is confirmed.

type GuestDeps = Pick<OrderDeps, 'db' | 'config' | 'mail' | 'log'> & { guestLinkSecret: SecretSource };

/**
 * The order a guest's library link names. A link whose signature is wrong is a 404; one the owner revoked, or made
 * before the link was issued again, a 403 that says so (the page shows it; never a 5xx).
 */
export async function orderOfGuestLink(
  deps: { db: Kysely<Database>; guestLinkSecret: SecretSource },
  token: string,
): Promise<OrderRow> {
  const named = await readGuestLinkToken(deps.guestLinkSecret, token);
  const order = named ? await findOrderByNumber(deps.db, named.orderNumber) : undefined;
  if (!named || !order || !order.paid_at) throw new NotFoundError(GUEST_ORDER_MESSAGES.notFound);
  if (order.guest_link_revoked_at !== null || order.guest_link_version !== named.version)
    throw new NotAllowedError(GUEST_ORDER_MESSAGES.revoked);
  return order;
}

/**
 * "Send me my links again": one e-mail to the address listing the library link of each of its paid orders whose
 * link the owner has not revoked; nothing at all for an address without one. The caller answers the same either way.
 */
export async function sendLinksAgain(deps: GuestDeps, email: string): Promise<void> {
  const orders = await deps.db
    .selectFrom('orders')
    .selectAll()
    .where('customer_email', '=', email)
    .where('account_deleted_at', 'is', null)
    .where('paid_at', 'is not', null)
    .where('guest_link_revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  if (orders.length === 0) return;
  const links = await Promise.all(
    orders.map(async (order) => ({
      number: buyerOrderNumber({ paymentIntentId: order.payment_intent_id, orderNumber: order.order_number }),
      url: await guestLibraryUrl(deps.config.publicUrl, deps.guestLinkSecret, order),
    })),
  );
  const { storeName } = deps.config;
  const text = [
    `Here are the links to your orders at ${storeName}. Each opens the order's downloads, invoice and licence`,
    'certificates; keep this e-mail, the links do not expire.',
    '',
    ...links.map((link) => `Order ${link.number}: ${link.url}`),
    '',
    'If you did not ask for this e-mail, you can ignore it.',
  ].join('\n');
  const html = `<p>Here are the links to your orders at ${escapeMarkup(storeName)}. Each opens the order's downloads, invoice and licence certificates; keep this e-mail, the links do not expire.</p>
<ul>${links.map((link) => `<li><a href="${escapeMarkup(link.url)}">Order ${escapeMarkup(link.number)}</a></li>`).join('')}</ul>
<p>If you did not ask for this e-mail, you can ignore it.</p>`;
  const id = await deps.mail.enqueue(deps.db, {
    to: email,
    subject: `Your orders at ${storeName}`,
    text,
    html,
    kind: 'guest-links',
    ref: email,
  });
  await deps.mail.deliverQueued([id]);
}

/**
 * The owner's revocation (`revoke`) or a new link (`reissue`: the version goes up, so every earlier link is refused,
 * and the new one works). Answers the new link for the owner to pass on.
 */
export async function changeGuestLink(
  deps: Pick<GuestDeps, 'db' | 'config' | 'guestLinkSecret'>,
  orderNumber: string,
  change: 'revoke' | 'reissue',
): Promise<{ guestLink: string | null }> {
  const order = await findOrderByNumber(deps.db, orderNumber);
  if (!order) throw new NotFoundError('No order has this number.');
  const now = new Date().toISOString();
  if (change === 'revoke') {
    await deps.db
      .updateTable('orders')
      .set({ guest_link_revoked_at: now, updated_at: now })
      .where('id', '=', order.id)
      .execute();
    return { guestLink: null };
  }
  const updated = await deps.db
    .updateTable('orders')
    .set((eb) => ({
      guest_link_version: eb('guest_link_version', '+', 1),
      guest_link_revoked_at: null,
      updated_at: now,
    }))
    .where('id', '=', order.id)
    .returning(['order_number', 'guest_link_version'])
    .executeTakeFirstOrThrow();
  return { guestLink: await guestLibraryUrl(deps.config.publicUrl, deps.guestLinkSecret, updated) };
}

/**
 * An address was proven to be an account's (its confirmation link was followed, or it signed in confirmed): the
 * guest orders made with it join the account, with their held code uses and downloads, so its library shows them.
 * Run again, it finds nothing left to join.
 */
export async function joinGuestOrders(db: Kysely<Database>, user: { id: number; email: string }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const orders = await trx
      .updateTable('orders')
      .set({ user_id: user.id })
      .where('user_id', 'is', null)
      .where('customer_email', '=', user.email.toLowerCase())
      // A deleted account's orders belong to nobody: a new account with the address does not get them back.
      .where('account_deleted_at', 'is', null)
      .returning('id')
      .execute();
    const ids = orders.map((order) => order.id);
    if (ids.length === 0) return 0;
    await trx.updateTable('discount_reservations').set({ user_id: user.id }).where('order_id', 'in', ids).execute();
    await trx
      .updateTable('downloads')
      .set({ user_id: user.id })
      .where('user_id', 'is', null)
      .where('order_item_id', 'in', (eb) => eb.selectFrom('order_items').select('id').where('order_id', 'in', ids))
      .execute();
    return ids.length;
  });
}
