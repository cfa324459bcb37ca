// "Webhook storms": each of Stripe's events delivered three times, out of order (the refund before
// the payment for half the orders), to both instances at once. Every order must end in the state its refund
// makes it (refunded, or partially refunded by the right amount), with one receipt and one refund e-mail at the
// SMTP server, and the downloads revoked for a full refund only.
import { setTimeout as sleep } from 'node:timers/promises';
import { mailsTo, newCustomers, type Customer } from '../customers';
import { call, download } from '../../benchmarks/shared/store-http';
import { orderFacts } from '../order-rows';
import { saleArtwork } from '../sale-artwork';
import { check, type Cluster, type Scenario } from '../scenario';
import { startCheckout } from '../store-steps';
import { deliverEvent, deliverWithRetries, type Delivery } from '../webhooks';

const ORDERS = 10;
const PRICE_CENTS = 1_000;
const COPIES = 3;
/** The mail queue retries a failed first try after 5 s (RETRY_DELAYS_MS in mail-queue.ts): room for one retry and more. */
const MAIL_WAIT_MS = 15_000;
const RECEIPT_SUBJECT = 'Your receipt for order';
const REFUND_SUBJECT = 'Refund for order';

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

interface Plan {
  customer: Customer;
  paymentIntentId: string;
  orderNumber: string;
  full: boolean;
  refundFirst: boolean;
}

/** Whether the buyer may download the order's file: the link's status, and the file's when there is a link. */
async function downloadStatus(origin: string, customer: Customer, orderNumber: string): Promise<number> {
  const list = await call<{ orders: Array<{ orderNumber: string; items: Array<{ itemId: number }> }> }>(
    origin,
    'GET',
    '/api/downloads',
    { cookie: customer.cookie },
  );
  const item = list.body.orders.find((order) => order.orderNumber === orderNumber)?.items[0];
  if (!item) return 404;
  const link = await call<{ url: string }>(origin, 'POST', `/api/downloads/${item.itemId}`, {
    cookie: customer.cookie,
    body: { format: 'png' },
  });
  if (link.status !== 200) return link.status;
  return (await download(link.body.url)).status;
}

export const webhookStorm: Scenario = {
  name: 'webhook storm',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');
    const artwork = await saleArtwork(cluster, b.origin, PRICE_CENTS / 100, 'storm');
    const customers = await newCustomers(b.origin, cluster.mail, ORDERS, 'storm');

    // Each order paid and refunded at Stripe (in full for even ones, half for odd ones) before any event arrives.
    const plans: Plan[] = await Promise.all(
      customers.map(async (customer, i) => {
        const checkout = await startCheckout(cluster.balancer, customer.cookie, customer.account.email, artwork.id);
        const full = i % 2 === 0;
        cluster.stripe.succeedIntent(checkout.paymentIntentId);
        cluster.stripe.refundIntent(checkout.paymentIntentId, full ? undefined : PRICE_CENTS / 2);
        return {
          customer,
          paymentIntentId: checkout.paymentIntentId,
          orderNumber: checkout.orderNumber,
          full,
          refundFirst: Math.floor(i / 2) % 2 === 1,
        };
      }),
    );

    // The storm: per order, the first event's copies to A and B at once, then the second's; all orders together.
    const firstTries: Delivery[] = [];
    let retried = 0;
    const wave = async (payload: string) => {
      const copies = shuffled(Array.from({ length: COPIES }, () => [a.origin, b.origin]).flat());
      await Promise.all(
        copies.map(async (origin) => {
          const first = await deliverEvent(origin, cluster.webhookSecret, payload);
          firstTries.push(first);
          // Stripe sends again what was not answered 2xx.
          if (first.status !== 200) {
            retried++;
            await deliverWithRetries(origin, cluster.webhookSecret, payload);
          }
        }),
      );
    };
    await Promise.all(
      plans.map(async (plan) => {
        const paid = cluster.stripe.eventFor('payment_intent.succeeded', plan.paymentIntentId);
        const refunded = cluster.stripe.eventFor('charge.refunded', plan.paymentIntentId);
        for (const payload of plan.refundFirst ? [refunded, paid] : [paid, refunded]) await wave(payload);
      }),
    );
    const statuses = [...new Set(firstTries.map((d) => String(d.status)))];
    figures.push(
      `${plans.length} orders (${plans.filter((p) => p.full).length} full, ${plans.filter((p) => !p.full).length} half refunds; ${plans.filter((p) => p.refundFirst).length} refund first): ${firstTries.length} deliveries to A and B, answers ${statuses.join('/')}, ${retried} retried`,
    );

    // Mail: wait for every receipt and refund e-mail (a failed first try is retried after 5 s), then a moment for extras.
    const mailCounts = () =>
      plans.map((p) => ({
        receipts: mailsTo(cluster.mail, p.customer.account.email, RECEIPT_SUBJECT),
        refunds: mailsTo(cluster.mail, p.customer.account.email, REFUND_SUBJECT),
      }));
    const until = performance.now() + MAIL_WAIT_MS;
    while (performance.now() < until && mailCounts().some((m) => m.receipts === 0 || m.refunds === 0)) await sleep(250);
    await sleep(1_500);
    const mail = mailCounts();

    const facts = await orderFacts(
      cluster.databaseUrl,
      plans.map((p) => p.paymentIntentId),
    );
    const wrong: string[] = [];
    const downloads = await Promise.all(
      plans.map((plan) => downloadStatus(cluster.balancer, plan.customer, plan.orderNumber)),
    );
    for (const [i, plan] of plans.entries()) {
      const order = facts.find((f) => f.paymentIntentId === plan.paymentIntentId);
      const expected = plan.full
        ? { status: 'refunded', refunded: PRICE_CENTS, download: 403 }
        : { status: 'partially_refunded', refunded: PRICE_CENTS / 2, download: 200 };
      const seen = {
        status: order?.status,
        refunded: order?.refundedCents,
        paid: order?.paid,
        payments: order?.payments,
        mail: mail[i],
        download: downloads[i],
      };
      const right =
        seen.status === expected.status &&
        seen.refunded === expected.refunded &&
        seen.paid &&
        seen.payments === 1 &&
        seen.mail?.receipts === 1 &&
        seen.mail.refunds === 1 &&
        seen.download === expected.download;
      if (!right)
        wrong.push(
          `${plan.orderNumber} (${plan.full ? 'full' : 'half'}, ${plan.refundFirst ? 'refund first' : 'payment first'}): ${JSON.stringify(seen)}`,
        );
    }
    const count = (pick: (m: { receipts: number; refunds: number }) => number) =>
      mail.filter((m) => pick(m) === 1).length;
    figures.push(
      `final states right ${plans.length - wrong.length}/${plans.length}; exactly one receipt ${count((m) => m.receipts)}/${plans.length}, exactly one refund e-mail ${count((m) => m.refunds)}/${plans.length}; downloads ${downloads.join(',')} (403 = revoked)`,
    );
    check(wrong.length === 0, `wrong: ${wrong.join('; ')}`);
  },
};
