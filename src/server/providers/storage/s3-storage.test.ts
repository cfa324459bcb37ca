import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorages } from './create-storage';
import { S3Storage } from './s3-storage';
import { expectFileRoundTrip } from '#test-support/storage-round-trip.ts';

// A real S3-protocol server on loopback: the provider speaks to it over HTTP exactly as to AWS, MinIO or R2.
describe('S3 storage against a loopback S3 server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  let server: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'art' }],
    });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const storages = () =>
    createStorages(
      loadConfig({
        S3_BUCKET: 'art',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
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
