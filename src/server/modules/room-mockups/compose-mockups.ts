// TEMPORARY STAND-IN: the composition library proper comes from the `mockup-compose` branch, which replaces this
// file at merge. It keeps that branch's contract (MOCKUP_WIDTHS, ComposedMockup, composeMockups) so that the jobs,
// the media list and the pages can be built and tested now: each scene is a flat wall of its own grey with the
// artwork hung in the middle, drawn in a short-lived child process at background priority.
import os from 'node:os';
import path from 'node:path';
import { spawnSharpChild } from '../../operations/sharp-child';
import type { MockupScene } from './scenes';

export const MOCKUP_WIDTHS = [800, 1600] as const;

export interface ComposedMockup {
  scene: MockupScene;
  width: number;
  height: number;
  /** The WebP file written. */
  file: string;
}

const WALLS: Record<MockupScene, string> = { 'living-room': '#cfc8bd', bedroom: '#c4cbd2', office: '#c9c9c4' };

const PROGRAM = `
const sharp = require(process.env.SHARP_PATH);
process.on('message', async (job) => {
  try {
    sharp.concurrency(1);
    const out = [];
    for (const { scene, wall } of job.scenes) {
      for (const width of job.widths) {
        const height = Math.round((width * 2) / 3);
        const art = await sharp(job.artwork, { limitInputPixels: 40e6 })
          .autoOrient()
          .resize(Math.round(width * 0.36), Math.round(height * 0.6), { fit: 'inside' })
          .toBuffer();
        const file = job.folder + '/' + scene + '-' + width + '.webp';
        await sharp({ create: { width, height, channels: 3, background: wall } })
          .composite([{ input: art, gravity: 'centre' }])
          .webp({ quality: 80 })
          .toFile(file);
        out.push({ scene, width, height, file });
      }
    }
    process.send({ kind: 'done', out });
  } catch (error) {
    process.send({ kind: 'failed', error: String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

export async function composeMockups(input: {
  artwork: string;
  scenes: readonly MockupScene[];
  folder: string;
}): Promise<ComposedMockup[]> {
  return new Promise((resolve, reject) => {
    const child = spawnSharpChild(PROGRAM);
    child.on('message', (reply: { kind?: string; out?: ComposedMockup[]; error?: string } | undefined) => {
      if (reply?.kind === 'done') resolve(reply.out!);
      else if (reply?.kind === 'failed') reject(new Error(`composing the room mockups failed: ${reply.error}`));
      else return;
      child.disconnect();
    });
    if (child.pid !== undefined) os.setPriority(child.pid, 19);
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`the mockup maker ended (${signal ?? code})`)));
    child.send({
      artwork: path.resolve(input.artwork),
      folder: path.resolve(input.folder),
      widths: MOCKUP_WIDTHS,
      scenes: input.scenes.map((scene) => ({ scene, wall: WALLS[scene] })),
    });
  });
}
