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

/** An order ready to be paid: its intent has succeeded at Stripe and Stripe's signed event is waiting. */
export interface PreparedOrder {
  cookie: string;
  paymentIntentId: string;
  orderNumber: string;
  webhook: { payload: string; signature: string };
}

export interface OrderTiming {
  ms: number;
  failures: string[];
}

/** How the timed requests are sent: in this process through app.inject, or from another process over HTTP. */
export interface Driver {
  /** Called before the timed part with the orders it will pay. */
  prepare(orders: PreparedOrder[]): Promise<void>;
  /** Every order's webhook and confirmation together, `concurrency` orders in flight at a time. */
  payAll(orders: PreparedOrder[], concurrency: number): Promise<OrderTiming[]>;
  /** Every order's webhook once more; returns the answers that were not 200. */
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

function deliverWebhook(transport: Transport, order: PreparedOrder) {
  return transport.post('/api/webhooks/stripe', order.webhook.payload, {
    'content-type': 'application/json',
    'stripe-signature': order.webhook.signature,
  });
}

function confirm(transport: Transport, order: PreparedOrder) {
  return transport.post('/api/orders/confirm', JSON.stringify({ paymentIntentId: order.paymentIntentId }), {
    'content-type': 'application/json',
    cookie: order.cookie,
  });
}

/** Both at the same moment: Stripe's event and the page's confirmation race to pay the order. */
async function payOrder(transport: Transport, order: PreparedOrder): Promise<OrderTiming> {
  const started = performance.now();
  const [webhook, confirmation] = await Promise.all([deliverWebhook(transport, order), confirm(transport, order)]);
  const ms = performance.now() - started;
  const failures: string[] = [];
  if (webhook.status !== 200) failures.push(`webhook ${webhook.status}: ${webhook.body.slice(0, 160)}`);
  if (confirmation.status !== 200) failures.push(`confirm ${confirmation.status}: ${confirmation.body.slice(0, 160)}`);
  else if ((JSON.parse(confirmation.body) as { status?: string }).status !== 'paid')
    failures.push(`confirm answered an order that is not paid: ${confirmation.body.slice(0, 160)}`);
  return { ms, failures };
}

export function transportDriver(transport: Transport, close: () => Promise<void> = async () => {}): Driver {
  return {
    prepare: async () => {},
    payAll: (orders, concurrency) => inPool(orders, concurrency, (order) => payOrder(transport, order)),
    async redeliverAll(orders, concurrency) {
      const answers = await inPool(orders, concurrency, (order) => deliverWebhook(transport, order));
      return answers.filter((a) => a.status !== 200).map((a) => `webhook again ${a.status}: ${a.body.slice(0, 160)}`);
    },
    close,
  };
}
