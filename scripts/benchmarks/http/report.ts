// Plain-text tables of npm run bench:http: per catalogue size and URL, the store's and bare node's throughput,
// the store's latency and errors, and the targets next to them.
import { errorCount, requestsPerSecond, socketErrors, type WrkResult } from '../shared/wrk';
import { table } from '../shared/table';
import type { EditVisibility } from '../shared/edit-visibility';

export const TARGETS = {
  /** Store requests/s at least this share of bare node's, answering the same bytes. */
  ratioToBare: 0.25,
  p99Ms: 25,
  errors: 0,
  /** The ratio at the large catalogue at least this share of the ratio at the demo catalogue. */
  ratioHeldAtLargeCatalogue: 0.9,
  /** A signed-in visitor's pages and APIs, each, without errors. */
  signedInRequestsPerSecond: 1000,
  /** An owner's catalogue edit shown to anonymous visitors of every instance. */
  editVisibleSeconds: 5,
} as const;

export interface UrlResult {
  /** e.g. `GET /shop (page)`. */
  label: string;
  path: string;
  /** The store's answer as recorded for the bare server: status, size on the wire, Content-Encoding. */
  status: number;
  bytes: number;
  encoding: string;
  /** The round (store, then bare node) with the median ratio of the `rounds` run. */
  store: WrkResult;
  bare: WrkResult;
  rounds: Array<{ store: WrkResult; bare: WrkResult }>;
  /** The store was still busy after the load stopped and was restarted before the next URL. */
  restarted: boolean;
}

/** A signed-in visitor's request: the store alone (no bare-node yardstick for these). */
export interface SignedInUrlResult {
  label: string;
  path: string;
  status: number;
  bytes: number;
  encoding: string;
  store: WrkResult;
  restarted: boolean;
}

export interface SignedInResult {
  /** Who was signed in, e.g. `a customer with one paid order`. */
  visitor: string;
  urls: SignedInUrlResult[];
  /** The session cookie still signed the visitor in after the load. */
  stillSignedIn: boolean;
}

export interface SizeResult {
  /** e.g. `60 artworks (demo catalogue)`. */
  label: string;
  short: string;
  urls: UrlResult[];
  signedIn?: SignedInResult;
  editVisibility?: EditVisibility;
}

export const ratioOf = (url: UrlResult) => {
  const bare = requestsPerSecond(url.bare);
  return bare > 0 ? requestsPerSecond(url.store) / bare : 0;
};

/**
 * wrk leaves requests slower than its timeout out of the latencies: once they are 1% (or 50%) of the answers,
 * the true p99 (or p50) is at least the timeout, whatever the histogram of the others says.
 */
export function percentileMs(
  result: WrkResult,
  percent: number,
  us: number,
  timeoutSeconds: number,
): { text: string; ms: number } {
  if (result.timeout > 0 && result.timeout >= (result.requests * (100 - percent)) / 100) {
    return { text: `>${timeoutSeconds * 1000}`, ms: Number.POSITIVE_INFINITY };
  }
  if (result.requests === 0) return { text: '-', ms: Number.POSITIVE_INFINITY };
  return { text: ms(us / 1000), ms: us / 1000 };
}

function ms(value: number): string {
  if (value < 10) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return value.toFixed(0);
}

export const perSecond = (value: number) => (value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(1));
const ratioText = (value: number) => (value >= 0.1 ? value.toFixed(2) : value.toPrecision(2));
export const mark = (pass: boolean) => (pass ? ' ok' : ' MISS');

export function errorsText(result: WrkResult): string {
  const total = errorCount(result);
  if (total === 0) return '0';
  const parts = [
    result.status > 0 ? `${result.status} status` : '',
    socketErrors(result) > 0 ? `${socketErrors(result)} socket` : '',
    result.timeout > 0 ? `${result.timeout} timeout` : '',
  ].filter(Boolean);
  return `${total} (${parts.join(', ')})`;
}

export interface Verdict {
  passed: number;
  total: number;
}

export function formatSize(size: SizeResult, timeoutSeconds: number, verdict: Verdict): string {
  const rows = size.urls.map((url) => {
    const p50 = percentileMs(url.store, 50, url.store.p50Us, timeoutSeconds);
    const p99 = percentileMs(url.store, 99, url.store.p99Us, timeoutSeconds);
    const ratio = ratioOf(url);
    const checks = [ratio >= TARGETS.ratioToBare, p99.ms <= TARGETS.p99Ms, errorCount(url.store) <= TARGETS.errors];
    verdict.total += checks.length;
    verdict.passed += checks.filter(Boolean).length;
    return [
      url.label,
      `${url.status} ${(url.bytes / 1000).toFixed(1)} kB ${url.encoding || 'identity'}`,
      perSecond(requestsPerSecond(url.store)),
      p50.text,
      p99.text + mark(checks[1] as boolean),
      errorsText(url.store) + mark(checks[2] as boolean),
      perSecond(requestsPerSecond(url.bare)),
      ratioText(ratio) + mark(checks[0] as boolean),
      url.restarted ? 'busy after the load: restarted' : '',
    ];
  });
  return table(
    ['request', 'answer', 'store req/s', 'p50 ms', 'p99 ms', 'errors', 'bare req/s', 'store/bare', 'note'],
    rows,
    [false, false, true, true, true, true, true, true, false],
  );
}

/** The ratio at the large catalogue against the ratio at the demo catalogue, per URL. */
export function formatRatioHeld(small: SizeResult, large: SizeResult, verdict: Verdict): string {
  const rows = small.urls.map((url) => {
    const other = large.urls.find((candidate) => candidate.label === url.label);
    const smallRatio = ratioOf(url);
    const largeRatio = other ? ratioOf(other) : 0;
    const held = smallRatio > 0 ? largeRatio / smallRatio : 0;
    const pass = held >= TARGETS.ratioHeldAtLargeCatalogue;
    verdict.total += 1;
    verdict.passed += pass ? 1 : 0;
    return [url.label, ratioText(smallRatio), ratioText(largeRatio), ratioText(held) + mark(pass)];
  });
  return table(
    [
      'request',
      `store/bare at ${small.short}`,
      `at ${large.short}`,
      `held (target >= ${TARGETS.ratioHeldAtLargeCatalogue})`,
    ],
    rows,
    [false, true, true, true],
  );
}
