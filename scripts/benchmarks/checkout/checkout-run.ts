import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { StripeProtocolServer } from '#test-support/stripe-protocol-server.ts';
import { profiled } from './cpu-profile';
import { receiptsInOutbox, type ReceiptCounter } from './receipt-mail';
import { inPool, type Driver, type OrderTiming, type PreparedOrder } from './requests';
import { signWebhook, type Customer } from './shop';

export interface RunResult {
  orders: number;
  wallMs: number;
  /** CPU time of the whole process (all its threads) during the timed part: steadier than wall time on a busy machine. */
  cpuMs: number;
  timings: OrderTiming[];
  check: RunCheck;
  redelivery: RedeliveryCheck;
}

/**
 * Carts of 1 to 4 different artworks, 1 to 3 of each. A customer has one pending order per cart, so a customer's
 * carts within a run are all different (all are pending at once until the timed part pays them). A free cart asked
 * for again answers the order already made, so free series pass one `seen` for all their runs.
 */
export function buildCarts(
  count: number,
  customers: number,
  artworkIds: number[],
  random: () => number,
  seen = new Set<string>(),
) {
  const carts: Array<{ customer: number; items: Array<{ id: number; quantity: number }> }> = [];
  while (carts.length < count) {
    const customer = carts.length % customers;
    const lines = 1 + Math.floor(random() * 4);
    const items = new Map<number, number>();
    while (items.size < lines)
      items.set(artworkIds[Math.floor(random() * artworkIds.length)] as number, 1 + Math.floor(random() * 3));
    const key = `${customer}|${[...items].sort(([a], [b]) => a - b).join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    carts.push({ customer, items: [...items].map(([id, quantity]) => ({ id, quantity })) });
  }
  return carts;
}

/**
 * What the orders of a series are: card orders (with a limited code, or without; of signed-in customers, or of
 * guests known by their address alone), or free ones.
 */
export type OrderKind = { kind: 'card'; code?: string; guest?: boolean } | { kind: 'free'; code: string };

/**
 * Not timed. A card order goes through POST /api/create-payment-intent as the checkout page asks for it, then the
 * customer "pays" at the loopback Stripe (the intent succeeds there with a Visa card) and Stripe's
 * payment_intent.succeeded event is built and signed, ready to be delivered. A free order needs nothing before its
 * one request: its body is written here.
 */
export async function prepareOrders(
  app: FastifyInstance,
  stripe: StripeProtocolServer,
  customers: Customer[],
  carts: ReturnType<typeof buildCarts>,
  series: OrderKind,
): Promise<PreparedOrder[]> {
  return inPool(carts, 8, async (cart): Promise<PreparedOrder> => {
    const guest = series.kind === 'card' && series.guest === true;
    // A guest has no session: the same eight buyers, known by an address of their own that no account has.
    const customer = guest
      ? { email: `guest${cart.customer + 1}@bench.test`, cookie: '' }
      : (customers[cart.customer] as Customer);
    const payload = {
      items: cart.items.map((item) => ({ ...item, title: 'as the browser has it', price: 1 })),
      email: customer.email,
      ...(series.code ? { code: series.code } : {}),
    };
    if (series.kind === 'free') return { kind: 'free', cookie: customer.cookie, body: JSON.stringify(payload) };
    const response = await app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload,
      headers: guest ? {} : { cookie: customer.cookie },
    });
    if (response.statusCode !== 200)
      throw new Error(`create-payment-intent answered ${response.statusCode}: ${response.body}`);
    const { paymentIntentId, orderNumber } = response.json<{ paymentIntentId: string; orderNumber: string }>();
    stripe.succeedIntent(paymentIntentId);
    const event = stripe.eventFor('payment_intent.succeeded', paymentIntentId);
    return {
      kind: 'card',
      cookie: customer.cookie,
      ...(guest ? { email: customer.email } : {}),
      paymentIntentId,
      orderNumber,
      webhook: { payload: event, signature: signWebhook(event) },
    };
  });
}

export interface RunCheck {
  /** Orders of this run whose status is paid. */
  paid: number;
  /** Orders with more than one receipt, plus intents with more than one payment_events row. */
  duplicates: number;
  /** Orders with no receipt, or not paid, or without their event recorded. */
  missing: number;
  /** Receipts the app sent, and (outbox only) .eml files found in the folder; the two must agree. */
  receipts: number;
  outboxFiles: number | null;
}

interface Snapshot {
  rows: string;
  events: number;
  receipts: number;
}

/** The store's numbers of the orders the run completed, as their requests answered them. */
const numbersOf = (timings: OrderTiming[]) => timings.flatMap((timing) => timing.orderNumber ?? []);

async function snapshot(db: Kysely<Database>, numbers: string[], mail: ReceiptCounter): Promise<Snapshot> {
  const rows = await db
    .selectFrom('orders')
    .select(['order_number', 'status', 'paid_at', 'updated_at', 'card_last4'])
    .where('order_number', 'in', numbers)
    .orderBy('order_number')
    .execute();
  const events = await db
    .selectFrom('payment_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows: JSON.stringify(rows), events: Number(events.n), receipts: mail.total };
}

/**
 * Paid exactly once: every order paid, one receipt each, and a card order's event recorded once. A free order has
 * no provider event: its request answered it paid, and its receipt is counted like any other.
 */
async function checkRun(
  db: Kysely<Database>,
  orders: PreparedOrder[],
  timings: OrderTiming[],
  mail: ReceiptCounter,
): Promise<RunCheck> {
  const numbers = numbersOf(timings);
  const statuses = numbers.length
    ? await db.selectFrom('orders').select(['order_number', 'status']).where('order_number', 'in', numbers).execute()
    : [];
  const paid = new Set(statuses.filter((row) => row.status === 'paid').map((row) => row.order_number)).size;
  const intents = orders.flatMap((order) => (order.kind === 'card' ? [order.paymentIntentId] : []));
  const eventRows = intents.length
    ? await db
        .selectFrom('payment_events')
        .select(['payment_intent_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('payment_intent_id', 'in', intents)
        .groupBy('payment_intent_id')
        .execute()
    : [];
  const eventsPerIntent = new Map(eventRows.map((row) => [row.payment_intent_id, Number(row.n)]));
  const filed = mail.mode === 'outbox' ? receiptsInOutbox(mail.outboxDir) : null;
  // Two orders answered with one number: two carts completed as one order.
  let duplicates = numbers.length - new Set(numbers).size;
  let missing = 0;
  let receipts = 0;
  let outboxFiles = 0;
  for (const [index, order] of orders.entries()) {
    const number = timings[index]?.orderNumber;
    const sent = number ? (mail.receipts.get(number) ?? 0) : 0;
    const onFile = filed && number ? (filed.get(number) ?? 0) : sent;
    const events = order.kind === 'card' ? (eventsPerIntent.get(order.paymentIntentId) ?? 0) : 1;
    receipts += sent;
    outboxFiles += onFile;
    if (Math.max(sent, onFile) > 1) duplicates++;
    if (events > 1) duplicates++;
    if (Math.min(sent, onFile) === 0 || events === 0) missing++;
  }
  missing += orders.length - paid;
  return { paid, duplicates, missing, receipts, outboxFiles: filed ? outboxFiles : null };
}

export interface RedeliveryCheck {
  /** Webhooks delivered again that were not answered 200. */
  failed: number;
  /** Whether orders, payment_events and receipts were exactly as before. */
  unchanged: boolean;
}

/**
 * Every order asked for a second time: a card order's event, as Stripe sends it again when an answer is lost; a
 * free order's request, as a page reloaded sends it. Nothing may change.
 */
async function redeliver(
  db: Kysely<Database>,
  driver: Driver,
  orders: PreparedOrder[],
  numbers: string[],
  mail: ReceiptCounter,
  concurrency: number,
): Promise<RedeliveryCheck> {
  const before = await snapshot(db, numbers, mail);
  const failures = await driver.redeliverAll(orders, concurrency);
  const after = await snapshot(db, numbers, mail);
  return {
    failed: failures.length,
    unchanged: before.rows === after.rows && before.events === after.events && before.receipts === after.receipts,
  };
}

/** One timed run: every order's webhook and confirmation together, `concurrency` orders in flight at a time. */
export async function runCheckout(
  db: Kysely<Database>,
  driver: Driver,
  orders: PreparedOrder[],
  mail: ReceiptCounter,
  options: { concurrency: number; profileDir?: string; label: string },
): Promise<RunResult> {
  await driver.prepare(orders);
  const { wallMs, cpuMs, timings } = await profiled(options.profileDir, options.label, async () => {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const timings = await driver.payAll(orders, options.concurrency);
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, timings };
  });
  const check = await checkRun(db, orders, timings, mail);
  const redelivery = await redeliver(db, driver, orders, numbersOf(timings), mail, options.concurrency);
  return { orders: orders.length, wallMs, cpuMs, timings, check, redelivery };
}
