import type { ShrinkReply, ShrinkRequest } from '../../../operations/children/read-palette-child';
import type { Pixels, ShrinkOptions } from '../../../operations/children/shrink-to-pixels';
import { spawnChild } from '../../../operations/spawn-child';
import type { ShrinkPicture } from './extract-palette';

// The backfill's pictures are decoded in a child process, as mockups, packs and the demo's pictures are made:
// decoding them with sharp in the store's own process left glibc's malloc arenas holding what they took, for the
// life of the process (the demo's 60 pictures: the store ~115 MB larger for good, 210 → 327 MB after its first
// start). The child only shrinks each picture to the 100 px the palette is read from; the maths stay here. One
// child for a whole run, started at its first picture and ended with the run, so a run with nothing to read starts
// none. It keeps the store's priority (a picture takes some 20 ms), so the demo's palettes are there seconds after
// the first start, as when they were read in the store. The child's program: operations/children/read-palette-child.ts.

export interface PaletteReader {
  /** Shrinks the picture in the child; rejects when it cannot be decoded. */
  shrink: ShrinkPicture;
  /** Ends the child; a shrink after this starts another. */
  close: () => void;
}

type Waiting = Map<number, { resolve: (pixels: Pixels) => void; reject: (error: Error) => void }>;

export function openPaletteReader(): PaletteReader {
  // Each child has the reads it owes: a closed child's exit fails its own reads, never those of the next child.
  let current: { child: ReturnType<typeof spawnChild>; waiting: Waiting } | undefined;
  let lastId = 0;

  const start = () => {
    // Structured clone: the picture and its pixels cross as bytes, not as JSON arrays of numbers.
    const child = spawnChild('read-palette-child', { serialization: 'advanced' });
    const started = { child, waiting: new Map() as Waiting };
    child.on('message', (reply: ShrinkReply | undefined) => {
      // Only replies carry an id (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
      const call = reply && started.waiting.get(reply.id);
      if (!reply || !call) return;
      started.waiting.delete(reply.id);
      if ('pixels' in reply) call.resolve(reply.pixels);
      else call.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (current === started) current = undefined;
      for (const call of started.waiting.values()) call.reject(error);
      started.waiting.clear();
    };
    child.on('error', fail);
    child.on('exit', (code, signal) => fail(new Error(`the palette reader ended (${signal ?? code})`)));
    return started;
  };

  const shrink = (picture: Buffer | string, options: ShrinkOptions) =>
    new Promise<Pixels>((resolve, reject) => {
      if (typeof picture === 'string') return reject(new Error('the palette reader takes a picture’s bytes'));
      current ??= start();
      const id = ++lastId;
      current.waiting.set(id, { resolve, reject });
      current.child.send({ id, picture, options } satisfies ShrinkRequest);
    });

  return {
    shrink,
    close: () => {
      if (current?.child.connected) current.child.disconnect();
      current = undefined;
    },
  };
}
