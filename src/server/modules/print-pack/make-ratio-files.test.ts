import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRINT_RATIOS,
  printRatio,
  RATIO_IDS,
  RATIO_TOLERANCE,
  ratioError,
  type RatioId,
} from '#shared/prints/print-sizes.ts';
import { FileRejectedError } from '../../errors';
import { makeRatioFiles, type PackFile } from './make-ratio-files';
import { aspectOf, centredCrop, toFractions, toPixels, type CropFractions } from '#shared/prints/ratio-crop.ts';
import { photoLikeImage } from '#test-support/photo-like-image.ts';

let folder: string;
beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'print-pack-test-'));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A 1200 × 1800 sRGB picture: bands of strong colours and a skin tone, so a wrong colour conversion shows. */
function colourBands(): Sharp {
  const colours = ['#c0392b', '#27ae60', '#2e86c1', '#e0ac8a', '#f1c40f', '#5d6d7e'];
  const bands = colours.map((fill, i) => `<rect y="${i * 300}" width="1200" height="300" fill="${fill}"/>`).join('');
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1800">${bands}</svg>`),
  ).removeAlpha();
}

async function writeMaster(name: string, image: Sharp): Promise<string> {
  const file = path.join(folder, name);
  await image.toFile(file);
  return file;
}

async function pack(master: string, extra: Partial<Parameters<typeof makeRatioFiles>[0]> = {}): Promise<PackFile[]> {
  const out = fs.mkdtempSync(path.join(folder, 'out-'));
  const { files } = await makeRatioFiles({ master, folder: out, title: 'Colour Bands', artworkId: 9, ...extra });
  return files;
}

/** Mean colour of each band, as the eye would see it: a wrong profile or a CMYK read as RGB moves these far. */
async function bandMeans(file: string, top: number): Promise<number[][]> {
  const means: number[][] = [];
  for (let band = 0; band < 6; band++) {
    const y = band * 300 + 100 - top;
    if (y < 0 || y + 100 > (await sharp(file).metadata()).height) continue;
    // stats() reads its input as it is, so the band is cut out first.
    const { channels } = await sharp(
      await sharp(file).extract({ left: 500, top: y, width: 200, height: 100 }).toBuffer(),
    ).stats();
    means.push(channels.slice(0, 3).map((channel) => channel.mean));
  }
  return means;
}

describe('making the print pack', () => {
  it('writes one JPEG per ratio, each a crop at the master’s own pixels, 300 DPI, sRGB, 4:4:4, no EXIF or XMP', async () => {
    const master = await writeMaster(
      'master.jpg',
      colourBands()
        .withExif({ IFD0: { Copyright: 'Someone', Make: 'Camera' } })
        .withXmp(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
        )
        .withIccProfile('srgb')
        .jpeg({ quality: 95 }),
    );
    const files = await pack(master);
    expect(files.map((file) => file.ratio)).toEqual(PRINT_RATIOS.map((ratio) => ratio.id));
    for (const file of files) {
      const meta = await sharp(file.path).metadata();
      expect(meta).toMatchObject({
        format: 'jpeg',
        width: file.crop.width,
        height: file.crop.height,
        density: 300,
        chromaSubsampling: '4:4:4',
      });
      expect(meta).toMatchObject({ space: 'srgb', depth: 'uchar', channels: 3 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc?.subarray(16, 20).toString('latin1')).toBe('RGB ');
      expect(meta.icc?.toString('latin1').replaceAll('\0', '')).toContain('sRGB');
      expect(file.crop.width).toBeLessThanOrEqual(1200);
      expect(file.crop.height).toBeLessThanOrEqual(1800);
      expect(ratioError(meta.width, meta.height, aspectOf(printRatio(file.ratio), 'portrait'))).toBeLessThanOrEqual(
        RATIO_TOLERANCE,
      );
    }
    expect(files.map((file) => file.fileName)).toEqual([
      'Colour Bands – 2x3 (4x6 in).jpg',
      'Colour Bands – 3x4.jpg',
      'Colour Bands – 4x5 (4x5 in).jpg',
      'Colour Bands – 5x7.jpg',
      'Colour Bands – 11x14.jpg',
      'Colour Bands – ISO A.jpg',
    ]);
  });

  it('cuts the owner’s crop, and a PNG of a ratio from the same crop', async () => {
    const master = await writeMaster('bands.png', colourBands().png());
    const crop = { left: 0, top: 300, width: 1200, height: 1500 };
    const crops = { '4x5': toFractions(crop, { width: 1200, height: 1800 }) };
    const [jpeg, png] = await pack(master, {
      crops,
      files: [
        { ratio: '4x5', format: 'jpeg' },
        { ratio: '4x5', format: 'png' },
      ],
    });
    expect(jpeg?.crop).toEqual(crop);
    expect(png).toMatchObject({
      crop,
      fileName: 'Colour Bands – 4x5 (4x5 in).png',
      path: expect.stringMatching(/4x5\.png$/),
    });
    expect(await sharp(png!.path).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 1500,
      density: 300,
      space: 'srgb',
      depth: 'uchar',
    });
    expect((await sharp(png!.path).metadata()).icc).toBeDefined();
    // The crop starts at the second band: the green one is on top.
    const [first] = await bandMeans(png!.path, 300);
    expect(first).toEqual([expect.closeTo(0x27, -1), expect.closeTo(0xae, -1), expect.closeTo(0x60, -1)]);
  });

  it('finds the crops the owner has not set on a preview of its own decode, and keeps the ones set', async () => {
    // A square master with its subject in the left third: the crops found keep it, where centred ones would not.
    const size = { width: 1500, height: 1500 };
    const { png, subject } = await photoLikeImage(size.width, size.height, 0.25, 0.35);
    const master = await writeMaster('subject-left.png', sharp(png));
    const set = toFractions({ left: 300, top: 0, width: 1000, height: 1500 }, size);
    let chosen: Partial<Record<RatioId, CropFractions>> = {};
    const out = fs.mkdtempSync(path.join(folder, 'out-'));
    const { files } = await makeRatioFiles(
      { master, folder: out, title: 'Portrait', artworkId: 3, crops: { '2x3': set }, missingCrops: 'found' },
      { onCrops: async (crops) => void (chosen = crops) },
    );
    expect(Object.keys(chosen).sort()).toEqual([...RATIO_IDS].sort());
    for (const file of files) {
      const ratio = printRatio(file.ratio);
      if (file.ratio === '2x3') expect(chosen[file.ratio]).toEqual(set);
      expect(file.crop, file.ratio).toEqual(toPixels(ratio, chosen[file.ratio]!, size));
      // Every other crop has moved from the centre towards the subject, on the left.
      const centred = toPixels(ratio, centredCrop(ratio, size), size);
      if (file.ratio !== '2x3') expect(file.crop.left, file.ratio).toBeLessThan(centred.left);
    }
    expect(subject.left).toBeLessThan(size.width / 2);
  });

  it('turns 16-bit and CMYK masters into 8-bit sRGB through their own profiles', async () => {
    const reference = await bandMeans(await writeMaster('reference.png', colourBands().png()), 0);
    // How far each band may land from the sRGB original, in levels of 255. Through P3 nearly nothing moves (its
    // numbers read as sRGB, without its profile, would move the red band by 15). CMYK cannot hold every sRGB
    // colour and the round trip is perceptual: bands move by up to 24 levels here.
    const masters = [
      {
        name: 'P3 16-bit PNG',
        tolerance: 4,
        image: colourBands().toColourspace('rgb16').withIccProfile('p3').png(),
        is: { depth: 'ushort', space: 'rgb16' },
      },
      {
        name: 'CMYK JPEG',
        tolerance: 30,
        image: colourBands().withIccProfile('cmyk').jpeg({ quality: 95 }),
        is: { depth: 'uchar', space: 'cmyk' },
      },
      {
        name: 'CMYK 16-bit TIFF',
        tolerance: 30,
        image: colourBands().toColourspace('rgb16').withIccProfile('cmyk').tiff({ compression: 'lzw' }),
        is: { depth: 'ushort', space: 'cmyk' },
      },
    ];
    for (const { name, tolerance, image, is } of masters) {
      const master = await writeMaster(name.replaceAll(' ', '-'), image);
      expect(await sharp(master).metadata(), name).toMatchObject({ ...is, icc: expect.any(Buffer) });
      const [twoThree] = await pack(master, { files: [{ ratio: '2x3', format: 'jpeg' }] });
      expect(await sharp(twoThree!.path).metadata(), name).toMatchObject({
        space: 'srgb',
        depth: 'uchar',
        channels: 3,
        density: 300,
      });
      const means = await bandMeans(twoThree!.path, 0);
      means.forEach((band, i) =>
        band.forEach((mean, c) =>
          expect(Math.abs(mean - (reference[i]?.[c] ?? 0)), `${name} band ${i}`).toBeLessThan(tolerance),
        ),
      );
    }
  });

  it('turns the master upright by its EXIF orientation before cutting', async () => {
    const sideways = await writeMaster(
      'sideways.jpg',
      sharp(await colourBands().rotate(-90).png().toBuffer())
        .withMetadata({ orientation: 6 })
        .jpeg(),
    );
    const [file] = await pack(sideways, { files: [{ ratio: '4x5', format: 'jpeg' }] });
    expect(await sharp(file!.path).metadata()).toMatchObject({ width: 1200, height: 1500 });
    expect(await bandMeans(file!.path, 150)).toHaveLength(4);
  });

  it('refuses a master over 120 megapixels from its header, before decoding it', async () => {
    // A PNG that says 11,000 × 11,000 px (121 MP) and holds one row.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(11_000, 0);
    header.writeUInt32BE(11_000, 4);
    header.set([8, 0, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(11_001))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const master = path.join(folder, 'huge.png');
    fs.writeFileSync(master, png);
    await expect(pack(master)).rejects.toThrow(FileRejectedError);
  });

  it('reports a master that does not decode', async () => {
    const whole = await colourBands().jpeg().toBuffer();
    const master = path.join(folder, 'cut-short.jpg');
    fs.writeFileSync(master, whole.subarray(0, whole.length / 2));
    await expect(pack(master)).rejects.toThrow(/making the print files failed/);
  });
});
