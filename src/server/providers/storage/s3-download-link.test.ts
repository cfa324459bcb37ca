import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '#test-support/s3-test-server.ts';
import { S3Storage } from './s3-storage';

// Presigned GETs against a real S3-protocol server on loopback, which honours the response-content-* overrides
// and the expiry as S3 does.
describe('S3 presigned download links', () => {
  let server: S3TestServer;
  let store: S3Storage;
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

  beforeAll(async () => {
    server = await startS3TestServer();
    const { endpoint } = server;
    store = new S3Storage({
      bucket: 'art',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicBaseUrl: `${endpoint}/art`,
      prefix: 'private/',
    });
    await store.put('originals/7-abc.png', bytes, 'application/octet-stream');
  });
  afterAll(async () => {
    store.destroy();
    await server.close();
  });

  const link = (expiresInSeconds = 900, fileName = 'Été à Nice.png') =>
    store.signedDownloadUrl('originals/7-abc.png', { fileName, contentType: 'image/png', expiresInSeconds });

  it('downloads the private file as an attachment named from the title, with the type and no caching', async () => {
    const url = await link();
    const params = new URL(url).searchParams;
    expect(params.get('X-Amz-Expires')).toBe('900');
    expect(params.get('response-content-disposition')).toBe(
      `attachment; filename="Ete a Nice.png"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Nice.png`,
    );

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Ete a Nice.png"; filename*=UTF-8''%C3%89t%C3%A9%20%C3%A0%20Nice.png`,
    );
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves a range of the file, so a large download can resume', async () => {
    const response = await fetch(await link(), { headers: { range: 'bytes=10-19' } });
    expect(response.status).toBe(206);
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  // s3rver checks a V4 presigned link's time but not its signature (a real S3 refuses any change to what was
  // signed, the response-content-* overrides included), so only the expiry is tried here.
  it('is refused once expired', async () => {
    const shortLived = await link(1);
    expect(new URL(shortLived).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const response = await fetch(shortLived);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Request has expired');
  });

  it('reads a file back, and null for one that is not there', async () => {
    expect((await store.get('originals/7-abc.png'))?.equals(bytes)).toBe(true);
    expect(await store.get('originals/missing.png')).toBeNull();
  });
});
