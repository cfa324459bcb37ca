// The signed-in visitor's table of npm run bench:http: per URL the store's requests/s, latency and errors,
// against the target of ">= 1,000 requests/s" for a signed-in visitor's pages (no bare-node yardstick here).
import { table } from '../shared/table';
import { errorsText, mark, percentileMs, perSecond, TARGETS, type SignedInResult, type Verdict } from './report';
import { errorCount, requestsPerSecond } from '../shared/wrk';

export function formatSignedIn(result: SignedInResult, timeoutSeconds: number, verdict: Verdict): string {
  const rows = result.urls.map((url) => {
    // An error answer is no page served, however fast: the target counts only a clean run.
    const pass = requestsPerSecond(url.store) >= TARGETS.signedInRequestsPerSecond && errorCount(url.store) === 0;
    verdict.total += 1;
    verdict.passed += pass ? 1 : 0;
    return [
      url.label,
      `${url.status} ${(url.bytes / 1000).toFixed(1)} kB ${url.encoding || 'identity'}`,
      perSecond(requestsPerSecond(url.store)) + mark(pass),
      percentileMs(url.store, 50, url.store.p50Us, timeoutSeconds).text,
      percentileMs(url.store, 99, url.store.p99Us, timeoutSeconds).text,
      errorsText(url.store),
      url.restarted ? 'busy after the load: restarted' : '',
    ];
  });
  const text = table(
    [
      'request (signed in)',
      'answer',
      `req/s (>= ${TARGETS.signedInRequestsPerSecond.toLocaleString('en')}, 0 errors)`,
      'p50 ms',
      'p99 ms',
      'errors',
      'note',
    ],
    rows,
    [false, false, true, true, true, true, false],
  );
  return result.stillSignedIn
    ? text
    : `${text}\nThe session cookie no longer signed the visitor in after the load: the pages above may have been served signed out.`;
}
