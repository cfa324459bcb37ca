// The requests of the timed part, shared by the in-process driver (app.inject) and the HTTP load process.
// Nothing here imports the app, so the load process stays small.
import type { FastifyInstance } from 'fastify';

/** One POST and its answer, through app.inject or over HTTP. */
export interface Transport {
  post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }>;
}

export function injectTransport(app: FastifyInstance): Transport {
  return {
    async post(url, body, headers) {
      const response = await app.inject({ method: 'POST', url, payload: body, headers });
      return { status: response.statusCode, body: response.body };
    },
  };
}

/** Node's fetch keeps connections alive, as Stripe's webhook sender and a browser do. */
export function httpTransport(origin: string): Transport {
  return {
    async post(url, body, headers) {
      const response = await fetch(`${origin}${url}`, { method: 'POST', body, headers });
      return { status: response.status, body: await response.text() };
    },
  };
}

/** A card order ready to be paid: its intent has succeeded at Stripe and Stripe's signed event is waiting. */
export interface CardOrder {
  kind: 'card';
  /** A signed-in customer's session; empty for a guest, who confirms with `email` instead. */
  cookie: string;
  email?: string;
  paymentIntentId: string;
  orderNumber: string;
  webhook: { payload: string; signature: string };
}

/** A free order ready to be asked for: its cart, with a 100 % code, as the checkout's "Get my downloads" sends it. */
export interface FreeOrder {
  kind: 'free';
  cookie: string;
  body: string;
}

export type PreparedOrder = CardOrder | FreeOrder;

export interface OrderTiming {
  ms: number;
  failures: string[];
  /** The store's number of the order the requests completed (WA-…). */
  orderNumber?: string;
}

/** How the timed requests are sent: in this process through app.inject, or from another process over HTTP. */
export interface Driver {
  /** Called before the timed part with the orders it will pay. */
  prepare(orders: PreparedOrder[]): Promise<void>;
  /** Every order's webhook and confirmation together, `concurrency` orders in flight at a time. */
  payAll(orders: PreparedOrder[], concurrency: number): Promise<OrderTiming[]>;
  /** Every order asked for once more (a card order's webhook, a free order's request); returns what went wrong. */
  redeliverAll(orders: PreparedOrder[], concurrency: number): Promise<string[]>;
  close(): Promise<void>;
}

export async function inPool<T, R>(
  items: readonly T[],
  concurrency: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

function deliverWebhook(transport: Transport, order: CardOrder) {
  return transport.post('/api/webhooks/stripe', order.webhook.payload, {
    'content-type': 'application/json',
    'stripe-signature': order.webhook.signature,
  });
}

function confirm(transport: Transport, order: CardOrder) {
  const body = JSON.stringify({
    paymentIntentId: order.paymentIntentId,
    ...(order.email ? { email: order.email } : {}),
  });
  return transport.post('/api/orders/confirm', body, {
    'content-type': 'application/json',
    ...(order.cookie ? { cookie: order.cookie } : {}),
  });
}

function askFree(transport: Transport, order: FreeOrder) {
  return transport.post('/api/orders/free', order.body, { 'content-type': 'application/json', cookie: order.cookie });
}

/** The paid order a confirmation or a free order's request answered, or why it is not one. */
function paidOrderOf(label: string, answer: { status: number; body: string }): { number?: string; failure?: string } {
  if (answer.status !== 200) return { failure: `${label} ${answer.status}: ${answer.body.slice(0, 160)}` };
  const order = JSON.parse(answer.body) as { status?: string; orderNumber?: string };
  if (order.status !== 'paid')
    return { failure: `${label} answered an order that is not paid: ${answer.body.slice(0, 160)}` };
  return { number: order.orderNumber };
}

/** Both at the same moment: Stripe's event and the page's confirmation race to pay the order. */
async function payCardOrder(transport: Transport, order: CardOrder): Promise<OrderTiming> {
  const started = performance.now();
  const [webhook, confirmation] = await Promise.all([deliverWebhook(transport, order), confirm(transport, order)]);
  const ms = performance.now() - started;
  const failures: string[] = [];
  if (webhook.status !== 200) failures.push(`webhook ${webhook.status}: ${webhook.body.slice(0, 160)}`);
  const confirmed = paidOrderOf('confirm', confirmation);
  if (confirmed.failure) failures.push(confirmed.failure);
  return { ms, failures, orderNumber: order.orderNumber };
}

/** The same free cart asked for twice at once, as a double click sends it: both must answer the one order. */
async function completeFreeOrder(transport: Transport, order: FreeOrder): Promise<OrderTiming> {
  const started = performance.now();
  const answers = await Promise.all([askFree(transport, order), askFree(transport, order)]);
  const ms = performance.now() - started;
  const [first, second] = answers.map((answer) => paidOrderOf('free order', answer));
  const failures = [first?.failure, second?.failure].filter((failure) => failure !== undefined);
  if (failures.length === 0 && first?.number !== second?.number)
    failures.push(`free order: two orders for one cart (${first?.number}, ${second?.number})`);
  return { ms, failures, orderNumber: first?.number };
}

function payOrder(transport: Transport, order: PreparedOrder): Promise<OrderTiming> {
  return order.kind === 'card' ? payCardOrder(transport, order) : completeFreeOrder(transport, order);
}

/** Once more after the run: Stripe's event again, or the free cart again (which must answer the same order). */
async function askAgain(transport: Transport, order: PreparedOrder, timing: OrderTiming | undefined) {
  if (order.kind === 'card') {
    const answer = await deliverWebhook(transport, order);
    return answer.status === 200 ? [] : [`webhook again ${answer.status}: ${answer.body.slice(0, 160)}`];
  }
  const again = paidOrderOf('free order again', await askFree(transport, order));
  if (again.failure) return [again.failure];
  return again.number === timing?.orderNumber ? [] : [`free order again answered ${again.number}`];
}

export function transportDriver(transport: Transport, close: () => Promise<void> = async () => {}): Driver {
  let paid: OrderTiming[] = [];
  return {
    prepare: async () => {},
    async payAll(orders, concurrency) {
      paid = await inPool(orders, concurrency, (order) => payOrder(transport, order));
      return paid;
    },
    async redeliverAll(orders, concurrency) {
      const indexed = orders.map((order, index) => ({ order, timing: paid[index] }));
      return (await inPool(indexed, concurrency, ({ order, timing }) => askAgain(transport, order, timing))).flat();
    },
    close,
  };
}
