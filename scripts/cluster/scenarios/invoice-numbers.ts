// "Invoice numbers across instances": 40 German customers pay at once, spread over both instances — each order's
// page confirmation to one instance and Stripe's webhook for it to the other, 80 requests together — and the 40
// invoices must take 40 consecutive numbers, each once, with no gap, one invoice per order, each carrying the 19 %
// VAT its order was charged. The number is taken in the transaction that marks the order paid
// (src/server/modules/taxes/document-numbers.ts: one row of document_sequences, locked until that commit), so two
// instances paying together must queue on that row and neither skip nor repeat a number.
//
// The numbers are checked relative to the sequence, not as 1..40: the scenarios share one database (a fresh schema
// per run, test-cluster.ts) and those before this one pay orders of their own (kill -9 mid-checkout, webhook storm…),
// which take the first numbers. The scenarios run one after the other, so nothing else pays meanwhile: the sequence's
// next number before the payments (the store's first number, 1, when no invoice exists yet) is the first of ours,
// and the sequence must stand exactly 40 further on afterwards. A fresh database would mean new instances for this
// one scenario, and would not show numbering carrying on from earlier invoices.
//
// The instances charge VAT as an EU seller under the One-Stop Shop (TAX_REGISTRATIONS=eu and the seller's details,
// test-cluster.ts). Only this scenario's buyers give a billing country (DE) and pay with a German card, which the
// store checks on the other instance before the payment (POST /api/checkout/payment-method); the other scenarios'
// buyers give none, so their orders carry no tax, as before.
import { testCardIssuedIn } from '../../../test-support/tax-settings';
import { call, expect, type Answer } from '../../benchmarks/shared/store-http';
import { newCustomers, type Customer } from '../customers';
import { invoicesOf, nextInvoiceNumber } from '../invoice-rows';
import { orderFacts } from '../order-rows';
import { saleArtwork } from '../sale-artwork';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import type { StoreInstance } from '../store-instance';
import { deliverWithRetries, type RetriedDelivery } from '../webhooks';

const ORDERS = 40;
const PRICE_CENTS = 1_200;
/** Germany's standard rate: 12.00 + 2.28. */
const VAT_CENTS = 228;
const TOTAL_CENTS = PRICE_CENTS + VAT_CENTS;
const GERMAN_CARD = testCardIssuedIn('DE');

interface Plan {
  customer: Customer;
  /** Where the checkout began and the page confirms. */
  home: StoreInstance;
  /** Where the card was checked and Stripe's webhook goes. */
  other: StoreInstance;
  paymentIntentId: string;
  orderNumber: string;
}

interface Payment {
  confirm: Answer<{ status?: string }> | { status: string };
  webhook: RetriedDelivery;
}

/** The checkout page on `home`: the order taxed by the billing country; then the card form's German card on `other`. */
async function checkout(
  cluster: Cluster,
  artworkId: number,
  customer: Customer,
  home: StoreInstance,
  other: StoreInstance,
) {
  const started = await expect<{ paymentIntentId: string; orderNumber: string; amount: number }>(
    200,
    home.origin,
    'POST',
    '/api/create-payment-intent',
    {
      cookie: customer.cookie,
      headers: customer.headers,
      body: {
        items: [{ id: artworkId, quantity: 1 }],
        email: customer.account.email,
        firstName: 'Nora',
        lastName: 'Buyer',
        country: 'DE',
      },
    },
  );
  const { paymentIntentId, orderNumber } = started.body;
  const paymentMethodId = cluster.stripe.createPaymentMethod({ number: GERMAN_CARD, country: 'DE' });
  const taxed = await expect<{ amount: number }>(200, other.origin, 'POST', '/api/checkout/payment-method', {
    cookie: customer.cookie,
    headers: customer.headers,
    body: { paymentIntentId, paymentMethodId },
  });
  const intent = cluster.stripe.intents.get(paymentIntentId);
  const amounts = [started.body.amount, taxed.body.amount, intent?.amount];
  check(
    amounts.every((amount) => amount === TOTAL_CENTS) && intent?.payment_method === paymentMethodId,
    `order ${orderNumber}: amounts (intent made, card checked, at Stripe) ${amounts.join('/')}, not ${TOTAL_CENTS} each, or the card is not on the intent`,
  );
  return { customer, home, other, paymentIntentId, orderNumber };
}

/** The browser confirms at Stripe; then the page's confirmation and Stripe's webhook reach the store together. */
async function pay(cluster: Cluster, plan: Plan): Promise<Payment> {
  const status = cluster.stripe.confirmIntent(plan.paymentIntentId);
  if (status !== 'succeeded') throw new Error(`Stripe left ${plan.paymentIntentId} ${status}`);
  const payload = cluster.stripe.eventFor('payment_intent.succeeded', plan.paymentIntentId);
  const [confirm, webhook] = await Promise.all([
    call<{ status?: string }>(plan.home.origin, 'POST', '/api/orders/confirm', {
      cookie: plan.customer.cookie,
      headers: plan.customer.headers,
      body: { paymentIntentId: plan.paymentIntentId },
    }).catch((error: unknown) => ({ status: String((error as { cause?: { code?: string } }).cause?.code ?? error) })),
    deliverWithRetries(plan.other.origin, cluster.webhookSecret, payload),
  ]);
  return { confirm, webhook };
}

export const invoiceNumbers: Scenario = {
  name: 'invoice numbers across instances',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');
    const artwork = await saleArtwork(cluster, a.origin, PRICE_CENTS / 100, 'invoice');
    const half = ORDERS / 2;
    const customers = [
      ...(await newCustomers(a.origin, cluster.mail, half, 'invoice-a')),
      ...(await newCustomers(b.origin, cluster.mail, ORDERS - half, 'invoice-b')),
    ];

    // Every checkout begun on one instance and its card checked on the other, alternately.
    const plans = await Promise.all(
      customers.map((customer, i) =>
        i % 2 === 0 ? checkout(cluster, artwork.id, customer, a, b) : checkout(cluster, artwork.id, customer, b, a),
      ),
    );
    figures.push(
      `${plans.length} checkouts (${plans.filter((p) => p.home === a).length} begun on A, ${plans.filter((p) => p.home === b).length} on B, each card checked on the other): ${(PRICE_CENTS / 100).toFixed(2)} + 19 % VAT ${(VAT_CENTS / 100).toFixed(2)} each`,
    );

    const before = await nextInvoiceNumber(cluster.databaseUrl);
    const first = before ?? 1;
    const started = performance.now();
    const payments = await Promise.all(plans.map((plan) => pay(cluster, plan)));
    const payMs = performance.now() - started;
    const confirmed = payments.filter(
      (p) => p.confirm.status === 200 && 'body' in p.confirm && p.confirm.body.status === 'paid',
    ).length;
    const accepted = payments.filter((p) => p.webhook.status === 200).length;
    const retried = payments.filter((p) => p.webhook.attempts > 1).length;
    figures.push(
      `${plans.length} payments at once (the page's confirmation to one instance, the webhook to the other: ${plans.length * 2} requests) answered in ${seconds(payMs)}; confirmations paid ${confirmed}/${plans.length}, webhooks 200 ${accepted}/${plans.length} (${retried} retried)`,
    );

    const intents = plans.map((plan) => plan.paymentIntentId);
    const [facts, invoices, after] = await Promise.all([
      orderFacts(cluster.databaseUrl, intents),
      invoicesOf(cluster.databaseUrl, intents),
      nextInvoiceNumber(cluster.databaseUrl),
    ]);
    const numbers = invoices.map((invoice) => invoice.number);
    const expected = Array.from({ length: plans.length }, (_, i) => first + i);
    const duplicates = numbers.length - new Set(numbers).size;
    const gaps = expected.filter((n) => !numbers.includes(n)).length;
    const outside = numbers.filter((n) => n < first || n >= first + plans.length);
    const perOrder = intents.map((id) => invoices.filter((invoice) => invoice.paymentIntentId === id).length);
    const paidOnce = facts.filter((f) => f.paid && f.status === 'paid' && f.payments === 1).length;
    const taxedRight = invoices.filter(
      (invoice) =>
        invoice.netCents === PRICE_CENTS &&
        invoice.taxCents === VAT_CENTS &&
        invoice.totalCents === TOTAL_CENTS &&
        invoice.rates.join() === 'vat DE 1900',
    ).length;
    const range = numbers.length ? `${Math.min(...numbers)}..${Math.max(...numbers)}` : 'none';
    figures.push(
      `${invoices.length} invoices for ${plans.length} orders (${perOrder.filter((n) => n === 1).length} with exactly one; ${paidOnce} paid once), numbers ${range} = the sequence's ${first} + 0..${plans.length - 1}, duplicates ${duplicates}, gaps ${gaps}; sequence next ${before ?? 'unset'} → ${after ?? 'unset'}; 19 % VAT on ${taxedRight}/${invoices.length}`,
    );

    check(confirmed === plans.length, `confirmations answered ${payments.map((p) => p.confirm.status).join(',')}`);
    check(accepted === plans.length, `webhooks answered ${payments.map((p) => p.webhook.status).join(',')}`);
    check(
      paidOnce === plans.length,
      `orders: ${JSON.stringify(facts.filter((f) => !(f.paid && f.payments === 1)).map((f) => [f.orderNumber, f.status, f.payments]))}`,
    );
    check(
      perOrder.every((n) => n === 1),
      `invoices per order ${perOrder.join(',')}`,
    );
    check(
      duplicates === 0 && gaps === 0 && outside.length === 0,
      `invoice numbers ${numbers.join(',')}, expected ${first}..${first + plans.length - 1}`,
    );
    check(after === first + plans.length, `the sequence's next number is ${after}, not ${first + plans.length}`);
    check(
      taxedRight === invoices.length,
      `invoices not at 19 %: ${JSON.stringify(invoices.filter((i) => i.taxCents !== VAT_CENTS).map((i) => [i.displayNumber, i.netCents, i.taxCents, i.rates]))}`,
    );
  },
};
