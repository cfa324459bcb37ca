// Visitors asking the store without pause while a part fails under it: a few at once, each going round a list of
// pages and API calls, every answer kept with its status, its time and what it said, for the scenario to judge.
import { call } from '../benchmarks/shared/store-http';

export interface Visit {
  path: string;
  /** A signed-in visitor's session cookie. */
  cookie?: string;
  /** A page: asked for as a browser does (HTML). */
  page?: boolean;
}

export interface Sample {
  /** performance.now() when the request was sent. */
  at: number;
  path: string;
  /** The HTTP status, or the error's code when no answer came. */
  status: number | string;
  ms: number;
  retryAfter: string | null;
  /** The `error` of a JSON error answer. */
  message: string | null;
}

/** A request that takes longer than this counts as hanging. */
const REQUEST_TIMEOUT_MS = 30_000;

export function visitWithoutPause(origin: string, visits: Visit[], visitors: number): { stop(): Promise<Sample[]> } {
  const samples: Sample[] = [];
  let stopping = false;
  const visitor = async (offset: number) => {
    for (let i = offset; !stopping; i++) {
      const visit = visits[i % visits.length];
      if (!visit) return;
      const at = performance.now();
      const headers: Record<string, string> = visit.page ? { Accept: 'text/html' } : {};
      try {
        const answer = await call<{ error?: unknown }>(origin, 'GET', visit.path, {
          cookie: visit.cookie,
          headers,
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        const message =
          typeof answer.body === 'object' && answer.body !== null && typeof answer.body.error === 'string'
            ? answer.body.error
            : null;
        samples.push({
          at,
          path: visit.path,
          status: answer.status,
          ms: answer.ms,
          retryAfter: answer.retryAfter,
          message,
        });
      } catch (error) {
        const code =
          (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.name : String(error));
        samples.push({
          at,
          path: visit.path,
          status: code,
          ms: performance.now() - at,
          retryAfter: null,
          message: null,
        });
      }
    }
  };
  const running = Array.from({ length: visitors }, (_, i) => visitor(i));
  return {
    async stop() {
      stopping = true;
      await Promise.all(running);
      return samples;
    },
  };
}
