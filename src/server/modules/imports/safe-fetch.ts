import dns from 'node:dns';
import https from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { blockedAddressReason } from './blocked-address';

// Fetching a picture from an address someone else wrote into a CSV, without letting that address reach this
// machine or its network: https only; every name resolved and every address it resolves to checked before the
// connection, and the connection made to the address checked (the socket is given it, so a second answer from the
// DNS cannot swap it); redirects followed a few times, each one checked the same way; a size cap while the body
// streams in; a deadline over the whole fetch.

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /**
   * Host names let through without the address check: only ever set by tests (IMPORT_FETCH_ALLOW_HOSTS, honoured
   * when NODE_ENV=test), whose https server listens on this machine.
   */
  allowHosts: ReadonlySet<string>;
}

/** A fetch the store refused or that failed for good: `reason` is for the owner. */
export class FetchRefusedError extends Error {
  constructor(
    readonly reason: string,
    /** Whether trying again later could help (a timeout, a server error), or never (a private address). */
    readonly temporary = false,
  ) {
    super(reason);
    this.name = 'FetchRefusedError';
  }
}

export interface FetchedFile {
  bytes: Buffer;
  url: string;
  contentType: string | undefined;
}

/** Resolves like the system does, and refuses the whole name when any address it gives is not public. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const blocked = addresses.map((a) => blockedAddressReason(a.address)).find((reason) => reason !== null);
    if (blocked) return callback(new FetchRefusedError(`${hostname} resolves to ${blocked}`), '', 4);
    if (addresses.length === 0) return callback(new FetchRefusedError(`${hostname} has no address`), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

function checkTarget(url: URL, options: SafeFetchOptions): void {
  if (url.protocol !== 'https:') throw new FetchRefusedError(`${url.protocol} addresses are not fetched, only https`);
  if (url.username || url.password) throw new FetchRefusedError('the address carries a user name or password');
  if (options.allowHosts.has(url.hostname)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written as an IP is connected to without a lookup: it is checked here instead.
  if (net.isIP(host)) {
    const reason = blockedAddressReason(host);
    if (reason) throw new FetchRefusedError(reason);
  }
}

function requestOnce(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  checkTarget(url, options);
  const admitted = options.allowHosts.has(url.hostname);
  return new Promise((resolve, reject) => {
    const request = https.get(url, {
      signal,
      agent: false,
      ...(admitted ? {} : { lookup: checkedLookup }),
      headers: { accept: 'image/*', 'user-agent': 'wall-art-store catalogue import' },
    });
    request.once('response', resolve);
    request.once('error', reject);
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.destroy();
    throw new FetchRefusedError(`the file is larger than ${Math.round(maxBytes / 2 ** 20)} MB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FetchRefusedError(`the file is larger than ${Math.round(maxBytes / 2 ** 20)} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function explain(error: unknown, signal: AbortSignal, timeoutMs: number): FetchRefusedError {
  if (error instanceof FetchRefusedError) return error;
  if (signal.aborted) return new FetchRefusedError(`no answer within ${timeoutMs / 1000} s`, true);
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND') return new FetchRefusedError('the host name does not exist');
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return new FetchRefusedError(`its certificate: ${code}`);
  return new FetchRefusedError(`the server could not be reached (${code ?? (error as Error).message})`, true);
}

/** Fetches one file safely into memory (it is at most `maxBytes`, a picture's limit), or says why not. */
export async function fetchSafely(address: string, options: SafeFetchOptions): Promise<FetchedFile> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchRefusedError('not a web address');
  }
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await requestOnce(url, options, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= options.maxRedirects)
          throw new FetchRefusedError(`more than ${options.maxRedirects} redirects`);
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new FetchRefusedError(`the server answered ${status}`, status >= 500 || status === 429);
      }
      const bytes = await readCapped(response, options.maxBytes);
      return { bytes, url: url.href, contentType: response.headers['content-type'] };
    }
  } catch (error) {
    throw explain(error, signal, options.timeoutMs);
  }
}
