export type Encoding = 'br' | 'gzip' | 'identity';

/** One answer, as every visitor gets it: its headers and its body in each encoding, compressed once. */
export interface CachedAnswer {
  status: number;
  /** Everything but the per-encoding headers (Content-Encoding, Content-Length) and the ETag. */
  headers: Record<string, number | string | string[] | undefined>;
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** Also the answer for a signed-in visitor (API answers and pages that name nobody). */
  forEveryone: boolean;
  storedAt: number;
  bytes: number;
  /** The cache's `freshness` when the request that made it arrived (set by `set`): behind the cache's, it is stale. */
  freshness?: Freshness;
}

/**
 * What a background landing makes stale: `everything` (a palette: the colour facets and their counts on every list),
 * or only `artwork-pages` (room mockups: the lists, cards and the cart never show them, only the artwork's own page
 * and its API answer do).
 */
export type StaleScope = 'everything' | 'artwork-pages';
export type Freshness = Record<StaleScope, number>;

/** Keys of an artwork's own page and of its API answer: the answers that show its room mockups. */
export const isArtworkAnswer = (key: string) => /^(page \/artwork\/|data \/api\/artworks\/\d)/.test(key);

/** A first request for an answer that is being made; others asking for it wait instead of making it again. */
interface Fill {
  done: Promise<void>;
  finish(): void;
}

/**
 * Answers that are the same for every visitor, kept in memory until the catalogue changes (`clear`), for at most
 * `maxAgeMs` (what changes without the owner, a download count, is at most that old), and within `maxBytes`
 * (the oldest answers go first). `generation` tells a request whether the cache was cleared while it was being
 * answered: an answer made from data older than the last change must not be kept.
 *
 * What background work lands (room mockups, palettes: after an upgrade, about a day of them) does not clear the
 * cache but marks the answers that show it stale (`markStale`): room mockups only the artworks' own pages, a palette
 * everything. A stale answer is still given out while the first request for it makes it anew (cache-front.ts), so
 * visitors never wait for a page a landing made old, and each page is worked out again once per landing at most,
 * only if someone asks for it. A visitor may thus see a page without the mockups that landed a moment ago: one
 * request's time, and never beyond `maxAgeMs`.
 */
export class AnswerCache {
  private readonly answers = new Map<string, CachedAnswer>();
  private readonly fills = new Map<string, Fill>();
  /** Keys whose last answer was not kept (a route that names the visitor, an error): nothing to wait for. */
  private readonly notShared = new Set<string>();
  private bytes = 0;
  generation = 0;
  /** Moves on with every background landing, per scope: answers in that scope kept before it are stale. */
  readonly freshness: Freshness = { everything: 0, 'artwork-pages': 0 };

  constructor(
    private readonly maxBytes: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  get(key: string): CachedAnswer | undefined {
    const answer = this.answers.get(key);
    if (answer && this.now() - answer.storedAt > this.maxAgeMs) {
      this.remove(key, answer);
      return undefined;
    }
    return answer;
  }

  /**
   * Keeps `answer` unless the cache was cleared since `generation` (the answer may show the old catalogue). An answer
   * made from data older than the last background landing (`freshness` from when its request arrived) is kept, as
   * stale: better than none, and the next request for it makes it anew.
   */
  set(key: string, answer: CachedAnswer, generation: number, freshness: Freshness = { ...this.freshness }): boolean {
    if (generation !== this.generation || answer.bytes > this.maxBytes) return false;
    answer.freshness = freshness;
    const old = this.answers.get(key);
    if (old) this.remove(key, old);
    this.answers.set(key, answer);
    this.bytes += answer.bytes;
    // A Map keeps insertion order: the first keys are the oldest answers.
    for (const [oldestKey, oldest] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
    return true;
  }

  /** Background work landed something the pages in `scope` show: those kept answers are stale, none is dropped. */
  markStale(scope: StaleScope): void {
    this.freshness[scope] += 1;
  }

  /** Whether a background landing that `key`'s answer shows came after the request that made it arrived. */
  isStale(key: string, answer: CachedAnswer): boolean {
    const made = answer.freshness;
    if (!made) return false;
    if (made.everything < this.freshness.everything) return true;
    return made['artwork-pages'] < this.freshness['artwork-pages'] && isArtworkAnswer(key);
  }

  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.bytes = 0;
    // An error may have made a shareable answer look unshareable: give every key another chance.
    this.notShared.clear();
  }

  /** The answer for `key` was not kept: later requests for it need not wait for one another. */
  markNotShared(key: string): void {
    // Bounded: a crawler asking for endless query strings must not grow it for ever.
    if (this.notShared.size >= 50_000) this.notShared.clear();
    this.notShared.add(key);
  }

  /** The fill under way for `key`, if any. */
  fillOf(key: string): Promise<void> | undefined {
    return this.fills.get(key)?.done;
  }

  /**
   * Starts a fill for `key`, so that a crowd asking for an answer that is not kept yet (a new page, or any page
   * right after a change) makes it once; null when the key is not shared or a fill is under way. `finish` must be
   * called when the answer is kept or will not be.
   */
  startFill(key: string): (() => void) | null {
    if (this.notShared.has(key) || this.fills.has(key)) return null;
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = () => {
        this.fills.delete(key);
        resolve();
      };
    });
    this.fills.set(key, { done, finish });
    return finish;
  }

  get size(): { answers: number; bytes: number } {
    return { answers: this.answers.size, bytes: this.bytes };
  }

  private remove(key: string, answer: CachedAnswer): void {
    this.answers.delete(key);
    this.bytes -= answer.bytes;
  }
}

/** The cache key of a request: pages and JSON may share a path, and are told apart by what the browser accepts. */
export function answerKey(url: string, accept: string | undefined): string {
  return `${accept?.includes('text/html') ? 'page' : 'data'} ${url}`;
}

/** The encoding to send: Brotli when accepted, else gzip, else none (`q=0` refusals are honoured). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let gzip = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : 'identity';
}
