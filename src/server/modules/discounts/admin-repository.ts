import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { DiscountsTable } from '../../db/discount-tables';
import type { DiscountRow } from './repository';

// The owner's reads and writes of discounts. What a checkout reads and holds is in repository.ts.

type Db = Kysely<Database> | Transaction<Database>;
export type DiscountValues = Omit<Insertable<DiscountsTable>, 'id' | 'uses' | 'active' | 'created_at' | 'updated_at'>;

/** The new discount's id, or undefined when another discount has its code already. */
export async function insertDiscount(
  db: Db,
  values: DiscountValues & { active: number; now: Date },
): Promise<number | undefined> {
  const { now, ...columns } = values;
  const row = await db
    .insertInto('discounts')
    .values({ ...columns, created_at: now.toISOString(), updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateDiscount(
  db: Db,
  id: number,
  values: Updateable<DiscountsTable> & { now: Date },
): Promise<void> {
  const { now, ...columns } = values;
  await db
    .updateTable('discounts')
    .set({ ...columns, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function findDiscount(db: Db, id: number): Promise<DiscountRow | undefined> {
  return db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Newest first: what the owner made last is on top. */
export async function listDiscountRows(db: Db): Promise<DiscountRow[]> {
  return db.selectFrom('discounts').selectAll().orderBy('id', 'desc').execute();
}

/** Whether another discount has this code. */
export async function codeTaken(db: Db, code: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('discounts')
    .select('id')
    .where('code', '=', code)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any order, paid or not, was priced with this discount (and so shows its code). */
export async function anyOrderUsed(db: Db, discountId: number): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('discount_id', '=', discountId).executeTakeFirst();
  return row !== undefined;
}

/** Uses held now by open checkouts, by discount. */
export async function heldUsesByDiscount(db: Db, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('discount_reservations')
    .select((eb) => ['discount_id', eb.fn.countAll<number | string>().as('held')])
    .where('status', '=', 'held')
    .where('expires_at', '>', now.toISOString())
    .groupBy('discount_id')
    .execute();
  return new Map(rows.map((row) => [row.discount_id, Number(row.held)]));
}

/** Uses paid past a code's limit (payments for checkouts whose hold had lapsed or moved), by discount. */
export async function overspentUsesByDiscount(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('discount_overspends')
    .select((eb) => ['discount_id', eb.fn.countAll<number | string>().as('over')])
    .groupBy('discount_id')
    .execute();
  return new Map(rows.map((row) => [row.discount_id, Number(row.over)]));
}

export interface PaidTotals {
  /** Paid orders that used the code (refunded ones too: the code was spent). */
  uses: number;
  /** What they brought in: paid less refunded, in cents. */
  revenue: number;
  /** Their discounts, in cents. */
  discounted: number;
}

/** Of paid orders, by the code they used (all codes, or those of `ids`). */
export async function paidTotalsByDiscount(db: Db, ids?: readonly number[]): Promise<Map<number, PaidTotals>> {
  let query = db
    .selectFrom('orders')
    .select((eb) => [
      'discount_id',
      eb.fn.countAll<number | string>().as('uses'),
      eb.fn.sum<number | string>(eb('amount_cents', '-', eb.ref('refunded_cents'))).as('revenue'),
      eb.fn.sum<number | string>('discount_cents').as('discounted'),
    ])
    .where('paid_at', 'is not', null)
    .where('discount_id', 'is not', null)
    .groupBy('discount_id');
  if (ids) query = query.where('discount_id', 'in', ids.length ? [...ids] : [-1]);
  const rows = await query.execute();
  return new Map(
    rows.map((row) => [
      row.discount_id!,
      { uses: Number(row.uses), revenue: Number(row.revenue), discounted: Number(row.discounted) },
    ]),
  );
}

/** Titles of the artworks among `ids` that exist. */
export async function artworkTitles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('artworks')
    .select(['id', 'title'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}
