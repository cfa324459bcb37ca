// Plain node:http requests for npm run bench:http. Not fetch(): it would decompress the body, and the bare server
// must answer the compressed bytes the store sent.
import http from 'node:http';
import zlib from 'node:zlib';

export interface RawResponse {
  status: number;
  /** As received: names in their case, repeated headers (Set-Cookie) repeated. */
  rawHeaders: string[];
  body: Buffer;
}

export function getRaw(
  url: string,
  headers: Record<string, string>,
  options: { agent?: http.Agent; timeoutMs?: number; method?: string; body?: string } = {},
): Promise<RawResponse> {
  const method = options.method ?? 'GET';
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, agent: options.agent ?? false, timeout: options.timeoutMs ?? 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`${method} ${url}: no answer within ${options.timeoutMs ?? 30_000} ms`)),
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

export function headerOf(response: RawResponse, name: string): string | undefined {
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    if (response.rawHeaders[i]?.toLowerCase() === name) return response.rawHeaders[i + 1];
  }
  return undefined;
}

/** The body as text, decompressed as its Content-Encoding says. */
export function bodyText(response: RawResponse): string {
  const encoding = headerOf(response, 'content-encoding');
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.body).toString('utf8');
  return response.body.toString('utf8');
}

/**
 * Requests one after another on one kept-alive connection for up to `ms` (at most `max` of them), so V8 has
 * compiled the hot paths before the load starts. One at a time, so a slow store is never left with a queue.
 */
export async function warmUp(
  url: string,
  headers: Record<string, string>,
  ms: number,
  max: number,
  /** A POST's body (a beacon's JSON); GET without it. */
  post?: string,
): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const until = performance.now() + ms;
  let sent = 0;
  try {
    while (sent < max && performance.now() < until) {
      await getRaw(url, headers, {
        agent,
        timeoutMs: 10_000,
        ...(post === undefined ? {} : { method: 'POST', body: post }),
      });
      sent++;
    }
  } finally {
    agent.destroy();
  }
  return sent;
}
