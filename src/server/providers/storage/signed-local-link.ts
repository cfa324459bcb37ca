import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed local link carries; every field is covered by the signature. */
export interface LocalLink {
  key: string;
  /** The name the browser saves the file under. */
  name: string;
  contentType: string;
  /** Seconds since the epoch. */
  expires: number;
}

/** The secret is read from the database after migration, so it is asked for when first needed, not at boot. */
export type SecretSource = () => Promise<Buffer>;

export type LinkCheck = { status: 'valid'; link: LocalLink } | { status: 'expired' | 'invalid' };

/**
 * Keys the server makes: names of letters, digits, dot, dash and underscore, joined by single slashes, none of
 * them `.` or `..`. Such a key is its own URL path (nothing to escape), so what was signed is exactly the path the
 * file is served from: no decoding can make one signature name two files.
 */
const KEY_PATTERN = /^(?!\.{1,2}(?:\/|$))(?!.*\/\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;
const CONTENT_TYPE_PATTERN = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+$/;

/**
 * HMAC-SHA256 links to local private files: the local counterpart of an S3 presigned GET. A link is the path of
 * the route that serves them (`base`, given where that route is wired), the key, and the signed query.
 */
export class LocalLinkSigner {
  constructor(
    private readonly secret: SecretSource,
    readonly base: string,
  ) {}

  async url(link: LocalLink): Promise<string> {
    if (!KEY_PATTERN.test(link.key)) throw new Error(`This storage key cannot be put in a download link: ${link.key}`);
    if (!CONTENT_TYPE_PATTERN.test(link.contentType)) throw new Error(`Not a content type: ${link.contentType}`);
    const query = new URLSearchParams({
      name: link.name,
      type: link.contentType,
      expires: String(link.expires),
      sig: await this.signature(link),
    });
    return `${this.base}${link.key}?${query.toString()}`;
  }

  /**
   * Checks a request for `path` (the URL path, undecoded) with its query. The signature is checked before the
   * time, so an altered link is called invalid even when it has also expired.
   */
  async check(path: string, query: unknown, nowSeconds = Math.floor(Date.now() / 1000)): Promise<LinkCheck> {
    const key = path.startsWith(this.base) ? path.slice(this.base.length) : '';
    const { name, type, expires, sig } = (query ?? {}) as Record<string, unknown>;
    if (!KEY_PATTERN.test(key) || typeof name !== 'string' || typeof type !== 'string') return { status: 'invalid' };
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string')
      return { status: 'invalid' };

    const link: LocalLink = { key, name, contentType: type, expires: Number(expires) };
    // The text is compared, not decoded bytes: base64 decoding forgives stray characters, the check should not.
    const expected = Buffer.from(await this.signature(link));
    const given = Buffer.from(sig);
    // Equal lengths first (a length is no secret), then a comparison that takes the same time wherever they differ.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
    if (link.expires <= nowSeconds) return { status: 'expired' };
    return { status: 'valid', link };
  }

  private async signature(link: LocalLink): Promise<string> {
    // A JSON array keeps the fields apart: no choice of name can shift text from one field into another.
    const payload = JSON.stringify(['download', link.key, link.name, link.contentType, link.expires]);
    return createHmac('sha256', await this.secret())
      .update(payload)
      .digest('base64url');
  }
}
