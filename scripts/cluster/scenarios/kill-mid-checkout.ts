// "kill -9 mid-checkout": instance A dies by SIGKILL while customers are paying through it. Every
// payment that succeeded at the provider must end as exactly one paid order with its lines — whether A confirmed
// it, died during the confirmation, or never got it — once Stripe's webhook, retried as Stripe retries, reaches B
// through nginx; one receipt each at the SMTP server (the mail queue delivers once); the downloads work. Then A is
// started again on its port and must answer /api/ready and serve through nginx.
import { setTimeout as sleep } from 'node:timers/promises';
import { distinctMailsTo, mailsTo, newCustomers, type Customer } from '../customers';
import { call, download, type Answer } from '../../benchmarks/shared/store-http';
import { orderFacts } from '../order-rows';
import { saleArtwork } from '../sale-artwork';
import { rejoin } from '../rejoin';
import { check, type Cluster, type Scenario } from '../scenario';
import type { Exit } from '../store-instance';
import { downloadLink, startCheckout } from '../store-steps';
import { deliverWithRetries } from '../webhooks';

const CUSTOMERS = 10;
/** Between two customers' confirmations: A is killed when the first one answers, so later ones are in flight or refused. */
const CONFIRM_SPACING_MS = 25;
// A receipt whose send was cut by the kill is held by the dead instance's claim on it (30 s for a request's own
// first try, src/server/modules/mail-queue/mail-queue.ts), then sent by the other instance.
const RECEIPT_WAIT_MS = 45_000;
const RECEIPT_SUBJECT = 'Your receipt for order';

type ConfirmOutcome = { answer: Answer } | { error: string };

export const killMidCheckout: Scenario = {
  name: 'kill -9 mid-checkout',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');

    const artwork = await saleArtwork(cluster, b.origin, 9, 'kill');
    const customers = await newCustomers(b.origin, cluster.mail, CUSTOMERS, 'kill');

    // Every checkout begun on A and paid at Stripe; then the pages' confirmations go to A, one after the other.
    const checkouts = await Promise.all(
      customers.map((c) => startCheckout(a.origin, c.cookie, c.account.email, artwork.id)),
    );
    for (const checkout of checkouts) cluster.stripe.succeedIntent(checkout.paymentIntentId);
    const confirmations: Array<Promise<ConfirmOutcome>> = [];
    let firstAnswered = () => {};
    const first = new Promise<void>((resolve) => (firstAnswered = resolve));
    const sending = (async () => {
      for (const [i, checkout] of checkouts.entries()) {
        const customer = customers[i];
        if (!customer) continue;
        const confirm = call(a.origin, 'POST', '/api/orders/confirm', {
          cookie: customer.cookie,
          body: { paymentIntentId: checkout.paymentIntentId },
          headers: customer.headers,
        });
        confirmations.push(
          confirm.then(
            (answer): ConfirmOutcome => ({ answer }),
            (error: unknown): ConfirmOutcome => ({
              error: String((error as { cause?: { code?: string } }).cause?.code ?? error),
            }),
          ),
        );
        void confirm.finally(firstAnswered).catch(() => {});
        await sleep(CONFIRM_SPACING_MS);
      }
    })();
    await Promise.race([first, sending]);
    a.signal('SIGKILL');
    const killedAt = performance.now();
    const exit = await a.exited;
    await sending;
    // Whatever the checks find, A is started again, so the scenarios after this one have both instances.
    let failure: Error | null = null;
    try {
      await checkOutcome(cluster, { customers, checkouts, exit, confirmations }, figures);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    await rejoin(cluster, 0, killedAt, figures);
    if (failure) throw failure;
  },
};

interface Killed {
  customers: Customer[];
  checkouts: Array<{ paymentIntentId: string; orderNumber: string }>;
  exit: Exit;
  confirmations: Array<Promise<ConfirmOutcome>>;
}

/** The confirmations A answered or dropped, then Stripe's webhooks, the orders, the receipts and the downloads. */
async function checkOutcome(cluster: Cluster, killed: Killed, figures: string[]): Promise<void> {
  const { customers, checkouts, exit } = killed;
  const aAddress = `127.0.0.1:${cluster.instances[0].port}`;
  const outcomes = await Promise.all(killed.confirmations);
  const confirmedBefore = outcomes.filter((o) => 'answer' in o && o.answer.status === 200).length;
  const cutOff = outcomes.filter((o) => 'error' in o && o.error !== 'ECONNREFUSED').length;
  const refused = outcomes.filter((o) => 'error' in o && o.error === 'ECONNREFUSED').length;
  const otherAnswers = outcomes.length - confirmedBefore - cutOff - refused;
  figures.push(
    `${checkouts.length} payments succeeded at Stripe; A killed (${exit.signal ?? exit.code}) with ${confirmedBefore} confirmations answered, ${cutOff} cut off in flight, ${refused} refused${otherAnswers ? `, ${otherAnswers} other` : ''}`,
  );
  check(exit.signal === 'SIGKILL', `A exited with ${exit.code ?? exit.signal}, not by SIGKILL`);

  // Stripe's webhook, to the one address it knows (nginx), retried until it is answered 2xx.
  const deliveries = await Promise.all(
    checkouts.map((checkout) =>
      deliverWithRetries(
        cluster.balancer,
        cluster.webhookSecret,
        cluster.stripe.eventFor('payment_intent.succeeded', checkout.paymentIntentId),
      ),
    ),
  );
  const undelivered = deliveries.filter((d) => d.status !== 200);
  const viaA = deliveries.filter((d) => d.upstream.split(',').at(-1)?.trim() === aAddress).length;
  figures.push(
    `webhooks: ${deliveries.length - undelivered.length}/${deliveries.length} answered 200 via nginx (${deliveries.reduce((n, d) => n + d.attempts, 0)} attempts, ${viaA} answered by A)`,
  );
  check(
    undelivered.length === 0,
    `webhooks not accepted: ${undelivered.map((d) => `${d.status} after ${d.attempts}`).join(', ')}`,
  );

  // One paid order per payment, paid once, with its line; one receipt each at the SMTP server.
  const intents = checkouts.map((checkout) => checkout.paymentIntentId);
  const until = performance.now() + RECEIPT_WAIT_MS;
  while (
    performance.now() < until &&
    customers.some((c) => mailsTo(cluster.mail, c.account.email, RECEIPT_SUBJECT) === 0)
  )
    await sleep(200);
  await sleep(1_000);
  const facts = await orderFacts(cluster.databaseUrl, intents);
  const paid = facts.filter((f) => f.paid && f.status === 'paid' && f.lines > 0);
  const lost = intents.filter((id) => !facts.some((f) => f.paymentIntentId === id && f.paid)).length;
  const duplicates =
    facts.filter((f) => f.payments > 1).length + (facts.length - new Set(facts.map((f) => f.paymentIntentId)).size);
  const receipts = customers.map((c) => mailsTo(cluster.mail, c.account.email, RECEIPT_SUBJECT));
  // A receipt A handed to the SMTP server just before the kill, not yet marked sent, is sent again by B: the same
  // message (one Message-ID), which is what at-least-once delivery over SMTP allows; two distinct receipts are not.
  const distinctReceipts = customers.map((c) => distinctMailsTo(cluster.mail, c.account.email, RECEIPT_SUBJECT));
  const stuck = facts.filter((f) => f.unsent.length > 0);
  figures.push(
    `${paid.length} paid orders for ${intents.length} payments, duplicates ${duplicates}, lost ${lost}; receipts at SMTP ${distinctReceipts.filter((n) => n === 1).length}/${customers.length} exactly one message (${receipts.reduce((n, r) => n + r, 0)} deliveries in all)`,
  );
  check(
    lost === 0 && duplicates === 0 && paid.length === intents.length,
    `orders: ${JSON.stringify(facts.map((f) => [f.orderNumber, f.status, f.payments, f.lines]))}`,
  );
  // Checked after the downloads, so a missing receipt does not hide how the rest went.
  const receiptFailure = distinctReceipts.every((n) => n === 1)
    ? null
    : `distinct receipts per customer ${distinctReceipts.join(',')} (deliveries ${receipts.join(',')}); unsent in the queue: ${stuck.map((f) => `${f.orderNumber} ${JSON.stringify(f.unsent)}`).join('; ') || 'none'}`;

  // Each buyer downloads what they paid for, through nginx.
  const downloads = await Promise.all(
    customers.map(async (customer, i) => {
      const link = await downloadLink(cluster.balancer, customer.cookie, checkouts[i]?.orderNumber ?? '');
      return (await download(link.url)).status;
    }),
  );
  const okDownloads = downloads.filter((status) => status === 200).length;
  figures.push(`downloads ${okDownloads}/${downloads.length}`);
  check(okDownloads === downloads.length, `downloads answered ${downloads.join(', ')}`);
  check(receiptFailure === null, receiptFailure ?? '');
}
