import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestArtworks } from '#test-support/artwork-factory.ts';
import { multipart, type Part } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { mp4Sample } from '#test-support/well-formed-files.ts';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#b4532a' } })
    .png()
    .toBuffer();

describe.each(TEST_ENGINES)('owner workspace API on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let customer: string;
  let previewPng: Buffer;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
    customer = await signedInCookie(t.app, t.db, 'buyer@shop.test', 'customer');
    previewPng = await png(2000, 2500);
  });
  afterAll(() => t.close());

  const upload = (kind: string, files: Part[], cookie = owner) => {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: `/api/uploads?kind=${kind}`,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object, cookie = owner) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  async function uploadedPreview() {
    const response = await upload('preview', [
      { name: 'My Holiday Photo.png', content: previewPng, contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(201);
    return response.json().files[0];
  }

  async function uploadedPrivateFile() {
    const response = await upload('private', [{ name: 'full-resolution.png', content: await png(1200, 1500) }]);
    expect(response.statusCode).toBe(201);
    return response.json().files[0];
  }

  const validArtwork = (previewUrl: string, extra: object = {}) => ({
    title: 'Terracotta Sun',
    artist: 'Maya Lindqvist',
    price: 5.9,
    originalPrice: 10.9,
    description: 'A warm sun over quiet hills.',
    category: 'minimalist',
    tags: 'sun, warm , , calm',
    dimensions: '2x3, 4x5',
    format: 'PNG',
    previewUrl,
    googleDriveLink: 'https://drive.google.com/file/d/abc123/view',
    isFeatured: true,
    ...extra,
  });

  it('refuses every write and upload when signed out (401) and for a customer (403)', async () => {
    const calls: Array<[Parameters<typeof send>[0], string]> = [
      ['POST', '/api/artworks'],
      ['PUT', '/api/artworks/1'],
      ['DELETE', '/api/artworks/1'],
      ['PATCH', '/api/artworks'],
      ['GET', '/api/admin/artworks'],
    ];
    for (const [method, url] of calls) {
      expect(
        (await send(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, '')).statusCode,
        `${method} ${url}`,
      ).toBe(401);
      expect(
        (await send(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, customer)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    const files = [{ name: 'a.png', content: previewPng }];
    expect((await upload('preview', files, '')).statusCode).toBe(401);
    expect((await upload('preview', files, customer)).statusCode).toBe(403);
  });

  it('stores a preview under a generated name with WebP renditions and no metadata', async () => {
    const withExif = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret camera owner', ImageDescription: 'GPS and all' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const response = await upload('preview', [{ name: 'IMG_0042 secret.jpg', content: withExif }]);
    expect(response.statusCode).toBe(201);
    const [file] = response.json().files;
    expect(file.path).toMatch(/^previews\/\d{13}-[0-9a-f]{12}\.jpg$/);
    expect(file.url).toBe(`/files/${file.path}`);
    expect(file.images.map((i: { width: number }) => i.width)).toEqual([400, 800, 900]);
    const stored = path.join(t.dataDir, 'files', file.path);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta).toMatchObject({ width: 900, height: 1200 });
    const rendition = await sharp(path.join(t.dataDir, 'files', file.images[0].url.replace('/files/', ''))).metadata();
    expect(rendition).toMatchObject({ format: 'webp', width: 400, height: 533 });
  });

  it('decides the type by the bytes: a text file named .png is refused', async () => {
    const response = await upload('preview', [
      { name: 'evil.png', content: Buffer.from('<?php echo "hi"; ?>'), contentType: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('evil.png is not an accepted file');
  });

  it('refuses an oversize preview (413), too many files and an image with too many pixels', async () => {
    const big = Buffer.concat([previewPng, Buffer.alloc(10 * 1024 * 1024)]);
    const oversize = await upload('preview', [{ name: 'big.png', content: big }]);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().error).toContain('10 MB');

    const two = await upload('preview', [
      { name: 'a.png', content: previewPng },
      { name: 'b.png', content: previewPng },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toBe('Maximum 1 files allowed. Please remove some files first.');

    const twelve = await upload(
      'media',
      Array.from({ length: 12 }, (_, i) => ({ name: `${i}.png`, content: previewPng })),
    );
    expect(twelve.statusCode).toBe(400);

    const bomb = await upload('preview', [{ name: 'bomb.png', content: await png(8000, 8000) }]);
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().error).toContain('megapixels');
  });

  it('keeps videos as uploaded in the media folder', async () => {
    // A well-formed one: a video is stored as sent, but only once its boxes hold together (uploads/file-integrity.ts).
    const mp4 = mp4Sample();
    const response = await upload('media', [{ name: 'turntable.mp4', content: mp4 }]);
    expect(response.statusCode).toBe(201);
    expect(response.json().files[0]).toMatchObject({ type: 'video', contentType: 'video/mp4', size: mp4.length });
    expect(response.json().files[0].path).toMatch(/^media\/.+\.mp4$/);
  });

  it('keeps the full-resolution file private: no URL, not served, never in a public response', async () => {
    const file = await uploadedPrivateFile();
    expect(file.url).toBeNull();
    expect(fs.existsSync(path.join(t.dataDir, 'private', file.path))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/files/${file.path}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/files/../private/${file.path}` })).statusCode).toBe(404);

    const preview = await uploadedPreview();
    const created = await send(
      'POST',
      '/api/artworks',
      validArtwork(preview.url, { googleDriveLink: null, privateFileKey: file.path }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().privateFile).toEqual({
      name: 'full-resolution.png',
      size: file.size,
      contentType: 'image/png',
    });
    const id = created.json().id;
    for (const url of [`/api/artworks/${id}`, '/api/artworks?limit=100', `/api/artworks?q=terracotta`]) {
      const body = (await t.app.inject({ method: 'GET', url })).body;
      expect(body).not.toContain(file.path);
      expect(body).not.toContain('privateFile');
    }
  });

  it('creates an artwork from uploaded files: renditions for srcset, tags cleaned, link kept private', async () => {
    const preview = await uploadedPreview();
    const response = await send('POST', '/api/artworks', validArtwork(preview.url));
    expect(response.statusCode).toBe(201);
    const artwork = response.json();
    expect(artwork).toMatchObject({
      title: 'Terracotta Sun',
      price: 5.9,
      originalPrice: 10.9,
      tags: ['sun', 'warm', 'calm'],
      isFeatured: true,
      isNewArrival: false,
    });
    expect(artwork.images.map((i: { width: number }) => i.width)).toEqual([400, 800, 1600]);
    expect(artwork.imageUrl).toBe(preview.images[1].url);
    expect(artwork.highResImageUrl).toBe(preview.url);
    expect(artwork.googleDriveLink).toBe('https://drive.google.com/file/d/abc123/view');

    const shop = await t.app.inject({ method: 'GET', url: '/api/artworks?q=terracotta' });
    expect(shop.json().items[0].images).toEqual(artwork.images);
    expect(shop.body).not.toContain('drive.google.com');
  });

  it('validates the write payload and names the fields at fault', async () => {
    const preview = await uploadedPreview();
    const response = await send('POST', '/api/artworks', {
      ...validArtwork(preview.url),
      title: '  ',
      price: -1,
      originalPrice: 'ten',
      category: 'space',
      format: 'GIF',
      googleDriveLink: 'not a link',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().details).sort()).toEqual([
      'category',
      'format',
      'googleDriveLink',
      'originalPrice',
      'price',
      'title',
    ]);

    const noFile = await send('POST', '/api/artworks', { ...validArtwork(preview.url), googleDriveLink: null });
    expect(noFile.json().details.googleDriveLink).toEqual([
      'Add a Google Drive download link or upload the full-resolution file',
    ]);
    const foreignPreview = await send('POST', '/api/artworks', validArtwork('https://elsewhere.example/cat.png'));
    expect(foreignPreview.json().details.previewUrl).toEqual(['Upload the preview image first.']);
    const cents = await send('POST', '/api/artworks', { ...validArtwork(preview.url), price: 5.999 });
    expect(cents.json().details.price).toEqual(['Price can have at most two decimals']);
  });

  it('changes only the fields sent; empty values keep the old preview, media and link', async () => {
    const preview = await uploadedPreview();
    const created = (await send('POST', '/api/artworks', validArtwork(preview.url))).json();
    const response = await send('PUT', `/api/artworks/${created.id}`, {
      title: 'Terracotta Moon',
      googleDriveLink: '',
      previewUrl: '',
      media: [],
      description: null,
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated.title).toBe('Terracotta Moon');
    for (const field of [
      'googleDriveLink',
      'imageUrl',
      'images',
      'media',
      'description',
      'price',
      'tags',
      'isFeatured',
    ]) {
      expect(updated[field], field).toEqual(created[field]);
    }
    const found = await t.app.inject({ method: 'GET', url: '/api/artworks?q=terracotta%20moon' });
    expect(found.json().items.map((a: { id: number }) => a.id)).toEqual([created.id]);
    const cleared = await send('PUT', `/api/artworks/${created.id}`, { originalPrice: null });
    expect(cleared.json().originalPrice).toBeNull();
    expect((await send('PUT', '/api/artworks/999999', { title: 'x' })).statusCode).toBe(404);
  });

  it('applies a bulk change to all selected artworks or to none', async () => {
    const ids = await insertTestArtworks(t.db, [{ title: 'Bulk A' }, { title: 'Bulk B' }, { title: 'Bulk C' }]);
    const missing = await send('PATCH', '/api/artworks', { ids: [...ids, 999_999], changes: { isFeatured: true } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().details.ids).toEqual(['999999']);
    const untouched = await t.db.selectFrom('artworks').select('is_featured').where('id', 'in', ids).execute();
    expect(untouched).toHaveLength(3);
    expect(untouched.every((r) => r.is_featured === 0)).toBe(true);

    const none = await send('PATCH', '/api/artworks', { ids, changes: {} });
    expect(none.statusCode).toBe(400);

    const status = await send('PATCH', '/api/artworks', {
      ids,
      changes: { isFeatured: true, isNewArrival: false, category: 'vintage' },
    });
    expect(status.json()).toEqual({ changed: 3 });
    const rows = await t.db.selectFrom('artworks').select(['is_featured', 'category']).where('id', 'in', ids).execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.is_featured === 1 && r.category === 'vintage')).toBe(true);

    expect((await send('PATCH', '/api/artworks', { ids: ids.slice(0, 2), delete: true })).json()).toEqual({
      changed: 2,
    });
    expect(await t.db.selectFrom('artworks').select('id').where('id', 'in', ids).execute()).toEqual([{ id: ids[2] }]);
    expect((await send('DELETE', `/api/artworks/${ids[2]}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/artworks/${ids[2]}` })).statusCode).toBe(404);
  });
});
