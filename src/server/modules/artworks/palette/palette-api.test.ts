import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaletteColor } from '#shared/catalogue/browse-facets.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { uploadPreviewPicture } from '#test-support/preview-upload.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

/** A picture of horizontal bands: `colors` are [colour, share of the height], top to bottom. */
async function banded(width: number, height: number, colors: Array<[string, number]>): Promise<Buffer> {
  let top = 0;
  const layers = [];
  for (const [color, share] of colors) {
    const bandHeight = Math.round(share * height);
    const band = await sharp({ create: { width, height: bandHeight, channels: 3, background: color } })
      .png()
      .toBuffer();
    layers.push({ input: band, top, left: 0 });
    top += bandHeight;
  }
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toBuffer();
}

/** The families of a palette with their weights added up. */
function shares(palette: PaletteColor[]): Record<string, number> {
  const byFamily: Record<string, number> = {};
  for (const color of palette) byFamily[color.family] = (byFamily[color.family] ?? 0) + color.weight;
  return byFamily;
}

describe.each(TEST_ENGINES)('artwork palettes read at upload on %s', (engine) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@shop.test', 'admin');
  });
  afterAll(() => t.close());

  const uploadPreview = (png: Buffer) => uploadPreviewPicture(t.app, owner, png);

  async function createArtwork(previewUrl: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/artworks',
      headers: { cookie: owner },
      payload: {
        title: 'Bands',
        artist: 'Test Artist',
        price: 9.9,
        description: 'Colour bands.',
        category: 'abstract',
        tags: 'bands',
        dimensions: '4x5',
        format: 'PNG',
        previewUrl,
        googleDriveLink: 'https://drive.google.com/file/d/abc/view',
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  }

  const detail = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/artworks/${id}` })).json();
  const columns = (id: number) =>
    t.db.selectFrom('artworks').select(['palette', 'orientation']).where('id', '=', id).executeTakeFirstOrThrow();
  /** The file on disk behind a public URL of the local store. */
  const fileOf = (url: string) => path.join(t.dataDir, 'files', url.replace(/^\/files\//, ''));

  it('reads a 70 % blue, 30 % yellow picture into a palette of those families and shares', async () => {
    const preview = await uploadPreview(
      await banded(1200, 1500, [
        ['#1e63c4', 0.7],
        ['#fbc02d', 0.3],
      ]),
    );
    const id = await createArtwork(preview.url);

    const { palette } = await detail(id);
    expect(palette.map((color: PaletteColor) => color.family)).toEqual(['blue', 'yellow']);
    expect(shares(palette).blue).toBeGreaterThan(0.67);
    expect(shares(palette).blue).toBeLessThan(0.73);
    expect(shares(palette).yellow).toBeGreaterThan(0.27);
    expect(shares(palette).yellow).toBeLessThan(0.33);
    expect(palette.reduce((sum: number, color: PaletteColor) => sum + Math.round(color.weight * 1000), 0)).toBe(1000);
    expect(await columns(id)).toMatchObject({ orientation: 'portrait' });
  });

  it('reads a 3000 × 1000 red picture as red and panoramic, and a new picture replaces both', async () => {
    const preview = await uploadPreview(await banded(3000, 1000, [['#d32f2f', 1]]));
    const id = await createArtwork(preview.url);
    // The rendition is a lossy WebP: its red is #d32f2f give or take a step or two per channel.
    const [red, ...others] = (await detail(id)).palette;
    expect(others).toEqual([]);
    expect(red).toMatchObject({
      weight: 1,
      family: 'red',
      hex: expect.stringMatching(/^#d[2-4][23][0-9a-f][23][0-9a-f]$/),
    });
    expect(await columns(id)).toMatchObject({ orientation: 'panoramic' });

    const square = await uploadPreview(
      await banded(900, 900, [
        ['#388e3c', 0.5],
        ['#ffffff', 0.5],
      ]),
    );
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/artworks/${id}`,
      headers: { cookie: owner },
      payload: { previewUrl: square.url },
    });
    expect(changed.statusCode).toBe(200);
    expect(Object.keys(shares((await detail(id)).palette)).sort()).toEqual(['green', 'white']);
    expect(await columns(id)).toMatchObject({ orientation: 'square' });
  });

  it('saves the artwork all the same when its picture cannot be read, leaving the palette for the backfill', async () => {
    const damaged = await uploadPreview(await banded(2000, 1000, [['#7b1fa2', 1]]));
    const largest = damaged.images.reduce((a, b) => (b.width > a.width ? b : a));
    fs.writeFileSync(fileOf(largest.url), 'not a picture any more');
    const id = await createArtwork(damaged.url);
    expect((await detail(id)).palette).toEqual([]);
    // The orientation comes from the rendition's recorded size, not from its bytes.
    expect(await columns(id)).toEqual({ palette: null, orientation: 'panoramic' });

    const missing = await uploadPreview(await banded(800, 1000, [['#7b1fa2', 1]]));
    for (const image of missing.images) fs.rmSync(fileOf(image.url));
    const other = await createArtwork(missing.url);
    expect(await columns(other)).toEqual({ palette: null, orientation: 'portrait' });
  });
});
