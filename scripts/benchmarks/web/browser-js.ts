// What a real browser fetches: loads a page in Chromium (playwright-core) and measures every JavaScript
// response until the network is idle, as gzip (what it would weigh compressed) and as the server sent it.
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../shared/launch-chromium';

export interface FetchedScript {
  /** Path on the server, e.g. `/assets/index-abc123.js`. */
  path: string;
  rawBytes: number;
  gzipBytes: number;
  /** The Content-Encoding the server answered with; '' when it sent the file uncompressed. */
  contentEncoding: string;
}

export async function scriptsFetchedOnLoad(url: string, chromePath: string): Promise<FetchedScript[]> {
  const browser = await launchChromium(chromePath);
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const pending: Array<Promise<FetchedScript | null>> = [];
    page.on('response', (response) => {
      const request = response.request();
      const isScript = request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
      if (!isScript) return;
      pending.push(
        response
          .body()
          .then((body) => ({
            path: new URL(response.url()).pathname,
            rawBytes: body.length,
            gzipBytes: gzipSync(body).length,
            contentEncoding: response.headers()['content-encoding'] ?? '',
          }))
          .catch(() => null),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const scripts = (await Promise.all(pending)).filter((script): script is FetchedScript => script !== null);
    const unique = new Map(scripts.map((script) => [script.path, script]));
    return [...unique.values()];
  } finally {
    await browser.close();
  }
}
