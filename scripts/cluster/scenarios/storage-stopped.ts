// "Parts failing", the file storage: the S3 server is stopped. Uploads through nginx must answer 503
// with a message, quickly, while the shop's pages and catalogue keep answering. Then it is stopped again in the
// middle of an upload, right after the original was stored and before its renditions: once it is back, nothing of
// that upload may remain in the bucket (the store deletes what it had put, or notes it and deletes it later). Last,
// uploads work again through both instances, and what they store is served.
import { setTimeout as sleep } from 'node:timers/promises';
import { newCustomers } from '../customers';
import { call, download, type Answer } from '../../benchmarks/shared/store-http';
import { pngImage } from '../images';
import { saleArtwork } from '../sale-artwork';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import { upload } from '../store-steps';

/** An upload refused because the storage is down must be answered within this. */
const FAST_MS = 5_000;
/** The store retries deleting what a cut upload left, first after a few seconds. */
const LEFTOVERS_GONE_MS = 45_000;

export const storageStopped: Scenario = {
  name: 'parts failing: S3 stopped',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;
    check(a.isRunning() && b.isRunning(), 'both instances must be running at the start');
    const artwork = await saleArtwork(cluster, b.origin, 4, 's3');
    const [buyer] = await newCustomers(a.origin, cluster.mail, 1, 's3');
    if (!buyer) throw new Error('no customer');
    const cookie = artwork.ownerCookie;
    const picture = { name: 's3-outage.png', content: await pngImage(1600, 1200), contentType: 'image/png' };
    const browse: Array<{ path: string; page?: boolean; cookie?: string }> = [
      { path: '/', page: true },
      { path: '/shop', page: true },
      { path: `/artwork/${artwork.id}`, page: true },
      { path: '/categories', page: true },
      { path: '/api/artworks?limit=12' },
      { path: `/api/artworks/${artwork.id}` },
      { path: '/api/categories' },
      { path: '/api/auth/session', cookie: buyer.cookie },
    ];
    const keysBefore = new Set(await cluster.s3.keys());

    // Down: uploads refused, browsing as usual.
    let refused: Answer[];
    let browsing: Answer[];
    await cluster.s3.stop();
    try {
      refused = await Promise.all(
        (['preview', 'private'] as const).map((kind) =>
          call(cluster.balancer, 'POST', `/api/uploads?kind=${kind}`, { cookie, files: [picture] }),
        ),
      );
      browsing = await Promise.all(
        browse.map((visit) =>
          call(cluster.balancer, 'GET', visit.path, {
            cookie: visit.cookie,
            headers: visit.page ? { Accept: 'text/html' } : {},
          }),
        ),
      );
    } finally {
      await cluster.s3.start();
    }
    const message = (answer: Answer) => (answer.body as { error?: string }).error ?? '';
    const slowest = Math.max(...refused.map((answer) => answer.ms));
    const browsed = browsing.filter((answer) => answer.status === 200).length;
    figures.push(
      `S3 down: uploads answered ${refused.map((answer) => answer.status).join(' and ')} within ${seconds(slowest)} ("${message(refused[0] ?? browsing[0]!)}"), browsing ${browsed}/${browsing.length} answered 200`,
    );
    check(
      refused.every((answer) => answer.status === 503 && message(answer) && answer.retryAfter),
      `uploads answered ${refused.map((answer) => `${answer.status} ${JSON.stringify(answer.body)}`).join('; ')}`,
    );
    check(slowest <= FAST_MS, `an upload took ${seconds(slowest)} to be refused`);
    check(
      browsed === browsing.length,
      `browsing answered ${browsing.map((answer, i) => `${browse[i]?.path} ${answer.status}`).join(', ')}`,
    );

    // Down in the middle of an upload: its first object stored, the rest not. The room mockups the store makes in
    // the background for this scenario's artwork are not the upload's: they go on being made, and retried once S3
    // is back, so they are left out of both the stop and the leftovers.
    const ofTheUpload = (key: string) => !key.startsWith('mockups/');
    const stopped = cluster.s3.stopAfterPut(ofTheUpload);
    const cut = await call(cluster.balancer, 'POST', '/api/uploads?kind=preview', { cookie, files: [picture] });
    const stoppedAfter = await stopped;
    await cluster.s3.start();
    const backAt = performance.now();
    const newKeys = async () => (await cluster.s3.keys()).filter((key) => !keysBefore.has(key) && ofTheUpload(key));
    let leftovers = await newKeys();
    const leftAtFirst = leftovers.length;
    while (leftovers.length > 0 && performance.now() - backAt < LEFTOVERS_GONE_MS) {
      await sleep(500);
      leftovers = await newKeys();
    }
    figures.push(
      `S3 stopped after storing ${stoppedAfter}: the upload answered ${cut.status}; when S3 was back ${leftAtFirst} object(s) of it were there, ${leftovers.length === 0 ? `none ${seconds(performance.now() - backAt)} later` : `still there: ${leftovers.join(', ')}`}`,
    );
    check(cut.status === 503, `the cut upload answered ${cut.status}: ${JSON.stringify(cut.body)}`);
    check(
      leftovers.length === 0,
      `objects of the cut upload still in the bucket ${LEFTOVERS_GONE_MS / 1000} s after S3 was back: ${leftovers.join(', ')}`,
    );

    // Back: uploads work through both instances, and their renditions are served.
    const again = await Promise.all([a, b].map((instance) => upload(instance.origin, cookie, 'preview', picture)));
    const served = await Promise.all(
      again.map(async (stored) => (await download(stored.images[0]?.url ?? stored.url ?? '')).status),
    );
    figures.push(
      `S3 back: uploads through A and B stored (${again.map((stored) => seconds(stored.ms)).join(', ')}), renditions served ${served.join(', ')}`,
    );
    check(
      served.every((status) => status === 200),
      `renditions answered ${served.join(', ')}`,
    );
  },
};
