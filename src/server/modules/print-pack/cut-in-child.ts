import fs from 'node:fs/promises';
import os from 'node:os';
import type { CutMessage, CutOutput, CutReply, DecodeMessage } from '../../operations/children/cut-ratios-child';
import { spawnChild } from '../../operations/spawn-child';
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
// preview. So the store's own process never decodes a picture larger than the preview. The child's program:
// operations/children/cut-ratios-child.ts.

/**
 * The lowest nice value: the scheduler gives the child what the store's requests leave over. At 10 a CPU-bound
 * child still got about a tenth of a core its visitors wanted (Linux weighs nice 10 at 110 against 1024, 19 at 15):
 * under bench:print-pack's page load the store's event loop waited up to 392 ms while packs were made, against
 * 46–104 ms at 19. A pack then takes longer only while the machine is busy (docs/benchmarks.md).
 */
const BACKGROUND_PRIORITY = 19;

export type { CutOutput };

/** The master to decode and how (what the child's first message carries but its scratch folder). */
export type CutJob = Omit<DecodeMessage, 'kind' | 'scratch'> & {
  /** The outputs, chosen once the master is decoded (and its preview written). */
  outputs: () => Promise<CutOutput[]> | CutOutput[];
};

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
      const child = spawnChild('cut-ratios-child');
      const fail = (error: unknown) => {
        reject(error instanceof Error ? error : new Error(String(error)));
        if (child.connected) child.disconnect();
      };
      child.on('message', (reply: CutReply | undefined) => {
        // Only replies have a kind (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
        if (reply?.kind === 'output') return progress.onOutput?.(reply.file);
        if (reply?.kind === 'decoded') {
          Promise.resolve()
            .then(outputs)
            .then((chosen) => child.send({ kind: 'cut', outputs: chosen } satisfies CutMessage))
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
      child.send({ kind: 'decode', ...decode, scratch } satisfies CutMessage);
    });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
