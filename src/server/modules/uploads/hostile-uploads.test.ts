import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_KINDS } from '#shared/catalogue/artwork-write.ts';
import { buildStoreUnderAttack, type StoreUnderAttack } from '#test-support/hostile-input/store-fixture.ts';
import { multipart } from '#test-support/multipart.ts';
import { TEST_ENGINES } from '#test-support/test-database.ts';
import { mp4Sample, pdfSample, webmSample, zipSample } from '#test-support/well-formed-files.ts';

// Uploads: a damaged or cut-short file of every type the store accepts (see file-kinds.ts), images and the PDF,
// ZIP, MP4 and WebM files kept as uploaded, and multipart bodies broken in their framing, are refused with a 4xx,
// and nothing of them is kept: no new file in the public or private storage folder, no new uploads row.
// HOSTILE_SEED / HOSTILE_RUNS as in src/server/http/hostile-routes.test.ts.

const seed = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
const numRuns = Number(process.env.HOSTILE_RUNS ?? 12);

/** A small image with noise, so that its compressed data is long and a cut lands inside it. */
async function imageOf(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff'): Promise<Buffer> {
  const noise = Buffer.from(Array.from({ length: 48 * 40 * 3 }, (_, i) => (i * 7919) % 251));
  return sharp(noise, { raw: { width: 48, height: 40, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** The well-formed files of the types kept as uploaded (test-support/well-formed-files.ts). */
const KEPT_AS_UPLOADED = { pdf: pdfSample(), zip: zipSample(), mp4: mp4Sample(), webm: webmSample() };

/**
 * A PNG cut inside its last chunk (IEND, 12 bytes), or a GIF without its one-byte trailer, still decodes whole (and
 * is accepted, re-encoded when public), so cuts there are left out of the truncation property. So is the line feed
 * after a PDF's closing %%EOF: a PDF may end right after %%EOF, so without it the file is still whole.
 */
const TRAILER_BYTES: Partial<Record<string, number>> = { png: 12, gif: 1, pdf: 1 };

const TYPES_OF_KIND = {
  preview: ['png', 'jpeg', 'webp', 'gif'],
  media: ['png', 'jpeg', 'webp', 'gif', 'mp4', 'webm'],
  private: ['png', 'jpeg', 'webp', 'gif', 'tiff', 'pdf', 'zip'],
} as const;

describe.each(TEST_ENGINES)('malformed uploads on %s', (engine) => {
  let store: StoreUnderAttack;
  const samples = new Map<string, Buffer>();

  beforeAll(async () => {
    store = await buildStoreUnderAttack(engine);
    for (const format of ['png', 'jpeg', 'webp', 'gif', 'tiff'] as const) samples.set(format, await imageOf(format));
    for (const [format, file] of Object.entries(KEPT_AS_UPLOADED)) samples.set(format, file);
  }, 60_000);
  afterAll(() => store?.close());

  const send = (kind: string, payload: Buffer, contentType: string) =>
    store.app.inject({
      method: 'POST',
      url: `/api/uploads?kind=${kind}`,
      payload,
      headers: { 'content-type': contentType, cookie: store.cookieOf('owner') },
    });

  /** Sends, then checks the answer is a 4xx and that neither the storage folders nor the uploads table grew. */
  async function expectRefusedAndNothingKept(kind: string, payload: Buffer, contentType: string, what: string) {
    await store.keepSignedIn();
    const files = store.storedFiles().sort();
    const rows = await store.db.selectFrom('uploads').select('key').execute();
    const answer = await send(kind, payload, contentType);
    expect(
      answer.statusCode,
      `${what} (${kind}) answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`,
    ).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode, `${what} (${kind}): ${answer.body.slice(0, 300)}`).toBeLessThan(500);
    expect(store.storedFiles().sort(), `${what} (${kind}) left a file behind`).toEqual(files);
    expect(
      await store.db.selectFrom('uploads').select('key').execute(),
      `${what} (${kind}) left an uploads row`,
    ).toEqual(rows);
  }

  // The checks must not refuse good files: each sample (and the variants other tools write) is stored as it was sent.
  it.each([
    ['private', 'PDF', 'good.pdf', pdfSample(), 'application/pdf'],
    ['private', 'ZIP', 'good.zip', zipSample(), 'application/zip'],
    [
      'private',
      'ZIP64 archive with a comment',
      'good.zip',
      zipSample({ zip64: true, comment: 'all sizes' }),
      'application/zip',
    ],
    ['media', 'MP4, index first', 'good.mp4', mp4Sample(), 'video/mp4'],
    ['media', 'MP4, media data first', 'good.mp4', mp4Sample({ mdatFirst: true }), 'video/mp4'],
    ['media', 'WebM', 'good.webm', webmSample(), 'video/webm'],
    ['media', 'WebM with unknown sizes (MediaRecorder)', 'good.webm', webmSample({ unknownSizes: true }), 'video/webm'],
  ] as const)('(%s) a well-formed %s is accepted and kept as it was sent', async (kind, _, name, file, contentType) => {
    await store.keepSignedIn();
    const body = multipart([{ name, content: file }]);
    const answer = await send(kind, body.payload, body.headers['content-type']);
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(201);
    const [uploaded] = answer.json().files;
    expect(uploaded).toMatchObject({ contentType, size: file.length });
    const root = path.join(store.dataDir, kind === 'private' ? 'private' : 'files');
    expect(fs.readFileSync(path.join(root, uploaded.path)).equals(file)).toBe(true);
  });

  for (const kind of UPLOAD_KINDS) {
    it.each(TYPES_OF_KIND[kind])(`a truncated %s (${kind}) is refused and nothing of it is kept`, async (format) => {
      const file = samples.get(format)!;
      await fc.assert(
        // From the first bytes that name the type (so it is not refused as "not an accepted file" alone) to one byte short.
        fc.asyncProperty(
          fc.integer({ min: 16, max: file.length - 1 - (TRAILER_BYTES[format] ?? 0) }),
          async (length) => {
            const body = multipart([{ name: `cut.${format}`, content: file.subarray(0, length) }]);
            await expectRefusedAndNothingKept(
              kind,
              body.payload,
              body.headers['content-type'],
              `${format} cut to ${length} of ${file.length} bytes`,
            );
          },
        ),
        { numRuns, seed, endOnFailure: false },
      );
    });

    it.each(TYPES_OF_KIND[kind].filter((format) => format !== 'tiff'))(
      `a %s header over garbage (${kind}) is refused and nothing of it is kept`,
      async (format) => {
        const file = samples.get(format)!;
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 8, max: 64 }),
            fc.uint8Array({ minLength: 0, maxLength: 2000 }),
            async (keep, garbage) => {
              const body = multipart([
                { name: `junk.${format}`, content: Buffer.concat([file.subarray(0, keep), Buffer.from(garbage)]) },
              ]);
              await expectRefusedAndNothingKept(
                kind,
                body.payload,
                body.headers['content-type'],
                `${format} header of ${keep} bytes over ${garbage.length} bytes of garbage`,
              );
            },
          ),
          { numRuns, seed, endOnFailure: false },
        );
      },
    );
  }

  it('a good file sent with a damaged one is refused as a whole: neither is kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('png', 'jpeg', 'webp', 'gif'),
        fc.constantFrom('png', 'jpeg', 'webp', 'gif'),
        fc.boolean(),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        async (good, bad, badFirst, cut) => {
          const damaged = samples.get(bad)!.subarray(0, Math.floor(samples.get(bad)!.length * cut));
          const parts = [
            { name: `good.${good}`, content: samples.get(good)! },
            { name: `bad.${bad}`, content: damaged },
          ];
          const body = multipart(badFirst ? parts.reverse() : parts);
          await expectRefusedAndNothingKept(
            'media',
            body.payload,
            body.headers['content-type'],
            `a good ${good} with a damaged ${bad}`,
          );
        },
      ),
      { numRuns, seed, endOnFailure: false },
    );
  });

  it('a multipart body broken in its framing is refused and nothing of it is kept', async () => {
    const good = multipart([{ name: 'good.png', content: samples.get('png')! }]);
    const boundary = good.headers['content-type'].split('boundary=')[1]!;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...UPLOAD_KINDS),
        fc.oneof(
          // Cut anywhere, so the closing boundary (and maybe the file's end) never comes.
          fc.integer({ min: 0, max: good.payload.length - 10 }).map((n) => ({
            payload: good.payload.subarray(0, n),
            type: good.headers['content-type'],
            what: `body cut at ${n}`,
          })),
          fc.constantFrom(
            { payload: good.payload, type: 'multipart/form-data', what: 'no boundary' },
            { payload: good.payload, type: 'multipart/form-data; boundary=other', what: 'another boundary' },
            { payload: good.payload, type: 'multipart/form-data; boundary=', what: 'an empty boundary' },
            {
              payload: good.payload,
              type: `multipart/form-data; boundary=${'b'.repeat(300)}`,
              what: 'an overlong boundary',
            },
            {
              payload: Buffer.from(`--${boundary}--\r\n`),
              type: good.headers['content-type'],
              what: 'no parts at all',
            },
            {
              payload: Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="files"\r\n\r\nnot a file\r\n--${boundary}--\r\n`,
              ),
              type: good.headers['content-type'],
              what: 'a field, no file',
            },
            {
              payload: Buffer.from(`--${boundary}\r\n\r\n\r\n--${boundary}--\r\n`),
              type: good.headers['content-type'],
              what: 'a part without headers',
            },
            {
              payload: Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="x.png"\r\n\r\n--${boundary}--\r\n`,
              ),
              type: good.headers['content-type'],
              what: 'an empty file',
            },
            { payload: good.payload, type: 'application/json', what: 'multipart sent as JSON' },
            { payload: good.payload, type: 'text/plain', what: 'multipart sent as text' },
          ),
        ),
        async (kind, { payload, type, what }) => {
          await expectRefusedAndNothingKept(kind, payload, type, what);
        },
      ),
      { numRuns: numRuns * 2, seed, endOnFailure: false },
    );
  });
});
