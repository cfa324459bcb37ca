import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMockups, MOCKUP_WIDTHS } from './compose-mockups';
import type { Rect } from './hang-art';
import { sceneLayers } from './scene-layers';
import { MOCKUP_SCENES } from './scenes';
import { SCENE_WIDTH } from './svg-kit';

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'room-mockups-test-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A solid magenta picture: a colour no room is painted with, so where it shows is where the artwork was laid. */
async function magenta(width: number, height: number): Promise<string> {
  const file = path.join(folder, `art-${width}x${height}.png`);
  await sharp({ create: { width, height, channels: 3, background: '#ff00ff' } })
    .png()
    .toFile(file);
  return file;
}

async function pixel(file: string, x: number, y: number): Promise<number[]> {
  const data = await sharp(file)
    .extract({ left: Math.round(x), top: Math.round(y), width: 1, height: 1 })
    .raw()
    .toBuffer();
  return [...data.subarray(0, 3)];
}

const isMagenta = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! > 200;
const centre = (r: Rect) => [r.left + r.width / 2, r.top + r.height / 2] as const;

const ARTWORKS = [
  { name: 'a 2:3 portrait', width: 800, height: 1200 },
  { name: 'a 3:2 landscape', width: 1200, height: 800 },
  { name: 'a square', width: 1000, height: 1000 },
  { name: 'a 3:1 panorama', width: 1500, height: 500 },
];

describe.each(ARTWORKS)('the room mockups of $name', ({ width, height }) => {
  let mockups: Awaited<ReturnType<typeof composeMockups>>;
  const out = () => path.join(folder, `out-${width}x${height}`);
  beforeAll(async () => {
    mockups = await composeMockups({ artwork: await magenta(width, height), scenes: MOCKUP_SCENES, folder: out() });
  }, 60_000);

  it('are WebP files, one per scene per width, 3:2', async () => {
    expect(mockups.map(({ scene, width }) => `${scene} ${width}`)).toEqual(
      MOCKUP_SCENES.flatMap((scene) => MOCKUP_WIDTHS.map((width) => `${scene} ${width}`)),
    );
    for (const mockup of mockups) {
      expect(path.dirname(mockup.file)).toBe(out());
      expect(mockup.height).toBe(Math.round((mockup.width * 2) / 3));
      expect(await sharp(mockup.file).metadata()).toMatchObject({
        format: 'webp',
        width: mockup.width,
        height: mockup.height,
      });
    }
  });

  it.each(MOCKUP_SCENES)('show the artwork framed and matted where %s hangs it', async (scene) => {
    const { window, mat, frame } = sceneLayers(scene, width / height);
    for (const mockup of mockups.filter((m) => m.scene === scene)) {
      const scale = mockup.width / SCENE_WIDTH;
      const at = (x: number, y: number) => pixel(mockup.file, x * scale, y * scale);
      const [cx, cy] = centre(window);
      expect(isMagenta(await at(cx, cy))).toBe(true);
      // A little inside the opening's corners: the whole artwork is there, not a crop of it into a corner.
      expect(isMagenta(await at(window.left + 8 / scale, window.top + 8 / scale))).toBe(true);
      expect(isMagenta(await at(window.left + window.width - 8 / scale, window.top + window.height - 8 / scale))).toBe(
        true,
      );
      if (mockup.width < 1600) continue;
      // The mat's lower margin (the frame's shade falls on its top and left).
      const matBelow = await at(cx, (window.top + window.height + mat.top + mat.height) / 2);
      expect(Math.min(...matBelow)).toBeGreaterThan(225);
      // The frame's moulding, and the wall just outside it on each side: no magenta.
      expect(isMagenta(await at(cx, frame.top + (mat.top - frame.top) / 2))).toBe(false);
      for (const [x, y] of [
        [cx, frame.top - 4],
        [frame.left - 4, cy],
        [frame.left + frame.width + 4, cy],
        [cx, frame.top + frame.height + 4],
      ] as const) {
        expect(isMagenta(await at(x, y))).toBe(false);
      }
    }
  });
});

describe('composing room mockups', () => {
  it('writes the same bytes each time for the same artwork, the room drawn the first time and kept after', async () => {
    const artwork = await magenta(600, 900);
    const layerCache = path.join(folder, 'layers');
    const compose = (out: string) =>
      composeMockups({ artwork, scenes: ['office'], folder: path.join(folder, out), layerCache });
    const first = await compose('same-1');
    // The office's wall and its front, kept as PNG files; the framing follows each artwork's aspect and is not kept.
    const kept = fs.readdirSync(layerCache);
    expect(kept).toHaveLength(2);
    expect(kept.every((name) => name.endsWith('.png'))).toBe(true);
    const second = await compose('same-2');
    expect(fs.readdirSync(layerCache)).toEqual(kept);
    for (const [index, mockup] of first.entries()) {
      expect(fs.readFileSync(mockup.file).equals(fs.readFileSync(second[index]!.file))).toBe(true);
    }
  }, 60_000);

  it('lays a picture turned by its EXIF orientation upright', async () => {
    // Stored 1200 wide and 400 high, turned a quarter: a 1:3 portrait, whose opening is three times taller than wide.
    const file = path.join(folder, 'turned.jpg');
    await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#ff00ff' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toFile(file);
    const [mockup] = await composeMockups({ artwork: file, scenes: ['bedroom'], folder: path.join(folder, 'turned') });
    const { window } = sceneLayers('bedroom', 1 / 3);
    expect(window.height).toBeGreaterThan(2.9 * window.width);
    const scale = mockup!.width / SCENE_WIDTH;
    expect(isMagenta(await pixel(mockup!.file, (window.left + 4) * scale, (window.top + 4) * scale))).toBe(true);
  }, 60_000);

  it('fails clearly on a file that is no picture, and leaves no file behind', async () => {
    const bad = path.join(folder, 'not-a-picture.png');
    fs.writeFileSync(bad, 'not a picture');
    const out = path.join(folder, 'bad');
    await expect(composeMockups({ artwork: bad, scenes: MOCKUP_SCENES, folder: out })).rejects.toThrow(
      /composing the room mockups failed/,
    );
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it('refuses a scene it does not know, and makes nothing for no scene', async () => {
    const artwork = await magenta(100, 100);
    await expect(
      composeMockups({ artwork, scenes: ['garage' as never], folder: path.join(folder, 'unknown') }),
    ).rejects.toThrow(/unknown mockup scene: garage/);
    expect(await composeMockups({ artwork, scenes: [], folder: path.join(folder, 'none') })).toEqual([]);
  });
});
