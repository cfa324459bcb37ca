import type { Kysely } from 'kysely';
import type { LifecycleMail } from '#shared/orders/order-lifecycle.ts';
import type { Database, OrderRow } from '../../db/schema';
import { storeSettingsOf } from '../settings';
import { findOrderDocuments } from '../taxes';
import type { LifecycleDeps } from './order-deps';
import { receiptMessage } from './receipt-email';
import { guestLibraryUrl } from './guest-link';
import { withPrintSizes } from './receipt-print-sizes';
import { refundMessage } from './refund-email';
import { findOrderById, findOrderItems } from './repository';

/** The order's invoice and its newest credit note, as the receipt and the refund e-mail link them. */
async function documentNumbers(db: Kysely<Database>, orderId: number) {
  const documents = await findOrderDocuments(db, [orderId]);
  return {
    invoice: documents.find((d) => d.kind === 'invoice')?.number ?? null,
    creditNote: documents.findLast((d) => d.kind === 'credit_note')?.number ?? null,
  };
}

/** A guest's order links its own library (guest-link.ts); an account's order, the account's. */
async function libraryUrlOf(deps: Pick<LifecycleDeps, 'config' | 'guestLinkSecret'>, order: OrderRow) {
  if (order.user_id !== null || !deps.guestLinkSecret) return null;
  return guestLibraryUrl(deps.config.publicUrl, deps.guestLinkSecret, order);
}

/**
 * Queues in `db` (the transaction that made the change) the e-mails a change of the order sends, built from the order
 * as that transaction sees it. Each is keyed so that it is queued once however often the change is asked for: the
 * receipt by the order, a refund by the order and the total it brought the refunds to (the owner's button, the
 * provider's event and a payment that arrives after its refund may each ask for it). Returns the ids to try at once
 * after the commit (undefined for a key queued before).
 */
export async function queueLifecycleMails(
  deps: LifecycleDeps,
  db: Kysely<Database>,
  orderId: number,
  mails: readonly LifecycleMail[],
  /** The titles of the lines a refund took back on their own, which its e-mail names. */
  refundedTitles: readonly string[] = [],
): Promise<Array<number | undefined>> {
  if (mails.length === 0) return [];
  const order = await findOrderById(db, orderId);
  if (!order) return [];
  const ctx = { config: deps.config, settings: storeSettingsOf(deps.config) };
  // Issued earlier in this transaction (issue-tax-documents.ts), so the mails can link them.
  const documents = await documentNumbers(db, order.id);
  const ids: Array<number | undefined> = [];
  for (const mail of mails) {
    if (mail.kind === 'receipt') {
      const items = await withPrintSizes(db, await findOrderItems(db, [order.id]));
      const message = receiptMessage(ctx, order, items, documents.invoice, await libraryUrlOf(deps, order));
      ids.push(
        await deps.mail.enqueue(
          db,
          { ...message, kind: 'receipt', ref: order.order_number },
          { key: `receipt:${order.order_number}` },
        ),
      );
    } else {
      const message = refundMessage(ctx, order, mail.amountCents, documents.creditNote, refundedTitles);
      ids.push(
        await deps.mail.enqueue(
          db,
          { ...message, kind: 'refund', ref: order.order_number },
          { key: `refund:${order.order_number}:${order.refunded_cents}` },
        ),
      );
    }
  }
  return ids;
}

/** 'Send receipt again': a new message each time it is asked for (no key), tried at once, retried if need be. */
export async function sendReceipt(deps: LifecycleDeps, orderId: number): Promise<void> {
  try {
    const order = await findOrderById(deps.db, orderId);
    if (!order) return;
    const message = receiptMessage(
      { config: deps.config, settings: storeSettingsOf(deps.config) },
      order,
      await withPrintSizes(deps.db, await findOrderItems(deps.db, [orderId])),
      (await documentNumbers(deps.db, orderId)).invoice,
      await libraryUrlOf(deps, order),
    );
    await deps.mail.deliverQueued([
      await deps.mail.enqueue(deps.db, { ...message, kind: 'receipt', ref: order.order_number }),
    ]);
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'receipt could not be queued');
  }
}
