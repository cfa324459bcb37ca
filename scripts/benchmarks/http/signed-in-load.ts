// The target "a signed-in visitor's pages >= 1,000 requests/s", for npm run bench:http: a customer made and signed
// in as a real one is, then the public pages and the customer's own pages and their APIs under wrk, each request
// carrying the session cookie. The store alone: the figure is an absolute target, not a ratio to bare node.
import { loadUrl, type StoreHandle } from './load-store';
import { getRaw, headerOf } from '../shared/raw-http';
import type { SignedInResult, SignedInUrlResult } from './report';
import { API_HEADERS, PAGE_HEADERS } from '../shared/request-headers';
import { isSignedIn, newVisitor, type Visitor } from './signed-in-visitor';
import { requestsPerSecond, type LoadSettings } from '../shared/wrk';

interface Target {
  label: string;
  path: string;
  headers: Record<string, string>;
}

function targetsFor(visitor: Visitor, artworkId: number): Target[] {
  const page = (label: string, urlPath: string): Target => ({
    label: `${label} (page)`,
    path: urlPath,
    headers: { ...PAGE_HEADERS, Cookie: visitor.cookie },
  });
  const api = (label: string, urlPath: string): Target => ({
    label: `GET ${label}`,
    path: urlPath,
    headers: { ...API_HEADERS, Cookie: visitor.cookie },
  });
  return [
    page('/', '/'),
    page('/shop', '/shop'),
    page('/artwork/:id', `/artwork/${artworkId}`),
    page('/orders', '/orders'),
    page('/downloads', '/downloads'),
    // What those two pages ask for once loaded (src/client/features/orders and downloads).
    api('/api/orders/:email', `/api/orders/${encodeURIComponent(visitor.email)}`),
    api('/api/downloads', '/api/downloads'),
  ];
}

export async function benchSignedIn(
  store: StoreHandle,
  dataDir: string,
  artworkId: number,
  load: { settings: LoadSettings; warmUpMs: number; log: (message: string) => void; sizeLabel: string },
): Promise<SignedInResult> {
  const visitor = await newVisitor(store.current.origin, dataDir, artworkId);
  load.log(
    `${load.sizeLabel}: ${visitor.email} signed up, confirmed from the outbox, signed in, bought artwork ${artworkId}`,
  );
  const urls: SignedInUrlResult[] = [];
  for (const target of targetsFor(visitor, artworkId)) {
    const answer = await getRaw(`${store.current.origin}${target.path}`, target.headers, { timeoutMs: 60_000 });
    if (answer.status !== 200) throw new Error(`Signed in, ${target.path} answered ${answer.status}`);
    const { result, restarted } = await loadUrl(store, target.path, target.headers, load.settings, load.warmUpMs);
    urls.push({
      label: target.label,
      path: target.path,
      status: answer.status,
      bytes: answer.body.length,
      encoding: headerOf(answer, 'content-encoding') ?? '',
      store: result,
      restarted,
    });
    load.log(
      `${load.sizeLabel} signed in ${target.label}: ${requestsPerSecond(result).toFixed(1)} req/s, p99 ${(result.p99Us / 1000).toFixed(1)} ms, ` +
        `${result.status} non-2xx/3xx, ${result.timeout} timeouts${restarted ? ' (store restarted: still busy after the load)' : ''}`,
    );
  }
  return {
    visitor: 'a customer with one paid order (signed up and confirmed through the outbox)',
    urls,
    stillSignedIn: await isSignedIn(store.current.origin, visitor),
  };
}
