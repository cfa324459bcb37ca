import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** An order line with what its certificate prints, and who may download it. */
export async function findCertifiedLine(db: Kysely<Database>, itemId: number) {
  return db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'i.id as itemId',
      'i.artwork_id as artworkId',
      'i.title',
      'i.artist',
      'i.licence',
      'i.licence_terms_version as termsVersion',
      'i.line_refund_id as lineRefundId',
      'o.order_number as orderNumber',
      'o.payment_intent_id as paymentIntentId',
      'o.first_name as firstName',
      'o.last_name as lastName',
      'o.user_id as userId',
      'o.id as orderId',
      'o.status',
      'o.paid_at as paidAt',
    ])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
}
