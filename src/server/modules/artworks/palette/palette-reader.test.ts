import { describe, expect, it } from 'vitest';
import { photoLikeImage } from '#test-support/photo-like-image.ts';
import { extractPalette, PALETTE_MAX_INPUT_PIXELS, PALETTE_SAMPLE_PX } from './extract-palette';
import { openPaletteReader } from './palette-reader';

const OPTIONS = { edge: PALETTE_SAMPLE_PX, limitInputPixels: PALETTE_MAX_INPUT_PIXELS };

// The backfill's pictures are shrunk in a child process: what it answers must be what the store's own process reads.
describe('openPaletteReader', () => {
  it('reads the same palette in its child as in this process, for several pictures in one child', async () => {
    const reader = openPaletteReader();
    try {
      for (const x of [0.3, 0.7]) {
        const { png: picture } = await photoLikeImage(800, 600, x, 0.5);
        expect(await extractPalette(picture, reader.shrink)).toEqual(await extractPalette(picture));
      }
    } finally {
      reader.close();
    }
  });

  it('rejects a picture that cannot be decoded, and reads the next one all the same', async () => {
    const reader = openPaletteReader();
    try {
      await expect(reader.shrink(Buffer.from('not a picture'), OPTIONS)).rejects.toThrow();
      const pixels = await reader.shrink((await photoLikeImage(400, 200, 0.5, 0.5)).png, OPTIONS);
      expect([pixels.width, pixels.height]).toEqual([100, 50]);
      expect(pixels.data.length).toBe(100 * 50 * 4);
    } finally {
      reader.close();
    }
  });

  it('starts another child for a read after close', async () => {
    const reader = openPaletteReader();
    const { png: picture } = await photoLikeImage(300, 300, 0.5, 0.5);
    await reader.shrink(picture, OPTIONS);
    reader.close();
    const again = await reader.shrink(picture, OPTIONS);
    reader.close();
    expect(again.width).toBe(100);
  });
});
