// "Parts failing", mail: the SMTP server is stopped. A newcomer signs up and a customer buys: both
// answer as usual, and their e-mails (the confirmation link, the receipt) wait in the database's mail queue, tried
// once and failed. Once the mail server is back, each is delivered, once; the newcomer's link confirms the account.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { clientAddress, mailsTo, newCustomers } from '../customers';
import { expect } from '../../benchmarks/shared/store-http';
import { mailedToken } from '../mail';
import { queuedMail, type QueuedMail } from '../mail-queue-rows';
import { saleArtwork } from '../sale-artwork';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import { payAndConfirm, signIn, startCheckout } from '../store-steps';

/** The request's own try fails at once; the queue tries again 5 s later, then 30 s (mail-queue.ts). */
const DELIVERY_LIMIT_MS = 60_000;
/** After both arrived: long enough for a second delivery of either to show. */
const DUPLICATE_WAIT_MS = 6_000;
const RECEIPT_SUBJECT = 'Your receipt for order';

export const mailServerStopped: Scenario = {
  name: 'parts failing: SMTP stopped',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');
    const artwork = await saleArtwork(cluster, a.origin, 6, 'smtp');
    const [buyer] = await newCustomers(a.origin, cluster.mail, 1, 'smtp');
    if (!buyer) throw new Error('no customer');
    const newcomer = {
      email: `smtp-new-${randomBytes(4).toString('hex')}@example.com`,
      password: 'cluster customer password',
    };
    const newcomerHeaders = clientAddress();
    const addresses = [newcomer.email, buyer.account.email];

    let waiting: QueuedMail[];
    let status: string;
    await cluster.smtp.stop();
    try {
      await expect(200, b.origin, 'POST', '/api/auth/sign-up', { body: newcomer, headers: newcomerHeaders });
      const checkout = await startCheckout(cluster.balancer, buyer.cookie, buyer.account.email, artwork.id);
      status = (await payAndConfirm(cluster.balancer, cluster.stripe, buyer.cookie, checkout.paymentIntentId)).body
        .status;
      // Each message's first try (by the request that queued it) has failed, and it waits for the next.
      const until = performance.now() + 10_000;
      for (;;) {
        waiting = (await queuedMail(cluster.databaseUrl, addresses)).filter((mail) => !mail.sent);
        if ((waiting.length >= 2 && waiting.every((mail) => mail.attempts >= 1)) || performance.now() > until) break;
        await sleep(200);
      }
    } finally {
      await cluster.smtp.start();
    }
    const backAt = performance.now();
    figures.push(
      `SMTP down: the sign-up answered 200 and the purchase ${status}; waiting in the database: ${waiting.map((mail) => `${mail.kind} (tried ${mail.attempts}×)`).join(', ')}`,
    );
    check(status === 'paid', `the purchase is ${status}`);
    check(
      waiting.length === 2 && waiting.every((mail) => mail.attempts >= 1 && mail.lastError),
      `the queue holds ${JSON.stringify(waiting)}, not two messages tried and failed`,
    );

    const delivered = () =>
      mailsTo(cluster.mail, newcomer.email, '') > 0 && mailsTo(cluster.mail, buyer.account.email, RECEIPT_SUBJECT) > 0;
    while (!delivered() && performance.now() - backAt < DELIVERY_LIMIT_MS) await sleep(200);
    const deliveredMs = performance.now() - backAt;
    await sleep(DUPLICATE_WAIT_MS);
    const counts = [
      mailsTo(cluster.mail, newcomer.email, ''),
      mailsTo(cluster.mail, buyer.account.email, RECEIPT_SUBJECT),
    ];
    figures.push(
      `SMTP back: both delivered ${delivered() ? `${seconds(deliveredMs)} later` : 'never'}; the confirmation ${counts[0]}×, the receipt ${counts[1]}×`,
    );
    check(
      counts.every((n) => n === 1),
      `delivered ${counts.join(' and ')} times, not once each`,
    );

    // The link that waited works.
    const token = await mailedToken(cluster.mail, newcomer.email, '/confirm-email');
    await expect(200, b.origin, 'POST', '/api/auth/confirm', { body: { token }, headers: newcomerHeaders });
    await signIn(b.origin, newcomer, newcomerHeaders);
  },
};
