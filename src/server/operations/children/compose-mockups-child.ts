// Room mockups composed in a child process; the parent is room-mockups/compose-in-child.ts, which says why in a
// child. This file imports nothing but sharp, so the child stays small.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions, type Region } from 'sharp';

/**
 * One scene to compose: its layers (SVG documents; the artwork goes between framing and front), where the artwork
 * goes, and the WebP files to write.
 */
export interface SceneJob {
  wall: string;
  framing: string;
  front: string;
  window: Region;
  outputs: { width: number; height: number; file: string }[];
}

/**
 * A gallery wall (a set's cover): several pictures, each laid in its window between one framing layer and the
 * front, written as WebP files.
 */
export interface WallJob {
  wall: string;
  framing: string;
  front: string;
  pieces: { file: string; window: Region }[];
  outputs: { width: number; height: number; file: string }[];
}

export type ComposeMessage =
  | { kind: 'measure'; artwork: string }
  | { kind: 'compose-wall'; job: WallJob; layerCache: string }
  | {
      kind: 'compose';
      scenes: SceneJob[];
      /** Where drawn walls and fronts are kept between artworks (see `drawnOnce`). */
      layerCache: string;
    };

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

/**
 * A layer that is the same for every artwork (a room's wall, its furniture), drawn once and kept as a PNG named after
 * its SVG and the drawing libraries' versions: drawing the three rooms' walls and fronts from SVG took about 1.8 s
 * of the 3 s an artwork's mockups took; reading them back takes milliseconds. The file is written under another
 * name and renamed, so a composer beside this one never reads half of it. A code change that redraws a room names
 * new files; the old ones (a few MB in all) stay until the temporary folder is cleared.
 */
async function drawnOnce(svg: string, cache: string): Promise<Buffer> {
  const name = createHash('sha256').update(JSON.stringify(sharp.versions)).update(svg).digest('hex').slice(0, 32);
  const file = path.join(cache, `${name}.png`);
  const kept = await fs.readFile(file).catch(() => undefined);
  if (kept) return kept;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  const partial = `${file}.${process.pid}.partial`;
  try {
    await fs.mkdir(cache, { recursive: true });
    await fs.writeFile(partial, png);
    await fs.rename(partial, file);
  } catch {
    // Keeping it only saves time: a full disk or a cleared folder is no reason to fail the mockups.
    await fs.rm(partial, { force: true });
  }
  return png;
}

async function compose(scenes: SceneJob[], layerCache: string) {
  for (const { wall, framing, front, window, outputs } of scenes) {
    const art = await sharp(artwork, { failOn: 'error' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(window.width, window.height, { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: art.info.width, height: art.info.height, channels: art.info.channels };
    const scene = await sharp(await drawnOnce(wall, layerCache))
      .composite([
        { input: Buffer.from(framing), left: 0, top: 0 },
        { input: art.data, raw, left: window.left, top: window.top },
        { input: await drawnOnce(front, layerCache), left: 0, top: 0 },
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

/** The pieces one after another into the scene: one piece's bitmap (at most its window's size) held at a time. */
async function composeWall(job: WallJob, layerCache: string) {
  const layers: OverlayOptions[] = [{ input: Buffer.from(job.framing), left: 0, top: 0 }];
  for (const piece of job.pieces) {
    const art = await sharp(piece.file, { failOn: 'error' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize(piece.window.width, piece.window.height, { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: art.info.width, height: art.info.height, channels: art.info.channels };
    layers.push({ input: art.data, raw, left: piece.window.left, top: piece.window.top });
  }
  layers.push({ input: await drawnOnce(job.front, layerCache), left: 0, top: 0 });
  const scene = await sharp(await drawnOnce(job.wall, layerCache))
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const drawn = { width: scene.info.width, height: scene.info.height, channels: scene.info.channels };
  for (const output of job.outputs) {
    await sharp(scene.data, { raw: drawn })
      .resize(output.width, output.height, { fit: 'fill' })
      .webp({ quality: 82 })
      .toFile(output.file);
    reply({ kind: 'written', file: output.file });
  }
  const usage = process.resourceUsage();
  reply({ kind: 'done', peakRssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 });
}

async function answer(message: ComposeMessage | undefined) {
  try {
    if (message?.kind === 'measure') {
      artwork = message.artwork;
      await measure();
    } else if (message?.kind === 'compose') await compose(message.scenes, message.layerCache);
    else if (message?.kind === 'compose-wall') await composeWall(message.job, message.layerCache);
  } catch (error) {
    reply({ kind: 'failed', error: String(error) });
  }
}

process.on('message', (message: ComposeMessage | undefined) => void answer(message));
process.on('disconnect', () => process.exit(0));
