// Requests to the store as its own client sends them, for the scripts that drive a running store (test:cluster,
// bench:http), with what they count: the status, the time taken and, behind test:cluster's nginx, the instance
// that answered.
import { multipart, type Part } from '#test-support/multipart.ts';

/** Added to every answer by test:cluster's nginx: the upstream address it used (both when it tried one, then the other). */
export const UPSTREAM_HEADER = 'x-cluster-upstream';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** `127.0.0.1:port` of the instance that answered through nginx ('' when asked directly); `a, b` when nginx tried two. */
  upstream: string;
  /** `name=value` of each Set-Cookie, for a Cookie header. */
  cookies: string[];
  /** Retry-After, when the store sent one (a 503 while a part is down, a 429). */
  retryAfter: string | null;
  ms: number;
}

export interface CallOptions {
  body?: unknown;
  cookie?: string;
  files?: Part[];
  timeoutMs?: number;
  /** Extra request headers, e.g. X-Forwarded-For to stand for another customer's address. */
  headers?: Record<string, string>;
}

export async function call<T = unknown>(
  origin: string,
  method: string,
  urlPath: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.files) {
    const form = multipart(options.files);
    Object.assign(headers, form.headers);
    body = new Uint8Array(form.payload);
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.cookie) headers.Cookie = options.cookie;
  const started = performance.now();
  const response = await fetch(`${origin}${urlPath}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a page, an empty 204): kept as text for the error message.
  }
  return {
    status: response.status,
    body: parsed as T,
    upstream: response.headers.get(UPSTREAM_HEADER) ?? '',
    cookies: response.headers.getSetCookie().map((line) => line.split(';')[0] ?? ''),
    retryAfter: response.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

/** The answer when its status is the expected one; otherwise an error saying what the store answered. */
export async function expect<T = unknown>(
  status: number,
  origin: string,
  method: string,
  urlPath: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const answer = await call<T>(origin, method, urlPath, options);
  if (answer.status !== status) {
    const via = answer.upstream ? ` (via ${answer.upstream})` : '';
    throw new Error(
      `${method} ${urlPath}${via} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  }
  return answer;
}

/** Bytes of a URL the store handed out (a rendition on the S3 server, a presigned download link). */
export async function download(url: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
