import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorages } from './create-storage';
import { S3Storage } from './s3-storage';
import { startS3TestServer, type S3TestServer } from '#test-support/s3-test-server.ts';
import { expectFileRoundTrip } from '#test-support/storage-round-trip.ts';

// A real S3-protocol server on loopback: the provider speaks to it over HTTP exactly as to AWS, MinIO or R2.
describe('S3 storage against a loopback S3 server', () => {
  let server: S3TestServer;
  let endpoint: string;

  beforeAll(async () => {
    server = await startS3TestServer();
    endpoint = server.endpoint;
  });
  afterAll(() => server.close());

  const storages = () =>
    createStorages(
      loadConfig(server.env),
      // What files on local disk would be served under: the bucket serves its own, so none of it is used.
      { publicPath: '/files/', signedPath: '/signed/', secret: () => Promise.reject(new Error('unused')) },
    );

  it('stores, finds and deletes public files, and serves them at the public URL with long caching', async () => {
    const { publicStore, publicOrigin } = storages();
    expect(publicOrigin).toBe(endpoint);
    await publicStore.put('previews/1-abc.webp', Buffer.from('RIFF fake webp'), 'image/webp');
    expect(await publicStore.exists('previews/1-abc.webp')).toBe(true);
    expect(await publicStore.exists('previews/missing.webp')).toBe(false);

    const url = publicStore.publicUrl('previews/1-abc.webp');
    expect(url).toBe(`${endpoint}/art/previews/1-abc.webp`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(await response.text()).toBe('RIFF fake webp');

    await publicStore.delete('previews/1-abc.webp');
    expect(await publicStore.exists('previews/1-abc.webp')).toBe(false);
  });

  it('keeps private files under their own prefix, apart from public keys', async () => {
    const { publicStore, privateStore } = storages();
    await privateStore.put('originals/9-def.png', Buffer.from('full resolution'), 'image/png');
    expect(await privateStore.exists('originals/9-def.png')).toBe(true);
    expect(await publicStore.exists('originals/9-def.png')).toBe(false);
    expect(await publicStore.exists('private/originals/9-def.png')).toBe(true);
    (privateStore as S3Storage).destroy();
  });

  it('stores a file from disk and reads it back as a stream, byte for byte; a missing key streams as null', async () => {
    const { privateStore } = storages();
    await expectFileRoundTrip(privateStore);
    (privateStore as S3Storage).destroy();
  });

  it('reports a store it cannot reach instead of pretending', async () => {
    const unreachable = new S3Storage({
      bucket: 'art',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:1',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
      publicBaseUrl: 'http://127.0.0.1:1/art',
      prefix: '',
    });
    await expect(unreachable.put('a.txt', Buffer.from('a'), 'text/plain')).rejects.toThrow();
  });
});
