import type { Kysely, Transaction } from 'kysely';
import { DEMO_DISCOUNT_CODE, discountStatus, discountValueText } from '#shared/discounts/discount-admin.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import type { Database } from '../../db/schema';
import { paidTotalsByDiscount } from './admin-repository';
import { findCodeDiscount } from './repository';

/** Written with the demo's code, in the demo catalogue's transaction: this store's demo came with that code. */
const DEMO_CODE_KEY = 'demo_discount_code';

/**
 * The demo catalogue's code: 10 % off everything, no limit, not combined with automatic sales (with a sale in the
 * cart the buyer gets whichever is lower, never both). Added in the transaction that adds the demo catalogue, so once
 * per database, and never to a store whose catalogue was seeded before codes existed.
 */
export async function insertDemoCode(trx: Transaction<Database>, now: Date): Promise<void> {
  await trx
    .insertInto('discounts')
    .values({
      kind: 'code',
      code: DEMO_DISCOUNT_CODE,
      name: 'Welcome offer (demo)',
      percent_off: 10,
      amount_off_cents: null,
      starts_at: null,
      ends_at: null,
      max_uses: null,
      min_subtotal_cents: null,
      min_quantity: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    // An owner who made a code of that name first keeps it as it is.
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await trx.insertInto('app_meta').values({ key: DEMO_CODE_KEY, value: DEMO_DISCOUNT_CODE }).execute();
}

/**
 * The code the checkout's test-mode note may suggest: the demo's, while the demo was seeded with it and the code can
 * be used now (on, started, not ended, not used up). Null otherwise, so a store without the demo never names one.
 */
export async function demoCodeOffer(
  db: Kysely<Database>,
  now: Date,
  currency: StoreCurrency,
): Promise<{ code: string; off: string } | null> {
  const seeded = await db.selectFrom('app_meta').select('value').where('key', '=', DEMO_CODE_KEY).executeTakeFirst();
  if (!seeded) return null;
  const row = await findCodeDiscount(db, seeded.value);
  if (!row) return null;
  const uses = (await paidTotalsByDiscount(db, [row.id])).get(row.id)?.uses ?? 0;
  const status = discountStatus(
    { active: row.active === 1, startsAt: row.starts_at, endsAt: row.ends_at, maxUses: row.max_uses, uses },
    now,
  );
  if (status !== 'active') return null;
  return {
    code: seeded.value,
    off: discountValueText({ percentOff: row.percent_off, amountOffCents: row.amount_off_cents }, currency),
  };
}
