import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  answerKey,
  chooseEncoding,
  type AnswerCache,
  type CachedAnswer,
  type Encoding,
  type Freshness,
} from './answer-cache';

/** What the front learned of a request it handed on to the app: how the app may keep its answer. */
export interface HandedOn {
  key: string;
  /** The cache's generation when the request arrived: its answer is kept only if no change came since. */
  generation: number;
  /** The cache's freshness when the request arrived: its answer is kept as stale if a background landing came since. */
  freshness: Freshness;
  /** Ends the fill other requests for the same key are waiting on; null when there is none. */
  finishFill: (() => void) | null;
  /** Set once the answer is being compressed and kept: the fill ends when it is kept, not when it is sent. */
  keeping: boolean;
  /** The request carried a session: its answer may be kept only if the route answers everyone alike. */
  signedIn: boolean;
}

const handedOn = new WeakMap<IncomingMessage, HandedOn>();

/** The front's note on a request that came in over HTTP and may be kept; undefined for in-process requests. */
export function handedOnOf(request: IncomingMessage): HandedOn | undefined {
  return handedOn.get(request);
}

/** How long a request waits for another one making the same answer before making it itself. */
const LONGEST_FILL_WAIT_MS = 5_000;
/** How many fills in a row a request waits for when each ends without an answer kept. */
const FILL_ROUNDS = 3;

/**
 * The first thing every HTTP request meets, before the app: an answer the cache holds goes out at once, with none
 * of the app's per-request work (routing, hooks, session lookup, rendering, compression). Everything else goes on
 * to the app, noted so that the app can keep its answer (see `keepSharedAnswers`).
 */
export function cacheFront(options: { cache: AnswerCache; sessionCookie: string; log: FastifyBaseLogger }) {
  const { cache, log } = options;
  const sessionCookiePrefix = `${options.sessionCookie}=`;

  function serve(request: IncomingMessage, response: ServerResponse, answer: CachedAnswer): void {
    const started = performance.now();
    const notModified = request.headers['if-none-match']?.includes(answer.etag) ?? false;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const body = notModified ? undefined : (answer.bodies[encoding] ?? answer.bodies.identity);
    response.writeHead(
      notModified ? 304 : answer.status,
      headersOf(answer, body === answer.bodies.identity ? 'identity' : encoding, body),
    );
    response.end(request.method === 'HEAD' ? undefined : body);
    log.info(
      {
        req: { method: request.method, url: request.url },
        res: { statusCode: response.statusCode },
        responseTime: performance.now() - started,
        cache: 'hit',
      },
      'request completed',
    );
  }

  return function handle(request: IncomingMessage, response: ServerResponse, app: () => void): void {
    if (!cache.enabled || (request.method !== 'GET' && request.method !== 'HEAD') || !request.url) return app();
    const key = answerKey(request.url, request.headers.accept);
    const signedIn = request.headers.cookie?.includes(sessionCookiePrefix) ?? false;
    const answer = cache.get(key);
    if (answer && (answer.forEveryone || !signedIn)) {
      // Made old by a background landing: this request makes it anew, unless another already does; until then
      // everyone else is given the stale one, at once.
      if (request.method === 'GET' && cache.isStale(key, answer)) {
        const finishFill = cache.startFill(key);
        if (finishFill) return handOn(request, response, { key, signedIn, finishFill }, app);
      }
      return serve(request, response, answer);
    }
    if (request.method !== 'GET') return app();
    answerOrMake(request, response, app, { key, signedIn }, 1);
  };

  /**
   * Waits for the fill under way, or starts one. A fill can end without an answer kept: the owner changed the
   * catalogue while it was being made (its data may be old), or the answer names the visitor. Those waiting then
   * try again — one of them makes it anew and the rest wait for that one — rather than each asking the app: with
   * an owner editing every second under load (test:cluster), the crowds of all the pages, up to 50 requests per
   * instance, each rendering its page itself held a two-core machine for seconds. A few rounds at most, so that
   * edits that never stop cannot keep anyone waiting.
   */
  function answerOrMake(
    request: IncomingMessage,
    response: ServerResponse,
    app: () => void,
    made: { key: string; signedIn: boolean },
    round: number,
  ): void {
    const { key, signedIn } = made;
    const answer = cache.get(key);
    if (answer && (answer.forEveryone || !signedIn)) return serve(request, response, answer);
    const pending = cache.fillOf(key);
    if (!pending || round > FILL_ROUNDS)
      return handOn(request, response, { key, signedIn, finishFill: cache.startFill(key) }, app);
    let gaveUp = false;
    const waited = new Promise<void>((resolve) =>
      setTimeout(() => {
        gaveUp = true;
        resolve();
      }, LONGEST_FILL_WAIT_MS).unref(),
    );
    void Promise.race([pending, waited]).then(() => {
      if (gaveUp) return handOn(request, response, { key, signedIn, finishFill: null }, app);
      answerOrMake(request, response, app, made, round + 1);
    });
  }

  function handOn(
    request: IncomingMessage,
    response: ServerResponse,
    made: Pick<HandedOn, 'key' | 'signedIn' | 'finishFill'>,
    app: () => void,
  ): void {
    const { key, finishFill } = made;
    const note: HandedOn = { ...made, generation: cache.generation, freshness: { ...cache.freshness }, keeping: false };
    handedOn.set(request, note);
    // An answer that is not kept (not shareable, an error, a closed connection) must not keep the others waiting.
    if (finishFill) {
      response.once('close', () => {
        if (note.keeping) return;
        cache.markNotShared(key);
        finishFill();
      });
    }
    app();
  }
}

/** Every header of one encoding's answer, made once per answer (a cache hit only looks them up). */
const headerCache = new WeakMap<CachedAnswer, Partial<Record<Encoding | 'not-modified', OutgoingHttpHeaders>>>();

function headersOf(answer: CachedAnswer, encoding: Encoding, body: Buffer | undefined): OutgoingHttpHeaders {
  const kind = body ? encoding : 'not-modified';
  let byKind = headerCache.get(answer);
  if (!byKind) headerCache.set(answer, (byKind = {}));
  let headers = byKind[kind];
  if (!headers) {
    headers = { ...answer.headers, etag: answer.etag, vary: 'accept-encoding' };
    if (body) headers['content-length'] = body.length;
    if (body && encoding !== 'identity') headers['content-encoding'] = encoding;
    byKind[kind] = headers;
  }
  return headers;
}
