import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPictureServer, type PictureServer } from '#test-support/picture-server.ts';
import { blockedAddressReason } from './blocked-address';
import { fetchSafely, type SafeFetchOptions } from './safe-fetch';

describe('which addresses may be fetched from', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(blockedAddressReason(address)).toContain(kind);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe('fetching a picture safely', () => {
  let server: PictureServer;
  const options = (more: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
    maxBytes: 1024 * 1024,
    timeoutMs: 3_000,
    maxRedirects: 3,
    allowHosts: new Set(['localhost']),
    ...more,
  });

  beforeAll(async () => {
    server = await startPictureServer();
  });
  afterAll(() => server.close());

  it('fetches from an admitted https host whose certificate the test CA signed', async () => {
    const file = await fetchSafely(`${server.origin}/pictures/a.jpg`, options());
    expect(file.contentType).toBe('image/jpeg');
    expect(file.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('refuses a name that resolves to a loopback address, once it is not admitted', async () => {
    await expect(
      fetchSafely(`${server.origin}/pictures/a.jpg`, options({ allowHosts: new Set() })),
    ).rejects.toMatchObject({
      reason: expect.stringMatching(/^localhost resolves to .* loopback address$/),
    });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['https://127.0.0.1:1/x.jpg', 'loopback'],
    ['https://[::1]:1/x.jpg', 'loopback'],
    ['https://[::ffff:7f00:1]:1/x.jpg', 'loopback'],
    ['https://169.254.169.254/latest/meta-data/', 'link-local'],
    ['https://10.0.0.7/x.jpg', 'private'],
    ['https://[fd00::1]/x.jpg', 'unique-local'],
    ['http://localhost/x.jpg', 'only https'],
    ['https://user:secret@localhost/x.jpg', 'user name or password'],
  ])('refuses %s before connecting (%s)', async (address, reason) => {
    await expect(fetchSafely(address, options())).rejects.toMatchObject({ reason: expect.stringContaining(reason) });
  });

  it('refuses a redirect to a private address, checking every hop', async () => {
    const to = encodeURIComponent(`https://127.0.0.1:${server.port}/pictures/a.jpg`);
    await expect(fetchSafely(`${server.origin}/redirect?to=${to}`, options())).rejects.toMatchObject({
      reason: expect.stringContaining('127.0.0.1 is a loopback address'),
    });
  });

  it('follows a few redirects, not more', async () => {
    const hop = (to: string) => `${server.origin}/redirect?to=${encodeURIComponent(to)}`;
    const twice = hop(hop(`${server.origin}/pictures/b.jpg`));
    expect((await fetchSafely(twice, options())).url).toBe(`${server.origin}/pictures/b.jpg`);
    await expect(fetchSafely(twice, options({ maxRedirects: 1 }))).rejects.toMatchObject({
      reason: 'more than 1 redirects',
    });
  });

  it('stops a file larger than the cap while it streams', async () => {
    const started = Date.now();
    await expect(fetchSafely(`${server.origin}/big`, options({ maxBytes: 2 * 1024 * 1024 }))).rejects.toMatchObject({
      reason: 'the file is larger than 2 MB',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up on a server that does not answer in time, and says it may work later', async () => {
    await expect(fetchSafely(`${server.origin}/slow`, options({ timeoutMs: 300 }))).rejects.toMatchObject({
      reason: 'no answer within 0.3 s',
      temporary: true,
    });
  });

  it('names a missing picture by the answer', async () => {
    await expect(fetchSafely(`${server.origin}/missing.jpg`, options())).rejects.toMatchObject({
      reason: 'the server answered 404',
      temporary: false,
    });
  });
});
