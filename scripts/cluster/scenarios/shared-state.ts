// "Shared state": nothing a visitor or the owner does may depend on which instance nginx picks.
// The session made through the balancer works on both instances; what the owner uploads on A (the artwork, its
// renditions, its private file) is served by B, and a customer who buys it on B downloads the very bytes; a
// catalogue change made on A shows on B (and through nginx) within 5 s.
import { createHash, randomBytes } from 'node:crypto';
import { measureEditVisibility } from '../../benchmarks/shared/edit-visibility';
import { download, expect } from '../../benchmarks/shared/store-http';
import { pngImage } from '../images';
import { check, seconds, type Cluster, type Scenario } from '../scenario';
import {
  createCustomer,
  downloadLink,
  payAndConfirm,
  sessionEmail,
  signIn,
  startCheckout,
  upload,
} from '../store-steps';

const EDIT_LIMIT_MS = 5_000;
const BALANCER_SESSION_REQUESTS = 6;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface CreatedArtwork {
  id: number;
  title: string;
  previewUrl: string | null;
  imageUrl: string;
  images: Array<{ url: string; width: number }>;
}

/** Where a stored file's URL points: absolute on S3, relative to the instance on local disk. */
const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

export const sharedState: Scenario = {
  name: 'shared state',
  async run(cluster: Cluster, figures: string[]) {
    const [a, b] = cluster.instances;

    // The session: made through nginx, honoured by whichever instance gets the next request.
    const owner = await signIn(cluster.balancer, cluster.owner);
    const direct = await Promise.all([sessionEmail(a.origin, owner.cookie), sessionEmail(b.origin, owner.cookie)]);
    check(
      direct.every((s) => s.email === cluster.owner.email),
      `the owner's session is not known on ${direct.filter((s) => s.email !== cluster.owner.email).length} instance(s)`,
    );
    const viaBalancer = [];
    for (let i = 0; i < BALANCER_SESSION_REQUESTS; i++)
      viaBalancer.push(await sessionEmail(cluster.balancer, owner.cookie));
    const signedIn = viaBalancer.filter((s) => s.email === cluster.owner.email).length;
    const upstreams = new Set(viaBalancer.map((s) => s.upstream));
    figures.push(
      `session made via nginx on ${owner.upstream}, signed in on A and B directly and on ${signedIn}/${BALANCER_SESSION_REQUESTS} balanced requests over ${upstreams.size} instances`,
    );
    check(signedIn === BALANCER_SESSION_REQUESTS, 'a balanced request lost the session');
    check(upstreams.size === 2, `nginx sent the session requests to ${[...upstreams].join(', ')} only`);

    // The owner's upload and new artwork, on A.
    const previewPng = await pngImage(2000, 1500, 32);
    const privatePng = await pngImage(1500, 1200);
    const preview = await upload(a.origin, owner.cookie, 'preview', {
      name: 'cluster-preview.png',
      content: previewPng,
      contentType: 'image/png',
    });
    const original = await upload(a.origin, owner.cookie, 'private', {
      name: 'cluster-original.png',
      content: privatePng,
      contentType: 'image/png',
    });
    check(preview.url !== null && preview.images.length > 0, 'the preview upload answered no URL or renditions');
    check(original.url === null, 'the private file was given a public URL');
    const title = `Cluster ${randomBytes(4).toString('hex')}`;
    const created = await expect<CreatedArtwork>(201, a.origin, 'POST', '/api/artworks', {
      cookie: owner.cookie,
      body: {
        title,
        artist: 'Cluster Harness',
        price: 12.5,
        description: 'Uploaded on instance A by npm run test:cluster.',
        category: 'abstract',
        tags: ['cluster'],
        previewUrl: preview.url,
        privateFileKey: original.path,
      },
    });
    const id = created.body.id;
    figures.push(
      `uploaded on A: preview ${(previewPng.length / 1024).toFixed(0)} KiB in ${seconds(preview.ms)} (${preview.images.length} renditions), private ${(privatePng.length / 1024).toFixed(0)} KiB in ${seconds(original.ms)}`,
    );

    // B serves it: the artwork, every rendition, the owner's view with the private file.
    const onB = await expect<CreatedArtwork>(200, b.origin, 'GET', `/api/artworks/${id}`);
    check(onB.body.title === title, `B shows the artwork as "${onB.body.title}"`);
    const urls = [
      ...new Set(
        [onB.body.previewUrl, onB.body.imageUrl, ...onB.body.images.map((image) => image.url)].filter(
          (url): url is string => Boolean(url),
        ),
      ),
    ];
    const files = await Promise.all(urls.map((url) => download(absolute(b.origin, url))));
    const served = files.filter(
      (file) => file.status === 200 && file.type.startsWith('image/') && file.bytes.length > 0,
    ).length;
    figures.push(
      `B serves the artwork and ${served}/${urls.length} image files (${onB.body.images.map((image) => image.width).join('/')} px renditions)`,
    );
    check(
      served === urls.length,
      `B's image files answered ${files.map((file) => `${file.status} ${file.type}`).join(', ')}`,
    );
    const ownerView = await expect<{ privateFile: { name: string; size: number } | null }>(
      200,
      b.origin,
      'GET',
      `/api/admin/artworks/${id}`,
      { cookie: owner.cookie },
    );
    const privateFile = ownerView.body.privateFile;
    check(
      privateFile?.size === privatePng.length,
      `B's owner view shows private file ${JSON.stringify(privateFile)}, not the ${privatePng.length} bytes uploaded on A`,
    );

    // A customer (confirmed through the mail, signed in through nginx) buys it on B and downloads the private file there.
    const customer = {
      email: `buyer-${randomBytes(4).toString('hex')}@example.com`,
      password: 'cluster customer password',
    };
    await createCustomer(cluster.balancer, cluster.mail, customer);
    const buyer = await signIn(cluster.balancer, customer);
    const checkout = await startCheckout(b.origin, buyer.cookie, customer.email, id);
    const paid = await payAndConfirm(b.origin, cluster.stripe, buyer.cookie, checkout.paymentIntentId);
    check(paid.body.status === 'paid', `the order is ${paid.body.status} after the confirmation`);
    const link = await downloadLink(b.origin, buyer.cookie, checkout.orderNumber);
    const file = await download(link.url);
    const same = file.status === 200 && sha256(file.bytes) === sha256(privatePng);
    figures.push(
      `order ${checkout.orderNumber} paid on B, private file downloaded through B's link: ${file.status}, ${(file.bytes.length / 1024).toFixed(0)} KiB, ${same ? 'same bytes' : 'DIFFERENT bytes'}`,
    );
    check(same, 'the download is not the file the owner uploaded');

    // A catalogue change on A, watched on B and through nginx by anonymous visitors.
    const edit = await measureEditVisibility(
      [
        { name: 'A', origin: a.origin },
        { name: 'B', origin: b.origin },
        { name: 'nginx', origin: cluster.balancer },
      ],
      owner.cookie,
      id,
      [
        { label: 'API', path: `/api/artworks/${id}`, headers: { Accept: 'application/json' } },
        { label: 'page', path: `/artwork/${id}`, headers: { Accept: 'text/html' } },
      ],
      EDIT_LIMIT_MS,
    );
    const late = edit.rows.filter((row) => row.seconds === null);
    figures.push(
      `edit on A seen: ${edit.rows.map((row) => `${row.instance} ${row.label} ${row.seconds === null ? 'never' : `${row.seconds.toFixed(2)} s`}`).join(', ')} (limit ${EDIT_LIMIT_MS / 1000} s)`,
    );
    check(
      late.length === 0,
      `not within ${EDIT_LIMIT_MS / 1000} s: ${late.map((row) => `${row.instance} ${row.label}`).join(', ')}`,
    );
  },
};
