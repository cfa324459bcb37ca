// Room mockups composed in a child process; the parent is room-mockups/compose-in-child.ts, which says why in a
// child. This file imports nothing but sharp, so the child stays small.
import sharp, { type Region } from 'sharp';

/** One scene to compose: its layers (SVG documents), where the artwork goes, and the WebP files to write. */
export interface SceneJob {
  back: string;
  front: string;
  window: Region;
  outputs: { width: number; height: number; file: string }[];
}

export type ComposeMessage = { kind: 'measure'; artwork: string } | { kind: 'compose'; scenes: SceneJob[] };

export type ComposeReply =
  | { kind: 'measured'; width: number; height: number }
  | { kind: 'written'; file: string }
  | { kind: 'done'; peakRssBytes: number; cpuMs: number }
  | { kind: 'failed'; error: string };

const reply = (message: ComposeReply) => process.send?.(message);

// Nothing is read twice: the cache would only keep the bitmaps alive after their use.
sharp.cache(false);
let artwork: string;

async function measure() {
  const { width, height, orientation } = await sharp(artwork, { failOn: 'error' }).metadata();
  if (!width || !height) throw new Error('the artwork has no size');
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is its stored height.
  const turned = (orientation ?? 1) >= 5;
  reply({ kind: 'measured', width: turned ? height : width, height: turned ? width : height });
}

async function compose(scenes: SceneJob[]) {
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
      reply({ kind: 'written', file: output.file });
    }
  }
  const usage = process.resourceUsage();
  reply({ kind: 'done', peakRssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 });
}

async function answer(message: ComposeMessage | undefined) {
  try {
    if (message?.kind === 'measure') {
      artwork = message.artwork;
      await measure();
    } else if (message?.kind === 'compose') await compose(message.scenes);
  } catch (error) {
    reply({ kind: 'failed', error: String(error) });
  }
}

process.on('message', (message: ComposeMessage | undefined) => void answer(message));
process.on('disconnect', () => process.exit(0));
