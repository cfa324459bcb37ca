import fs from 'node:fs/promises';
import os from 'node:os';
import type { PixelCrop } from '#shared/prints/ratio-crop.ts';
import { spawnSharpChild } from '../../operations/sharp-child';
import { makeScratch } from '../../operations/scratch-folders';

// A pack's files are made in a child process that ends when they are written, as the demo pictures are drawn
// (demo-renderer.ts): sharp's threads leave glibc's malloc arenas holding what a 78 MP master took, for the life of
// the process, and the store must not keep that. The master is decoded once, upright, flattened onto white and
// turned into 8-bit sRGB through its own ICC profile (CMYK and 16-bit masters included), into a vips-format file
// that keeps the sRGB profile and the density; every output is then cut from that file, which vips reads by
// random access without decoding again, and keeps the profile as it is, where a raw bitmap would need one colour
// transform per output to carry a profile. Decision 0031 has the measurements.
//
// Two messages from the store: 'decode' (the master into the vips file, and, when asked, a small preview for the
// starting crops to be found on), answered 'decoded'; then 'cut' with the outputs, whose crops may depend on that
// preview. So the store's own process never decodes a picture larger than the preview.
const PROGRAM = `
const fs = require('node:fs');
const { pipeline } = require('node:stream/promises');
// sharp's cache stays on: through it every cut shares one opening of the decoded file. Without it each cut maps the
// file anew, and two cuts at once count it twice in the RSS (489 MB for a 78 MP master, 365 MB with the cache).
const sharp = require(process.env.SHARP_PATH);
// libvips writes a JPEG's density into EXIF only, and the files carry no EXIF: a JFIF segment, right after the
// start-of-image marker, says it instead. The encoded file is copied behind it, a piece at a time.
async function writeWithJfif(encoded, file, dpi) {
  const start = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 1, dpi >> 8, dpi & 255, dpi >> 8, dpi & 255, 0, 0]);
  const out = fs.createWriteStream(file);
  out.write(start);
  await pipeline(fs.createReadStream(encoded, { start: 2 }), out);
  fs.rmSync(encoded);
}
let job;
const cut = async (outputs) => {
  // Each encoder runs on one thread: outputs side by side, one a thread, use the cores.
  sharp.concurrency(1);
  const waiting = outputs.map((output, index) => ({ ...output, encoded: job.scratch + '/' + index + '.jpg' }));
  const cutOne = async () => {
    for (let output = waiting.shift(); output; output = waiting.shift()) {
      let image = sharp(job.scratch + '/master.v').extract(output.crop);
      if (output.fitInside) image = image.resize({ ...output.fitInside, fit: 'inside', withoutEnlargement: true });
      image = image.keepIccProfile()[output.format](output.options);
      if (output.format !== 'jpeg') await image.toFile(output.file);
      else {
        await image.toFile(output.encoded);
        await writeWithJfif(output.encoded, output.file, job.density);
      }
      process.send({ kind: 'output', file: output.file });
    }
  };
  await Promise.all(Array.from({ length: job.threads }, cutOne));
  process.send({ kind: 'done', peakRssBytes: process.resourceUsage().maxRSS * 1024 });
};
const decode = async () => {
  sharp.concurrency(job.threads);
  await sharp(job.master, { limitInputPixels: job.limitInputPixels, failOn: 'error' })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .withDensity(job.density)
    .toFile(job.scratch + '/master.v');
  if (job.preview) {
    const { file, size } = job.preview;
    await sharp(job.scratch + '/master.v').resize(size, size, { fit: 'inside' }).png().toFile(file);
  }
  process.send({ kind: 'decoded' });
};
process.on('message', async (message) => {
  try {
    if (message?.kind === 'decode') {
      job = message;
      await decode();
    } else if (message?.kind === 'cut') await cut(message.outputs);
  } catch (error) {
    process.send({ kind: 'failed', error: String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

/**
 * The lowest nice value: the scheduler gives the child what the store's requests leave over. At 10 a CPU-bound
 * child still got about a tenth of a core its visitors wanted (Linux weighs nice 10 at 110 against 1024, 19 at 15):
 * under bench:print-pack's page load the store's event loop waited up to 392 ms while packs were made, against
 * 46–104 ms at 19. A pack then takes longer only while the machine is busy (docs/benchmarks.md).
 */
const BACKGROUND_PRIORITY = 19;

export interface CutOutput {
  file: string;
  crop: PixelCrop;
  format: 'jpeg' | 'png';
  /** sharp's options for the format. */
  options: Record<string, unknown>;
  /** Shrunk to fit inside this size (never enlarged): the public Pinterest image, not a print file. */
  fitInside?: { width: number; height: number };
}

export interface CutJob {
  master: string;
  limitInputPixels: number;
  density: number;
  /** How many outputs are encoded at once; also the threads the decode uses. */
  threads: number;
  /** A preview of the decoded master to write (PNG, upright sRGB, its long side `size` px) before the outputs are chosen. */
  preview?: { file: string; size: number };
  /** The outputs, chosen once the master is decoded (and its preview written). */
  outputs: () => Promise<CutOutput[]> | CutOutput[];
}

type Reply =
  | { kind: 'decoded' }
  | { kind: 'done'; peakRssBytes: number }
  | { kind: 'failed'; error: string }
  | { kind: 'output'; file: string };

export interface CutProgress {
  /** Called as each output is written whole, with its path (while the others are still being made). */
  onOutput?: (file: string) => void;
}

/** Writes the job's outputs from one decode of its master, in a child process; the child's peak RSS comes back. */
export async function cutInChild(job: CutJob, progress: CutProgress = {}): Promise<{ peakRssBytes: number }> {
  // The decoded master and each JPEG before its JFIF segment: gone when the job ends, however it ends.
  const scratch = await makeScratch('print-pack');
  const { outputs, ...decode } = job;
  try {
    return await new Promise((resolve, reject) => {
      const child = spawnSharpChild(PROGRAM);
      const fail = (error: unknown) => {
        reject(error instanceof Error ? error : new Error(String(error)));
        if (child.connected) child.disconnect();
      };
      child.on('message', (reply: Reply | undefined) => {
        // Only replies have a kind (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
        if (reply?.kind === 'output') return progress.onOutput?.(reply.file);
        if (reply?.kind === 'decoded') {
          Promise.resolve()
            .then(outputs)
            .then((chosen) => child.send({ kind: 'cut', outputs: chosen }))
            .catch(fail);
          return;
        }
        if (reply?.kind === 'done') resolve({ peakRssBytes: reply.peakRssBytes });
        else if (reply?.kind === 'failed') reject(new Error(`making the print files failed: ${reply.error}`));
        else return;
        child.disconnect();
      });
      // Visitors first: the cutting is background work, and on a two-core machine a child at normal priority takes
      // a whole core from the requests for seconds at a time.
      if (child.pid !== undefined) os.setPriority(child.pid, BACKGROUND_PRIORITY);
      child.on('error', reject);
      child.on('exit', (code, signal) => reject(new Error(`the print file maker ended (${signal ?? code})`)));
      child.send({ kind: 'decode', ...decode, scratch });
    });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
