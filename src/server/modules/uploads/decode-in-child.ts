import os from 'node:os';
import type { DecodeJob, DecodeReply } from '../../operations/children/decode-master-child';
import { spawnChild } from '../../operations/spawn-child';

// Every pixel of a master read once, in order, down to a thumbnail, with sharp's `failOn: 'error'`: one cut short or
// damaged throws. In a child process, as the print pack's cutting is: a 78 MP master decoded in the store's own
// process left it about 110 MB larger for good (glibc's arenas), which the store's budget while packs are made
// (its tree at most 768 MB) cannot spare. The child's program: operations/children/decode-master-child.ts.

export interface DecodeOptions {
  /** Also write the public preview drawn from the decode (see DecodeJob). */
  preview?: DecodeJob['preview'];
  /**
   * Work nobody waits for (a bulk upload's drafts): the child runs at the lowest priority, as the print pack's
   * cutting does, so visitors' pages come first. The owner's own upload, which they watch, runs at the store's.
   */
  background?: boolean;
}

/** The lowest nice value (print-pack/cut-in-child.ts says why). */
const BACKGROUND_PRIORITY = 19;

/** Resolves when the image at `file` decodes whole; rejects with sharp's reason otherwise. */
export function decodeWholeInChild(file: string, limitInputPixels: number, options: DecodeOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnChild('decode-master-child');
    if (options.background && child.pid !== undefined) os.setPriority(child.pid, BACKGROUND_PRIORITY);
    child.on('message', (reply: DecodeReply | undefined) => {
      // Only replies have a kind (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
      if (reply?.kind === 'whole') resolve();
      else if (reply?.kind === 'damaged') reject(new Error(reply.error));
      else return;
      child.disconnect();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`the decode check ended (${signal ?? code})`)));
    const job: DecodeJob = { file, limitInputPixels, ...(options.preview ? { preview: options.preview } : {}) };
    child.send(job);
  });
}
