import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AnswerCache, CachedAnswer } from './answer-cache';
import { handedOnOf, type HandedOn } from './cache-front';

/** Who may be given an answer the app made for an anonymous visitor. */
export type SharedWith = 'everyone' | 'anonymous';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers every visitor alike (per URL): its answers may be kept and given to `sharedAnswer`. */
    sharedAnswer?: SharedWith;
  }
  interface FastifyRequest {
    /** Set by a route whose answers are shared only sometimes (the pages); overrides the route's config. */
    sharedAnswer: SharedWith | null;
  }
}

const brotli = (body: Buffer, options: zlib.BrotliOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.brotliCompress(body, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
const gzip = (body: Buffer, options: zlib.ZlibOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    zlib.gzip(body, options, (error, result) => (error ? reject(error) : resolve(result))),
  );
/** Below this a compressed answer saves less than its headers cost (the same threshold as the app's compression). */
const COMPRESS_FROM_BYTES = 1024;
/**
 * Measured on the demo /shop page (75 kB): quality 10 takes 26 ms and is 3% larger than 11, which takes 95 ms;
 * 9 is 12% larger. Once per answer and catalogue version, on the thread pool that the requests share.
 */
const BROTLI_QUALITY = 10;
/** Statuses every visitor gets alike for a URL: the page or data, or the page that says there is none. */
const KEPT_STATUSES = new Set([200, 404]);

/**
 * Keeps the answers of shareable routes made for requests that came in over HTTP, compressed once at
 * high levels (the work is done once per answer and catalogue version, on the thread pool, not on every
 * request), with a weak ETag. Registered before the app's compression, so it sees the answer as the route made it.
 */
export function keepSharedAnswers(app: FastifyInstance, cache: AnswerCache): void {
  app.decorateRequest('sharedAnswer', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const note = handedOnOf(request.raw);
    if (!note || request.method !== 'GET') return payload;
    const sharedWith = request.sharedAnswer ?? request.routeOptions.config.sharedAnswer;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    // A signed-in visitor's answer is kept only from a route that names nobody: then it is everyone's answer.
    const keepable = sharedWith === 'everyone' || (sharedWith === 'anonymous' && !note.signedIn);
    if (!keepable || !body || !KEPT_STATUSES.has(reply.statusCode) || reply.hasHeader('set-cookie')) return payload;
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag);
    note.keeping = true;
    void keep(cache, note, {
      status: reply.statusCode,
      headers: sharedHeaders(reply),
      etag,
      body,
      forEveryone: sharedWith === 'everyone',
    })
      .catch((error: unknown) => request.log.warn({ err: error }, 'keeping a shared answer failed'))
      .finally(() => note.finishFill?.());
    return payload;
  });
}

async function keep(
  cache: AnswerCache,
  note: HandedOn,
  made: { status: number; headers: CachedAnswer['headers']; etag: string; body: Buffer; forEveryone: boolean },
): Promise<void> {
  const { body } = made;
  const bodies: CachedAnswer['bodies'] = { identity: body };
  if (body.length >= COMPRESS_FROM_BYTES) {
    bodies.br = await brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    bodies.gzip = await gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION });
  }
  const bytes = body.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0);
  cache.set(
    note.key,
    {
      status: made.status,
      headers: made.headers,
      etag: made.etag,
      bodies,
      forEveryone: made.forEveryone,
      storedAt: Date.now(),
      bytes,
    },
    note.generation,
    note.freshness,
  );
}

/** The headers that go with every copy of the answer; the cache adds the per-encoding ones. */
function sharedHeaders(reply: FastifyReply): CachedAnswer['headers'] {
  const headers = { ...reply.getHeaders() };
  for (const name of ['content-length', 'content-encoding', 'etag', 'vary']) delete headers[name];
  return headers;
}
