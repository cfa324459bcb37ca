import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../src/server/config';
import type { Database } from '../src/server/db/schema';
import { spreadByLargestRemainder } from '../src/shared/money/split-cents';
import { MailQueue } from '../src/server/modules/mail-queue';
import { applyOrderEvent } from '../src/server/modules/orders';
import type { LifecycleDeps, OrderDeps } from '../src/server/modules/orders';
import { createPaymentProvider } from '../src/server/providers/payments/create-payment-provider';
import { createTaxCalculator } from '../src/server/providers/tax/create-tax-calculator';
import { taxLines } from '../src/server/modules/taxes/tax-lines';
import { taxRuleFor } from '../src/server/modules/taxes/tax-rule';
import { insertUser } from '../src/server/modules/users';
import { insertTestArtworks } from './artwork-factory';
import { storeEventBus } from './store-events';

// Orders as the checkout would have charged them, in many countries, paid and refunded through the real lifecycle
// (applyOrderEvent), so their invoices and credit notes are the ones the store issues: for the tax report's tests
// and screenshots. Deterministic for a seed.

/** A store registered in the EU (a German seller: German buyers are domestic), the UK and Norway, charging dollars. */
export const TAXED_STORE = {
  TAX_REGISTRATIONS: 'eu,gb,no',
  SELLER_NAME: 'Atelier Test GmbH',
  SELLER_ADDRESS: 'Hauptstraße 1, 10115 Berlin',
  SELLER_COUNTRY: 'DE',
  SELLER_TAX_ID: 'DE123456789',
  STORE_CURRENCY: 'usd',
};

/** mulberry32: a small seeded generator, so a failure can be run again as it was. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

/** Who buys: consumers in and outside the registrations, and a French business with a VAT number. */
const BUYERS = [
  { country: 'DE', vatNumber: null },
  { country: 'FR', vatNumber: null },
  { country: 'FR', vatNumber: 'FR40303265045' },
  { country: 'IT', vatNumber: null },
  { country: 'NL', vatNumber: null },
  { country: 'ES', vatNumber: null },
  { country: 'FI', vatNumber: null },
  { country: 'GB', vatNumber: null },
  { country: 'NO', vatNumber: null },
  { country: 'US', vatNumber: null },
  { country: 'CA', vatNumber: null },
] as const;

export interface GeneratedOrder {
  id: number;
  country: string;
  amountCents: number;
  paidAt: Date;
  /** The refund totals the provider reported, and when, in order. */
  refunds: Array<{ totalCents: number; at: Date }>;
}

export interface GenerateOptions {
  count: number;
  seed: number;
  /** Payments fall in these periods (each [start, end)); refunds come after, up to `refundsUntil`. */
  paidIn: ReadonlyArray<{ start: Date; end: Date }>;
  refundsUntil: Date;
}

/** A logger that says nothing, for services built outside the app. */
export const silentLog = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
} as unknown as FastifyBaseLogger;

/** What applying events needs, with a mail provider that takes every message and sends none. */
export function quietLifecycleDeps(db: Kysely<Database>, config: Config): LifecycleDeps {
  const mail = new MailQueue(db, { send: () => Promise.resolve() }, silentLog);
  return { db, mail, config, log: silentLog, events: storeEventBus(db, config, silentLog) };
}

/** The order services as the app has them (its payment provider and tax calculator), on a test's database. */
export function quietOrderDeps(db: Kysely<Database>, config: Config): OrderDeps {
  return {
    ...quietLifecycleDeps(db, config),
    payments: createPaymentProvider(config, db, silentLog),
    taxCalculator: createTaxCalculator(config),
  };
}

const DAY = 86_400_000;

const between = (random: ReturnType<typeof randomFrom>, start: Date, end: Date) =>
  new Date(start.getTime() + Math.floor(random.next() * (end.getTime() - start.getTime())));

/**
 * `count` pending orders with their tax worked out as the checkout does (taxRuleFor, taxLines: the rule of the
 * buyer's country, prices with or without the tax inside, a code's discount spread over the lines before tax), then
 * paid and refunded — in part, in full, or in part and then the rest — by applying the events in the order they
 * happened. The first two are paid on the edges of the first two periods' boundary.
 */
export async function generateTaxOrders(
  db: Kysely<Database>,
  config: Config,
  options: GenerateOptions,
): Promise<GeneratedOrder[]> {
  const random = randomFrom(options.seed);
  const deps = quietLifecycleDeps(db, config);
  const settings = { registrations: config.tax.registrations, sellerCountry: config.tax.seller.country };
  const userId = (await insertUser(db, {
    email: `buyer-${options.seed}@tax.test`,
    passwordHash: 'x',
    role: 'customer',
    confirmed: true,
  })) as number;
  const artworkIds = await insertTestArtworks(
    db,
    Array.from({ length: 6 }, (_, index) => ({ title: `Tax Test Print ${index + 1}` })),
  );
  const orders: GeneratedOrder[] = [];
  const events: Array<{ at: Date; orderId: number; refundedTotal: number | null }> = [];

  for (let index = 0; index < options.count; index += 1) {
    const buyer = random.pick(BUYERS);
    const rule = taxRuleFor(settings, buyer.country, buyer.vatNumber !== null);
    const pricesIncludeTax = random.next() < 0.5;
    const lines = Array.from({ length: random.int(1, 3) }, () => ({
      artworkId: random.pick(artworkIds),
      unit: random.int(3, 250) * 100 + random.pick([0, 0, 50, 99, 1]),
      quantity: random.int(1, 2),
    }));
    const subtotal = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
    const discount = random.next() < 0.25 ? Math.floor(subtotal / 10) : 0;
    const shares = spreadByLargestRemainder(
      discount,
      lines.map((line) => line.unit * line.quantity),
    );
    const lineTotals = lines.map((line, i) => line.unit * line.quantity - shares[i]!);
    const taxed = taxLines(lineTotals, rule.rateBp, pricesIncludeTax);
    const tax = taxed.reduce((sum, line) => sum + line.taxCents, 0);
    const amount = taxed.reduce((sum, line) => sum + line.grossCents, 0);

    const period = options.paidIn[index % options.paidIn.length]!;
    const edge = options.paidIn[1]?.start;
    const paidAt =
      index === 0 && edge
        ? new Date(edge.getTime() - 1)
        : index === 1 && edge
          ? edge
          : between(random, period.start, period.end);
    const now = paidAt.toISOString();
    const { id } = await db
      .insertInto('orders')
      .values({
        order_number: `TX${options.seed}N${index}`,
        user_id: userId,
        customer_email: `buyer-${options.seed}@tax.test`,
        first_name: 'Tax',
        last_name: `Buyer ${index}`,
        status: 'pending',
        provider: 'test',
        cart_key: `tax-${options.seed}-${index}`,
        subtotal_cents: subtotal,
        discount_cents: discount,
        discount_label: discount ? 'TENOFF' : null,
        amount_cents: amount,
        currency: config.tax.currency,
        tax_cents: tax,
        prices_include_tax: pricesIncludeTax ? 1 : 0,
        billing_country: buyer.country,
        card_country: buyer.country,
        tax_country: buyer.country,
        tax_scheme: rule.treatment === 'outside' ? null : rule.scheme,
        tax_treatment: rule.treatment,
        vat_number: buyer.vatNumber,
        vat_number_checked_by: buyer.vatNumber ? 'vies' : null,
        tax_evidence_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values(
        lines.map((line, i) => ({
          order_id: id,
          artwork_id: line.artworkId,
          title: `Tax Test Print ${line.artworkId}`,
          artist: 'Test Artist',
          unit_price_cents: line.unit,
          list_unit_price_cents: line.unit,
          quantity: line.quantity,
          discount_cents: shares[i]!,
          line_total_cents: lineTotals[i]!,
          net_cents: taxed[i]!.netCents,
          tax_cents: taxed[i]!.taxCents,
          tax_rate_bp: taxed[i]!.rateBp,
        })),
      )
      .execute();

    // A third refunded: in part, in full at once, or in part and then the rest (twice).
    const refunds: GeneratedOrder['refunds'] = [];
    const roll = random.next();
    let at = paidAt;
    // Within seven weeks of the last event: some in the same quarter, some in the next.
    const later = () => {
      const until = Math.min(at.getTime() + 49 * DAY, options.refundsUntil.getTime());
      at = between(random, new Date(at.getTime() + 60_000), new Date(until));
      return at;
    };
    if (roll < 0.1) refunds.push({ totalCents: random.int(1, amount - 1), at: later() });
    else if (roll < 0.2) refunds.push({ totalCents: amount, at: later() });
    else if (roll < 0.33) {
      refunds.push({ totalCents: random.int(1, amount - 1), at: later() });
      refunds.push({ totalCents: amount, at: later() });
    }
    orders.push({ id, country: buyer.country, amountCents: amount, paidAt, refunds });
    events.push({ at: paidAt, orderId: id, refundedTotal: null });
    for (const refund of refunds) events.push({ at: refund.at, orderId: id, refundedTotal: refund.totalCents });
  }

  // As they happened: the documents are numbered in the order they were issued.
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of events) {
    const outcome = await applyOrderEvent(
      deps,
      { orderId: event.orderId },
      event.refundedTotal === null
        ? { type: 'paid', card: null }
        : { type: 'refund_total_changed', totalRefundedCents: event.refundedTotal },
      { now: event.at },
    );
    if (outcome !== 'changed') throw new Error(`order ${event.orderId}: the event changed nothing (${outcome})`);
  }
  return orders;
}
