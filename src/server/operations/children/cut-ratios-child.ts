// A print pack's files, cut from one decode of its master; the parent is print-pack/cut-in-child.ts, which says why
// in a child. This file imports nothing but sharp and node's own modules, so the child stays small.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import sharp, { type Region } from 'sharp';

export interface CutOutput {
  file: string;
  crop: Region;
  format: 'jpeg' | 'png';
  /** sharp's options for the format. */
  options: Record<string, unknown>;
  /** Shrunk to fit inside this size (never enlarged): the public Pinterest image, not a print file. */
  fitInside?: { width: number; height: number };
}

/** The first message: the master into the vips file in `scratch`, and, when asked, a small preview. */
export interface DecodeMessage {
  kind: 'decode';
  master: string;
  limitInputPixels: number;
  density: number;
  /** How many outputs are encoded at once; also the threads the decode uses. */
  threads: number;
  /** A preview of the decoded master to write (PNG, upright sRGB, its long side `size` px) before the outputs are chosen. */
  preview?: { file: string; size: number };
  scratch: string;
}

export type CutMessage = DecodeMessage | { kind: 'cut'; outputs: CutOutput[] };

export type CutReply =
  | { kind: 'decoded' }
  | { kind: 'done'; peakRssBytes: number }
  | { kind: 'failed'; error: string }
  | { kind: 'output'; file: string };

const reply = (message: CutReply) => process.send?.(message);

// sharp's cache stays on: through it every cut shares one opening of the decoded file. Without it each cut maps the
// file anew, and two cuts at once count it twice in the RSS (489 MB for a 78 MP master, 365 MB with the cache).

// libvips writes a JPEG's density into EXIF only, and the files carry no EXIF: a JFIF segment, right after the
// start-of-image marker, says it instead. The encoded file is copied behind it, a piece at a time.
async function writeWithJfif(encoded: string, file: string, dpi: number) {
  const density = [dpi >> 8, dpi & 255];
  const start = Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    0x4a,
    0x46,
    0x49,
    0x46,
    0,
    1,
    2,
    1,
    ...density,
    ...density,
    0,
    0,
  ]);
  const out = fs.createWriteStream(file);
  out.write(start);
  await pipeline(fs.createReadStream(encoded, { start: 2 }), out);
  fs.rmSync(encoded);
}

let job: DecodeMessage;

async function cut(outputs: CutOutput[]) {
  // Each encoder runs on one thread: outputs side by side, one a thread, use the cores.
  sharp.concurrency(1);
  const waiting = outputs.map((output, index) => ({ ...output, encoded: `${job.scratch}/${index}.jpg` }));
  const cutOne = async () => {
    for (let output = waiting.shift(); output; output = waiting.shift()) {
      let image = sharp(`${job.scratch}/master.v`).extract(output.crop);
      if (output.fitInside) image = image.resize({ ...output.fitInside, fit: 'inside', withoutEnlargement: true });
      image = image.keepIccProfile()[output.format](output.options);
      if (output.format !== 'jpeg') await image.toFile(output.file);
      else {
        await image.toFile(output.encoded);
        await writeWithJfif(output.encoded, output.file, job.density);
      }
      reply({ kind: 'output', file: output.file });
    }
  };
  await Promise.all(Array.from({ length: job.threads }, cutOne));
  reply({ kind: 'done', peakRssBytes: process.resourceUsage().maxRSS * 1024 });
}

async function decode() {
  sharp.concurrency(job.threads);
  await sharp(job.master, { limitInputPixels: job.limitInputPixels, failOn: 'error' })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .withDensity(job.density)
    .toFile(`${job.scratch}/master.v`);
  if (job.preview) {
    const { file, size } = job.preview;
    await sharp(`${job.scratch}/master.v`).resize(size, size, { fit: 'inside' }).png().toFile(file);
  }
  reply({ kind: 'decoded' });
}

async function answer(message: CutMessage | undefined) {
  try {
    if (message?.kind === 'decode') {
      job = message;
      await decode();
    } else if (message?.kind === 'cut') await cut(message.outputs);
  } catch (error) {
    reply({ kind: 'failed', error: String(error) });
  }
}

process.on('message', (message: CutMessage | undefined) => void answer(message));
process.on('disconnect', () => process.exit(0));
