import { describe, expect, it } from 'vitest';
import { LocalLinkSigner } from './signed-local-link';

const signer = new LocalLinkSigner(async () => Buffer.from('k'.repeat(32)), '/signed/');
const link = { key: 'originals/1-abc.png', name: 'A.png', contentType: 'image/png', expires: 2_000_000_000 };
const parts = async (value = link) => {
  const url = new URL(await signer.url(value), 'http://store.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
};

describe('signed local links', () => {
  it('are valid until they expire, then expired', async () => {
    const { path, query } = await parts();
    expect(await signer.check(path, query, link.expires - 1)).toEqual({ status: 'valid', link });
    expect(await signer.check(path, query, link.expires)).toEqual({ status: 'expired' });
  });

  it('start with the path of the route that serves them, and are invalid under another', async () => {
    const { path, query } = await parts();
    expect(path).toBe('/signed/originals/1-abc.png');
    expect(await signer.check(`/other${path}`, query, 0)).toEqual({ status: 'invalid' });
  });

  it('are invalid when signed with another secret, whatever the time', async () => {
    const { path, query } = await parts();
    const other = new LocalLinkSigner(async () => Buffer.from('o'.repeat(32)), '/signed/');
    expect(await other.check(path, query, 0)).toEqual({ status: 'invalid' });
    expect(await other.check(path, query, link.expires + 1)).toEqual({ status: 'invalid' });
  });

  it('are invalid with a repeated or missing parameter', async () => {
    const { path, query } = await parts();
    expect(await signer.check(path, { ...query, sig: [query.sig, query.sig] }, 0)).toEqual({ status: 'invalid' });
    expect(await signer.check(path, { ...query, expires: undefined }, 0)).toEqual({ status: 'invalid' });
    expect(await signer.check(path, undefined, 0)).toEqual({ status: 'invalid' });
  });

  it('are never made for a key that could leave the folder or needs escaping', async () => {
    for (const key of [
      '../a.png',
      'a/../../b.png',
      './a.png',
      '/etc/passwd',
      'a//b.png',
      'a b.png',
      'a%2Fb.png',
      'a\\b.png',
      '',
    ]) {
      await expect(signer.url({ ...link, key }), key).rejects.toThrow();
    }
    await expect(signer.url({ ...link, contentType: 'image/png\r\nX: y' })).rejects.toThrow();
  });
});
