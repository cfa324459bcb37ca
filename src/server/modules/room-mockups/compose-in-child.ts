import os from 'node:os';
import { spawnSharpChild } from '../../operations/sharp-child';
import type { Rect } from './hang-art';

// The mockups are composed in a child process that ends when they are written, as a print pack is cut
// (print-pack/cut-in-child.ts) and the demo pictures are drawn: sharp's threads leave glibc's malloc arenas holding
// what they took, for the life of the process, and the store must not keep that. Two messages from the store:
// 'measure' (the artwork's upright size, read from its header), answered 'measured'; then 'compose' with each
// scene's two SVG layers, where the artwork is laid between them and the files to write, answered 'done'. The
// scenes are drawn one after another, so one scene's bitmap (1800 × 1200, 8.6 MB) is held at a time.
const PROGRAM = `
const sharp = require(process.env.SHARP_PATH);
// Nothing is read twice: the cache would only keep the bitmaps alive after their use.
sharp.cache(false);
let artwork;
const measure = async () => {
  const { width, height, orientation } = await sharp(artwork, { failOn: 'error' }).metadata();
  if (!width || !height) throw new Error('the artwork has no size');
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
  const turned = (orientation ?? 1) >= 5;
  process.send({ kind: 'measured', width: turned ? height : width, height: turned ? width : height });
};
const compose = async (scenes) => {
  for (const { back, front, window, outputs } of scenes) {
    const art = await sharp(artwork, { failOn: 'error' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(window.width, window.height, { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: art.info.width, height: art.info.height, channels: art.info.channels };
    const scene = await sharp(Buffer.from(back))
      .composite([
        { input: art.data, raw, left: window.left, top: window.top },
        { input: Buffer.from(front), left: 0, top: 0 },
      ])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const drawn = { width: scene.info.width, height: scene.info.height, channels: scene.info.channels };
    for (const output of outputs) {
      await sharp(scene.data, { raw: drawn })
        .resize(output.width, output.height, { fit: 'fill' })
        .webp({ quality: 82 })
        .toFile(output.file);
      process.send({ kind: 'written', file: output.file });
    }
  }
  const usage = process.resourceUsage();
  process.send({ kind: 'done', peakRssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 });
};
process.on('message', async (message) => {
  try {
    if (message?.kind === 'measure') {
      artwork = message.artwork;
      await measure();
    } else if (message?.kind === 'compose') await compose(message.scenes);
  } catch (error) {
    process.send({ kind: 'failed', error: String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

/** As the print pack's cutting: the scheduler gives the child only what the store's requests leave over. */
const BACKGROUND_PRIORITY = 19;

/** One scene to compose: its layers (SVG documents), where the artwork goes, and the WebP files to write. */
export interface SceneJob {
  back: string;
  front: string;
  window: Rect;
  outputs: { width: number; height: number; file: string }[];
}

/** What the child used: its peak RSS, and its processor time (which the machine's load does not stretch). */
export interface ChildUsage {
  peakRssBytes: number;
  cpuMs: number;
}

type Reply =
  | { kind: 'measured'; width: number; height: number }
  | { kind: 'written'; file: string }
  | { kind: 'done'; peakRssBytes: number; cpuMs: number }
  | { kind: 'failed'; error: string };

/**
 * Composes the scenes `plan` chooses once the artwork's upright size is known, in a child process at background
 * priority; what the child used comes back.
 */
export function composeInChild(
  artwork: string,
  plan: (size: { width: number; height: number }) => SceneJob[],
): Promise<ChildUsage> {
  return new Promise((resolve, reject) => {
    const child = spawnSharpChild(PROGRAM);
    const fail = (error: unknown) => {
      reject(error instanceof Error ? error : new Error(String(error)));
      if (child.connected) child.disconnect();
    };
    child.on('message', (reply: Reply | undefined) => {
      // Only replies have a kind (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
      if (reply?.kind === 'measured') {
        try {
          child.send({ kind: 'compose', scenes: plan(reply) });
        } catch (error) {
          fail(error);
        }
      } else if (reply?.kind === 'done') {
        resolve({ peakRssBytes: reply.peakRssBytes, cpuMs: reply.cpuMs });
        child.disconnect();
      } else if (reply?.kind === 'failed') fail(new Error(`composing the room mockups failed: ${reply.error}`));
    });
    if (child.pid !== undefined) os.setPriority(child.pid, BACKGROUND_PRIORITY);
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`the mockup composer ended (${signal ?? code})`)));
    child.send({ kind: 'measure', artwork });
  });
}
