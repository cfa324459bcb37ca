// "Graceful stop": SIGTERM to instance A while it takes an upload and in the middle of a checkout.
// A must stop taking new connections, finish the upload it was busy with within 10 s (GRACE_MS in main.ts), and
// exit with 0; meanwhile every request through nginx — pages, a session, new uploads, the checkout that A began,
// new checkouts — must succeed on B. Stops A for good, so it runs last.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import { download, call, expect } from '../../benchmarks/shared/store-http';
import { pngImage } from '../images';
import { probeNewConnection, startUpload } from '../in-flight-upload';
import { check, type Cluster, type Scenario } from '../scenario';
import { createCustomer, downloadLink, payAndConfirm, signIn, startCheckout, upload } from '../store-steps';

const GRACE_MS = 10_000;
/** How often the balancer and A's port are asked during the drain. */
const POLL_MS = 50;
/**
 * The in-flight upload: a large image, so A is still decoding it and making its renditions when SIGTERM comes, yet
 * one that finishes well inside the grace on a loaded two-core machine (a 6000 × 6000 PNG took 9–10 s there).
 */
const BIG_IMAGE = { width: 4000, height: 4000, noise: 6 };

interface Tally {
  ok: number;
  failed: string[];
  /** Answered by A after the SIGTERM, or tried on A first and then on B. */
  onA: number;
  retried: number;
}

export const gracefulStop: Scenario = {
  name: 'graceful stop',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    const aAddress = `127.0.0.1:${a.port}`;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');

    // Set-up through B: an artwork with a private file, and a signed-in customer.
    const owner = await signIn(cluster.balancer, cluster.owner);
    const preview = await upload(b.origin, owner.cookie, 'preview', {
      name: 'stop-preview.png',
      content: await pngImage(800, 600),
      contentType: 'image/png',
    });
    const original = await upload(b.origin, owner.cookie, 'private', {
      name: 'stop-original.png',
      content: await pngImage(1500, 1200),
      contentType: 'image/png',
    });
    const artwork = await expect<{ id: number }>(201, b.origin, 'POST', '/api/artworks', {
      cookie: owner.cookie,
      body: {
        title: `Stop ${randomBytes(4).toString('hex')}`,
        artist: 'Cluster Harness',
        price: 7,
        description: 'For the graceful stop scenario.',
        category: 'abstract',
        previewUrl: preview.url,
        privateFileKey: original.path,
      },
    });
    const customer = {
      email: `stop-${randomBytes(4).toString('hex')}@example.com`,
      password: 'cluster customer password',
    };
    await createCustomer(cluster.balancer, cluster.mail, customer);
    const buyer = await signIn(cluster.balancer, customer);

    // A checkout begun on A: its order and intent exist; the payment and the confirmation come during A's stop.
    const begun = await startCheckout(a.origin, buyer.cookie, customer.email, artwork.body.id);

    // The upload in flight on A when the signal comes.
    const big = await pngImage(BIG_IMAGE.width, BIG_IMAGE.height, BIG_IMAGE.noise);
    const inFlight = startUpload(a.port, owner.cookie, 'media', {
      name: 'big.png',
      content: big,
      contentType: 'image/png',
    });
    await inFlight.sent;
    await sleep(100);
    const signalAt = performance.now();
    a.signal('SIGTERM');

    // During the drain: A's port (new connections), and the balancer, until A has exited.
    let aExited = false;
    const exit = a.exited.then((value) => {
      aExited = true;
      return value;
    });
    const probes: Array<{ at: number; result: number | string }> = [];
    const probing = (async () => {
      while (!aExited) {
        probes.push({ at: performance.now() - signalAt, result: await probeNewConnection(a.port) });
        await sleep(POLL_MS);
      }
    })();
    const tally: Tally = { ok: 0, failed: [], onA: 0, retried: 0 };
    const count = (label: string, answer: { status: number; upstream: string }, expected: number) => {
      if (answer.status === expected) tally.ok++;
      else tally.failed.push(`${label} ${answer.status} via ${answer.upstream}`);
      const tried = answer.upstream.split(',').map((address) => address.trim());
      if (tried.at(-1) === aAddress) tally.onA++;
      if (tried.length > 1) tally.retried++;
    };
    const balancing = (async () => {
      for (let i = 0; !aExited; i++) {
        const answer =
          i % 2 === 0
            ? await call(cluster.balancer, 'GET', '/api/artworks?limit=1')
            : await call(cluster.balancer, 'GET', '/api/auth/session', { cookie: buyer.cookie });
        count(i % 2 === 0 ? 'GET /api/artworks' : 'GET /api/auth/session', answer, 200);
        await sleep(POLL_MS);
      }
    })();

    // The checkout A began, finished through nginx; a new upload and a new checkout through nginx, all during the drain.
    await sleep(200);
    const confirmed = await payAndConfirm(cluster.balancer, cluster.stripe, buyer.cookie, begun.paymentIntentId);
    count('POST /api/orders/confirm', confirmed, 200);
    const newUpload = await call(cluster.balancer, 'POST', '/api/uploads?kind=private', {
      cookie: owner.cookie,
      files: [{ name: 'during-stop.png', content: await pngImage(1500, 1200), contentType: 'image/png' }],
    });
    count('POST /api/uploads', newUpload, 201);
    const second = await call<{ paymentIntentId: string; orderNumber: string }>(
      cluster.balancer,
      'POST',
      '/api/create-payment-intent',
      {
        cookie: buyer.cookie,
        body: { items: [{ id: artwork.body.id, quantity: 1 }], email: customer.email },
      },
    );
    count('POST /api/create-payment-intent', second, 200);

    const drained = await inFlight.answered;
    const exited = await exit;
    await Promise.all([probing, balancing]);

    const uploadSeconds = (drained.at - signalAt) / 1000;
    const exitSeconds = (exited.at - signalAt) / 1000;
    const firstRefused = probes.find((probe) => probe.result === 'refused');
    const servedAfterRefusal = probes.filter(
      (probe) => firstRefused && probe.at > firstRefused.at && probe.result !== 'refused',
    );
    const beforeRefusal = probes
      .filter((probe) => !firstRefused || probe.at < firstRefused.at)
      .map((probe) => String(probe.result));
    figures.push(
      `in-flight upload (${(big.length / 1048576).toFixed(0)} MB, ${BIG_IMAGE.width}×${BIG_IMAGE.height}) answered ${drained.status} ${uploadSeconds.toFixed(2)} s after SIGTERM`,
      `A refused new connections ${firstRefused ? `${(firstRefused.at / 1000).toFixed(2)} s` : 'never'} after it (before: ${beforeRefusal.join(', ') || 'no probe'}), exited with ${exited.code ?? exited.signal} after ${exitSeconds.toFixed(2)} s`,
      `through nginx during the drain: ${tally.ok}/${tally.ok + tally.failed.length} requests succeeded, ${tally.onA} answered by A, ${tally.retried} retried on B`,
    );
    check(drained.status === 201, `the upload in flight answered ${drained.status}: ${drained.body.slice(0, 200)}`);
    check(
      uploadSeconds <= GRACE_MS / 1000,
      `the upload in flight took ${uploadSeconds.toFixed(2)} s after SIGTERM, over ${GRACE_MS / 1000} s`,
    );
    check(exited.code === 0, `A exited with ${exited.code ?? exited.signal}, not 0`);
    check(firstRefused !== undefined, 'A kept accepting new connections until it exited');
    check(
      servedAfterRefusal.length === 0,
      `A answered ${servedAfterRefusal.length} new connections after refusing one`,
    );
    check(tally.failed.length === 0, `through nginx: ${tally.failed.join('; ')}`);

    // After the stop: the checkout begun on A and the one begun during the drain are both paid and downloadable, via B.
    check(second.status === 200, 'the checkout begun during the drain has no intent');
    await payAndConfirm(cluster.balancer, cluster.stripe, buyer.cookie, second.body.paymentIntentId);
    const downloads = [];
    for (const orderNumber of [begun.orderNumber, second.body.orderNumber]) {
      const link = await downloadLink(cluster.balancer, buyer.cookie, orderNumber);
      downloads.push((await download(link.url)).status);
    }
    figures.push(
      `checkout begun on A and one begun during the drain: both paid, downloads ${downloads.join(', ')} through nginx`,
    );
    check(
      downloads.every((status) => status === 200),
      `downloads answered ${downloads.join(', ')}`,
    );
  },
};
