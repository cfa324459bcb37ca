import type { Kysely } from 'kysely';
import type { Customer } from '#shared/accounts/customer.ts';
import { CODE_PATTERN, normalizeCode } from '#shared/discounts/discounts.ts';
import type { StoreCurrency } from '#shared/taxes/taxes.ts';
import type { Database } from '../../db/schema';
import { priceOrder, type CartLine, type GivenCode, type OrderPricing } from './price-order';
import { countTakenUses, customerHasUsed, findAutomaticDiscounts, findCodeDiscount, toDiscount } from './repository';

export interface QuoteRequest<L extends CartLine> {
  lines: L[];
  /** As the buyer typed it; blank is none. */
  code?: string | undefined;
  /** The buyer, when known (signed in, or a guest's address at checkout): "once per customer" is per customer. */
  customer?: Customer | undefined;
  now: Date;
  /** The store's (STORE_CURRENCY). */
  currency: StoreCurrency;
}

/** The order priced from the database: its lines' prices, the live sales and quantity breaks, and the code given. */
export async function quoteOrder<L extends CartLine>(
  db: Kysely<Database>,
  request: QuoteRequest<L>,
): Promise<OrderPricing<L>> {
  const automatic = await findAutomaticDiscounts(db);
  const typed = request.code === undefined ? '' : normalizeCode(request.code);
  if (!typed) return priceOrder({ lines: request.lines, automatic, now: request.now, currency: request.currency });
  return priceOrder({
    lines: request.lines,
    automatic,
    code: await givenCode(db, typed, request),
    now: request.now,
    currency: request.currency,
  });
}

async function givenCode(db: Kysely<Database>, code: string, request: QuoteRequest<CartLine>): Promise<GivenCode> {
  const row = CODE_PATTERN.test(code) ? await findCodeDiscount(db, code) : undefined;
  if (!row) return { discount: undefined, usesTaken: 0, usedByCustomer: false };
  const buyer = request.customer ?? null;
  return {
    discount: toDiscount(row),
    usesTaken: row.max_uses === null ? 0 : await countTakenUses(db, row.id, { customer: buyer }, request.now),
    usedByCustomer: row.once_per_customer === 1 && buyer !== null && (await customerHasUsed(db, row.id, buyer)),
  };
}
