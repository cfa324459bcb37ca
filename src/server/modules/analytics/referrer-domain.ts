// A referrer is kept as its domain only (pinterest.com), never its path or query, which can name a person or a
// search. The store's own pages are not a referrer: moving around the shop is not arriving from somewhere.

const MAX_DOMAIN_LENGTH = 253;

/** The domain `referrer` names, without `www.`; null for none, a non-web address, or one of `ownHosts`. */
export function referrerDomain(referrer: string | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.length > MAX_DOMAIN_LENGTH || ownHosts.includes(host)) return null;
  return host.startsWith('www.') ? host.slice(4) : host;
}
