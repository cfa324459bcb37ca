// "bulk upload across instances": the owner begins a master's tus upload on A (created, its first part sent), and
// the client, reconnected to B, asks B where the upload stopped and sends the rest there: B answers A's offset (the
// parts are in the shared store, the lock in the shared database), the master is whole, and one draft is made of
// it by whichever instance claims the job.
import { setTimeout as sleep } from 'node:timers/promises';
import { BULK_UPLOAD_TUS_PATH } from '../../../src/shared/catalogue/bulk-upload';
import { expect } from '../../benchmarks/shared/store-http';
import { pngImage } from '../images';
import { check, seconds, type Scenario } from '../scenario';
import { signIn } from '../store-steps';

const PART = 5 * 1024 * 1024;
const DRAFT_LIMIT_MS = 60_000;
const b64 = (text: string) => Buffer.from(text).toString('base64');

export const bulkUploadAcross: Scenario = {
  name: 'bulk upload across instances',
  async run(cluster, figures) {
    const [a, b] = cluster.instances;
    const { cookie } = await signIn(a.origin, cluster.owner);
    const tus = { 'Tus-Resumable': '1.0.0', Cookie: cookie };
    const batch = await expect<{ id: string }>(201, a.origin, 'POST', '/api/admin/bulk-batches', {
      cookie,
      body: {},
    });
    // Noise, so the PNG stays large: two parts of 5 MB at least.
    const master = await pngImage(1600, 2000);
    check(master.length > PART, `the master is ${master.length} bytes, one part only`);

    const created = await fetch(`${a.origin}${BULK_UPLOAD_TUS_PATH}`, {
      method: 'POST',
      headers: {
        ...tus,
        'Upload-Length': String(master.length),
        'Upload-Metadata': `filename ${b64('across_two-instances.png')},batchId ${b64(batch.body.id)}`,
      },
    });
    check(created.status === 201, `create on A answered ${created.status}`);
    const location = created.headers.get('location')!;
    const patch = (origin: string, offset: number, bytes: Buffer) =>
      fetch(`${origin}${location}`, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      });
    const first = await patch(a.origin, 0, master.subarray(0, PART));
    check(first.status === 204, `the first part on A answered ${first.status}`);

    const head = await fetch(`${b.origin}${location}`, { method: 'HEAD', headers: tus });
    const offset = Number(head.headers.get('upload-offset'));
    check(offset === PART, `B says the upload stopped at ${offset}, A took ${PART}`);
    const started = performance.now();
    const rest = await patch(b.origin, offset, master.subarray(offset));
    check(rest.status === 204, `the rest on B answered ${rest.status}: ${await rest.text()}`);
    figures.push(`begun on A (${PART} bytes), resumed on B at ${offset} (${master.length - offset} bytes)`);

    for (;;) {
      const answer = await expect<{
        files: Array<{ status: string; error: string | null; draft: { status: string } | null }>;
      }>(200, cluster.balancer, 'GET', `/api/admin/bulk-batches/${batch.body.id}`, { cookie });
      const [file] = answer.body.files;
      check(answer.body.files.length === 1, `the batch has ${answer.body.files.length} files`);
      check(file?.status !== 'failed', `the master was refused: ${file?.error}`);
      if (file?.status === 'drafted') {
        check(file.draft?.status === 'draft', 'the artwork made is not a draft');
        break;
      }
      check(performance.now() - started < DRAFT_LIMIT_MS, 'no draft within a minute');
      await sleep(250);
    }
    figures.push(`draft made ${seconds(performance.now() - started)} after the last part`);
  },
};
