import os from 'node:os';
import path from 'node:path';
import type { ComposeMessage, ComposeReply, SceneJob } from '../../operations/children/compose-mockups-child';
import { spawnChild } from '../../operations/spawn-child';

// The mockups are composed in a child process that ends when they are written, as a print pack is cut
// (print-pack/cut-in-child.ts) and the demo pictures are drawn: sharp's threads leave glibc's malloc arenas holding
// what they took, for the life of the process, and the store must not keep that. Two messages from the store:
// 'measure' (the artwork's upright size, read from its header), answered 'measured'; then 'compose' with each
// scene's SVG layers, where the artwork is laid between them and the files to write, answered 'done'. The
// scenes are drawn one after another, so one scene's bitmap (1800 × 1200, 8.6 MB) is held at a time. The child's
// program: operations/children/compose-mockups-child.ts.

/** Where the rooms' walls and fronts are kept once drawn (operations/children/compose-mockups-child.ts). */
export const LAYER_CACHE = path.join(os.tmpdir(), 'room-mockup-layers');

/** As the print pack's cutting: the scheduler gives the child only what the store's requests leave over. */
const BACKGROUND_PRIORITY = 19;

export type { SceneJob };

/** What the child used: its peak RSS, and its processor time (which the machine's load does not stretch). */
export interface ChildUsage {
  peakRssBytes: number;
  cpuMs: number;
}

/**
 * Composes the scenes `plan` chooses once the artwork's upright size is known, in a child process at background
 * priority; what the child used comes back.
 */
export function composeInChild(
  artwork: string,
  plan: (size: { width: number; height: number }) => SceneJob[],
  layerCache = LAYER_CACHE,
): Promise<ChildUsage> {
  return new Promise((resolve, reject) => {
    const child = spawnChild('compose-mockups-child');
    const fail = (error: unknown) => {
      reject(error instanceof Error ? error : new Error(String(error)));
      if (child.connected) child.disconnect();
    };
    child.on('message', (reply: ComposeReply | undefined) => {
      // Only replies have a kind (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
      if (reply?.kind === 'measured') {
        try {
          child.send({ kind: 'compose', scenes: plan(reply), layerCache } satisfies ComposeMessage);
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
    child.send({ kind: 'measure', artwork } satisfies ComposeMessage);
  });
}
