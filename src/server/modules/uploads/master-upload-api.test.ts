import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { generatedBytes, multipartStream, pngClaiming, storedZip } from '#test-support/large-uploads.ts';
import { gradient16, masterPng } from '#test-support/master-image.ts';
import { multipart } from '#test-support/multipart.ts';
import { signedInCookie } from '#test-support/owner-session.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';

// The owner's master upload (kind=private), through the whole app: masters of the kinds print shops send are taken
// as they were sent, with their upright size; a master that is not what it says, damaged, too large or too small
// is refused with a 400 naming the problem, and nothing of it is kept; a file over 300 MB is refused while it
// streams in, without the process holding it.

const MB = 1024 * 1024;

/** A 1500 × 1200 px gradient (landscape): pixels matter here, not bytes. */
const gradient = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#f1faee"/></linearGradient></defs><rect width="1500" height="1200" fill="url(#g)"/></svg>`,
    ),
  ).removeAlpha();

/** Every file under `root`, relative to it. */
function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The process's peak RSS while `run` runs, sampled every 5 ms, over its RSS before. */
async function rssGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growthMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

describe.each(TEST_ENGINES)('the master upload on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  /** The temporary folders the uploads made (service.ts), to check each is gone after its request. */
  const tempDirs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signedInCookie(t.app, t.db, 'owner@example.com', 'admin');
    const mkdtemp = fsPromises.mkdtemp.bind(fsPromises);
    vi.spyOn(fsPromises, 'mkdtemp').mockImplementation(async (prefix: string) => {
      const made = await mkdtemp(prefix);
      tempDirs.push(made);
      return made;
    });
  });
  afterEach(async () => {
    for (const dir of tempDirs.splice(0)) expect(fs.existsSync(dir), `${dir} was left behind`).toBe(false);
    await t.db.deleteFrom('uploads').execute();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const privateRoot = () => path.join(t.dataDir, 'private');
  /** Posts a multipart body, built whole or streamed in, to the master upload as the owner. */
  const postMaster = (body: { payload: Buffer | Readable; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=private',
      payload: body.payload,
      headers: { ...body.headers, cookie: owner },
    });
  const upload = (name: string, content: Buffer) => postMaster(multipart([{ name, content }]));

  describe('takes', () => {
    // Each made here, and checked to be what it is meant to be (depth, colour space), so the test cannot pass on
    // an 8-bit RGB file by accident.
    it.each([
      [
        'a 16-bit TIFF',
        'master.tif',
        'image/tiff',
        { depth: 'ushort', space: 'rgb16' },
        () => gradient16().toColourspace('rgb16').withIccProfile('srgb').tiff({ compression: 'deflate' }).toBuffer(),
      ],
      [
        'a 16-bit CMYK TIFF',
        'master.tiff',
        'image/tiff',
        { depth: 'ushort', space: 'cmyk' },
        () => gradient16().toColourspace('rgb16').withIccProfile('cmyk').tiff({ compression: 'deflate' }).toBuffer(),
      ],
      [
        'a CMYK JPEG',
        'master.jpg',
        'image/jpeg',
        { depth: 'uchar', space: 'cmyk' },
        () => gradient().toColourspace('cmyk').jpeg().toBuffer(),
      ],
      [
        'a 16-bit PNG',
        'master.png',
        'image/png',
        { depth: 'ushort', space: 'rgb16' },
        () => gradient16().toColourspace('rgb16').png().toBuffer(),
      ],
    ])('%s, as it was sent, answering its size', async (_, name, contentType, expected, make) => {
      const master = await make();
      expect(await sharp(master).metadata()).toMatchObject({ width: 1500, height: 1200, ...expected });
      const answer = await upload(name, master);
      expect(answer.statusCode, answer.body).toBe(201);
      const [file] = answer.json().files;
      expect(file).toMatchObject({
        url: null,
        type: 'image',
        contentType,
        size: master.length,
        width: 1500,
        height: 1200,
      });
      expect(fs.readFileSync(path.join(privateRoot(), file.path)).equals(master)).toBe(true);
      const row = await t.db.selectFrom('uploads').selectAll().where('key', '=', file.path).executeTakeFirstOrThrow();
      expect([row.width, row.height, Number(row.size)]).toEqual([1500, 1200, master.length]);
    });

    it('a JPEG turned by its EXIF orientation, answering its size the right way up', async () => {
      // Stored 1500 × 1200, orientation 6 (turn 90°): it is shown, printed and cropped 1200 × 1500.
      const master = await gradient().jpeg().withMetadata({ orientation: 6 }).toBuffer();
      const answer = await upload('turned.jpg', master);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().files[0]).toMatchObject({ width: 1200, height: 1500 });
    });

    it('a file of exactly 300 MB, streamed in and stored, without the process holding it', async () => {
      const size = 300 * MB;
      const body = multipartStream('master.zip', storedZip(size), size);
      const { result: answer, growthMb } = await rssGrowth(() => postMaster(body));
      expect(answer.statusCode, answer.body).toBe(201);
      const [file] = answer.json().files;
      expect(file).toMatchObject({ contentType: 'application/zip', size, width: null, height: null });
      // The stored bytes are the generated ones: compared by hash, as a stream.
      const hash = async (stream: NodeJS.ReadableStream) => {
        const digest = createHash('sha256');
        for await (const chunk of stream) digest.update(chunk as Buffer);
        return digest.digest('hex');
      };
      expect(await hash(fs.createReadStream(path.join(privateRoot(), file.path)))).toBe(await hash(storedZip(size)));
      expect(growthMb, `RSS grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(100);
      fs.rmSync(path.join(privateRoot(), file.path));
    }, 120_000);
  });

  describe('refuses, keeping nothing,', () => {
    async function expectRefused(name: string, content: Buffer, status: number, message: RegExp) {
      const before = filesUnder(privateRoot()).sort();
      const answer = await upload(name, content);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().error).toMatch(message);
      expect(filesUnder(privateRoot()).sort()).toEqual(before);
      expect(await t.db.selectFrom('uploads').select('key').execute()).toEqual([]);
    }

    it('a master whose header claims more than 120 megapixels, before decoding it', async () => {
      // A flat 1500 × 1200 PNG whose header says 11000 × 11000 (121 MP): a few kilobytes.
      const liar = pngClaiming(await gradient().png().toBuffer(), 11_000, 11_000);
      await expectRefused(
        'huge.png',
        liar,
        400,
        /^huge\.png: The master is too large: 11000 × 11000 px is 121\.0 megapixels, and a master may have at most 120 megapixels\.$/,
      );
    });

    it.each([
      ['a JPEG', 'cut.jpg', () => gradient().jpeg({ quality: 95 }).toBuffer()],
      ['a TIFF', 'cut.tif', () => gradient().tiff({ compression: 'lzw' }).toBuffer()],
      ['a 16-bit PNG', 'cut.png', () => gradient().toColourspace('rgb16').png().toBuffer()],
    ])('%s cut short', async (_, name, make) => {
      const whole = await make();
      await expectRefused(
        name,
        whole.subarray(0, Math.floor(whole.length * 0.6)),
        400,
        new RegExp(`^${name.replace('.', '\\.')}: .*(damaged|cut short)`),
      );
    });

    it('a PNG named .tif: its bytes are not what its name says', async () => {
      await expectRefused(
        'master.tif',
        await masterPng(),
        400,
        /^master\.tif: its name says a TIFF image, but its bytes are a PNG image\./,
      );
    });

    it('a file that is no image, PDF or ZIP at all, named .tif', async () => {
      await expectRefused('master.tif', Buffer.from('II*\0 not really a TIFF'.repeat(50)), 400, /master\.tif/);
    });

    it.each([
      [1000, 1400, 'A5'],
      [1199, 1500, 'A5'],
      [1500, 1199, 'A5'],
    ])('a %i × %i px master: too small to print 8 × 10 in at 150 DPI', async (width, height, reach) => {
      await expectRefused(
        'small.png',
        await masterPng(width, height),
        400,
        new RegExp(
          `^small\\.png: The master is too small: ${width} × ${height} px can print at most ${reach} at 150 DPI; a master must print 8 × 10 in at 150 DPI \\(1200 × 1500 px\\) at least\\.$`,
        ),
      );
    });

    it('a file over 300 MB, while it streams in, without the process holding it', async () => {
      const size = 300 * MB + 1;
      // It begins as a PNG would: the cap, not the type, must be what stops it.
      const png = await masterPng();
      const body = multipartStream('huge.png', generatedBytes(size, png.subarray(0, 64)), size);
      const before = filesUnder(privateRoot()).sort();
      const { result: answer, growthMb } = await rssGrowth(() => postMaster(body));
      expect(answer.statusCode, answer.body).toBe(413);
      expect(answer.json().error).toBe('File too large: the limit is 300 MB per file.');
      expect(filesUnder(privateRoot()).sort()).toEqual(before);
      expect(await t.db.selectFrom('uploads').select('key').execute()).toEqual([]);
      expect(growthMb, `RSS grew by ${growthMb.toFixed(0)} MB`).toBeLessThan(100);
    }, 120_000);
  });
});
