import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PALETTE_MAX_COLORS } from '#shared/catalogue/browse-facets.ts';
import { photoLikeImage } from '#test-support/photo-like-image.ts';
import { extractPalette } from './extract-palette';

const solid = (
  width: number,
  height: number,
  background: string | { r: number; g: number; b: number; alpha: number },
) => sharp({ create: { width, height, channels: 4, background } });

/** Horizontal bands of the given colours and heights (fractions of `height`), top to bottom, as a WebP. */
async function bands(width: number, height: number, colors: Array<[string, number]>): Promise<Buffer> {
  let top = 0;
  const layers = [];
  for (const [color, share] of colors) {
    const bandHeight = Math.round(share * height);
    layers.push({ input: await solid(width, bandHeight, color).png().toBuffer(), top, left: 0 });
    top += bandHeight;
  }
  return solid(width, height, '#ffffff').composite(layers).webp({ quality: 82 }).toBuffer();
}

const sumOf = (weights: number[]) => Math.round(weights.reduce((sum, w) => sum + w * 1000, 0));

describe('extractPalette', () => {
  it('finds two flat colours with their shares, heaviest first, each with its family', async () => {
    const palette = await extractPalette(
      await bands(1600, 1200, [
        ['#fbc02d', 0.3],
        ['#1e63c4', 0.7],
      ]),
    );
    expect(palette.map((color) => color.family)).toEqual(['blue', 'yellow']);
    expect(palette[0]!.weight).toBeCloseTo(0.7, 1);
    expect(palette[1]!.weight).toBeCloseTo(0.3, 1);
    expect(palette[0]!.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(sumOf(palette.map((color) => color.weight))).toBe(1000);
  });

  it('keeps at most five colours, adding up to exactly 1, from a six-colour picture', async () => {
    const six: Array<[string, number]> = [
      ['#d32f2f', 0.3],
      ['#388e3c', 0.25],
      ['#1e63c4', 0.2],
      ['#fbc02d', 0.12],
      ['#7b1fa2', 0.08],
      ['#000000', 0.05],
    ];
    const palette = await extractPalette(await bands(800, 1000, six));
    expect(palette.length).toBeLessThanOrEqual(PALETTE_MAX_COLORS);
    expect(sumOf(palette.map((color) => color.weight))).toBe(1000);
    expect(palette.map((color) => color.weight)).toEqual(
      [...palette.map((color) => color.weight)].sort((a, b) => b - a),
    );
    expect(palette.slice(0, 3).map((color) => color.family)).toEqual(['red', 'green', 'blue']);
  });

  it('merges shades too close to tell apart into one colour', async () => {
    const palette = await extractPalette(
      await bands(400, 400, [
        ['#1e63c4', 0.5],
        ['#2266c8', 0.5],
      ]),
    );
    expect(palette).toHaveLength(1);
    expect(palette[0]).toMatchObject({ weight: 1, family: 'blue' });
  });

  it('ignores fully transparent pixels and lays half-transparent ones over white', async () => {
    const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
    const leftHalfGreen = await solid(400, 400, transparent)
      .composite([{ input: await solid(200, 400, '#388e3c').png().toBuffer(), left: 0, top: 0 }])
      .png()
      .toBuffer();
    expect(await extractPalette(leftHalfGreen)).toEqual([{ hex: '#388e3c', weight: 1, family: 'green' }]);

    const halfBlack = await solid(300, 300, { r: 0, g: 0, b: 0, alpha: 0.5 }).png().toBuffer();
    const [gray] = await extractPalette(halfBlack);
    expect(gray).toMatchObject({ weight: 1, family: 'gray' });

    expect(await extractPalette(await solid(50, 50, transparent).png().toBuffer())).toEqual([]);
  });

  it('gives the same palette for the same picture, every time', async () => {
    const { png } = await photoLikeImage(1600, 2000, 0.5, 0.4);
    const first = await extractPalette(png);
    expect(first.length).toBeGreaterThan(2);
    for (let i = 0; i < 3; i++) expect(await extractPalette(png)).toEqual(first);
    expect(sumOf(first.map((color) => color.weight))).toBe(1000);
  });

  it('refuses what is not a picture', async () => {
    await expect(extractPalette(Buffer.from('not an image'))).rejects.toThrow();
  });
});
