// A buyer's print pack taken through one instance as My Downloads takes it: the listing, a signed link per ratio
// (a presigned GET on the S3 server) followed, then "Download all (ZIP)" (a link to the app's own route) followed
// and read back. Each file is checked as a print file, and the ZIP must hold exactly those files, byte for byte.
import { createHash } from 'node:crypto';
import { readZip } from '../../test-support/read-zip';
import { download, expect } from '../benchmarks/shared/store-http';
import type { RatioId } from '../../src/shared/prints/print-sizes';
import type { Size } from '../../src/shared/prints/ratio-crop';
import { checkPrintFile } from './print-file-check';

interface ListedFile {
  ratio: RatioId;
  width: number;
  height: number;
  fileName: string;
}

interface Listing {
  orders: Array<{
    orderNumber: string;
    items: Array<{ itemId: number; pack: { status: string; files: ListedFile[] } | null }>;
  }>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Downloads the pack of the artwork bought in `orderNumber` through `origin`; answers its figures, throws on a fault. */
export async function downloadBoughtPack(
  instance: { name: string; origin: string },
  cookie: string,
  orderNumber: string,
  master: Size,
): Promise<string[]> {
  const { origin } = instance;
  const list = await expect<Listing>(200, origin, 'GET', '/api/downloads', { cookie });
  const item = list.body.orders.find((order) => order.orderNumber === orderNumber)?.items[0];
  if (!item) throw new Error(`order ${orderNumber} is not among the buyer's downloads`);
  if (item.pack?.status !== 'ready' || item.pack.files.length !== 6)
    throw new Error(`the buyer's pack is ${JSON.stringify(item.pack)?.slice(0, 200)}, not 6 files ready`);

  const problems: string[] = [];
  const hashes = new Map<string, string>();
  let bytes = 0;
  let worstError = 0;
  const started = performance.now();
  for (const file of item.pack.files) {
    const link = await expect<{ url: string }>(200, origin, 'POST', `/api/downloads/${item.itemId}`, {
      cookie,
      body: { ratio: file.ratio },
    });
    const got = await download(link.body.url);
    if (got.status !== 200) {
      problems.push(`${file.ratio}: its link answered ${got.status}`);
      continue;
    }
    const checked = await checkPrintFile(got.bytes, file.ratio, master);
    problems.push(...checked.problems);
    if (checked.facts.width !== file.width || checked.facts.height !== file.height)
      problems.push(
        `${file.ratio}: listed ${file.width} × ${file.height}, is ${checked.facts.width} × ${checked.facts.height}`,
      );
    worstError = Math.max(worstError, checked.facts.error);
    hashes.set(file.fileName, sha256(got.bytes));
    bytes += got.bytes.length;
  }
  const filesMs = performance.now() - started;

  // The ZIP's link is a path of the app (signed like a local file link): asked of the same instance.
  const zipStarted = performance.now();
  const zipLink = await expect<{ url: string }>(200, origin, 'POST', `/api/downloads/${item.itemId}/zip`, { cookie });
  const zip = await download(new URL(zipLink.body.url, origin).href);
  const zipMs = performance.now() - zipStarted;
  if (zip.status !== 200 || zip.type !== 'application/zip')
    throw new Error(`the ZIP link answered ${zip.status} ${zip.type}`);
  const entries = await readZip(zip.bytes);
  const jpegs = entries.filter((entry) => entry.name.endsWith('.jpg'));
  const others = entries.filter((entry) => !entry.name.endsWith('.jpg')).map((entry) => entry.name);
  for (const entry of jpegs)
    if (hashes.get(entry.name) !== sha256(entry.bytes))
      problems.push(`the ZIP's ${entry.name} is not the ratio's file`);
  const missing = [...hashes.keys()].filter((name) => !jpegs.some((entry) => entry.name === name));
  if (missing.length > 0 || jpegs.length !== hashes.size) problems.push(`the ZIP lacks ${missing.join(', ')}`);

  const figures = [
    `6 ratio files through ${instance.name} (${mb(bytes)}, ${(filesMs / 1000).toFixed(2)} s): ratios within ${(worstError * 100).toFixed(3)} %, 300 DPI, none larger than the master`,
    `ZIP ${mb(zip.bytes.length)} in ${(zipMs / 1000).toFixed(2)} s: ${jpegs.length} JPEGs equal to the files${others.length ? ` + ${others.join(', ')}` : ''}`,
  ];
  if (problems.length > 0) throw new Error(`${figures.join('; ')}; but ${problems.join('; ')}`);
  return figures;
}
