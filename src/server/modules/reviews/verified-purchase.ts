import type { Kysely, Transaction } from 'kysely';
import { canDownloadLine } from '#shared/orders/order-lifecycle.ts';
import { REVIEW_MESSAGES } from '#shared/reviews/reviews.ts';
import type { Database } from '../../db/schema';
import { NotAllowedError } from '../../errors';

type Db = Kysely<Database> | Transaction<Database>;

/** Who asks to review: a signed-in buyer (all their orders), or a guest's order link (that one order). */
export type Reviewer =
  | { kind: 'account'; userId: number; email: string }
  | { kind: 'guest'; orderId: number; userId: number | null; email: string; name: string };

/**
 * The paid order that lets this reviewer review the artwork: one with a line of it, paid, whose status still
 * allows its downloads (paid, or partly refunded by amount) and whose line was not refunded on its own. A refunded
 * or disputed order does not verify, nor one never paid; each refusal says which (a 403 with the reason).
 */
export async function verifyingOrder(
  db: Db,
  reviewer: Reviewer,
  artworkId: number,
): Promise<{ orderId: number; name: string }> {
  const lines = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'orders.id as orderId',
      'orders.status',
      'orders.paid_at',
      'orders.first_name',
      'orders.last_name',
      'order_items.line_refund_id',
    ])
    .where('order_items.artwork_id', '=', artworkId)
    .$if(reviewer.kind === 'account', (q) =>
      q.where('orders.user_id', '=', reviewer.kind === 'account' ? reviewer.userId : -1),
    )
    .$if(reviewer.kind === 'guest', (q) => q.where('orders.id', '=', reviewer.kind === 'guest' ? reviewer.orderId : -1))
    .where('orders.paid_at', 'is not', null)
    .orderBy('orders.paid_at', 'desc')
    .execute();
  const good = lines.find((line) => canDownloadLine(line.status, line.line_refund_id !== null));
  if (good) return { orderId: good.orderId, name: `${good.first_name} ${good.last_name}`.trim() };
  throw new NotAllowedError(lines.length > 0 ? REVIEW_MESSAGES.refunded : REVIEW_MESSAGES.notBought);
}
