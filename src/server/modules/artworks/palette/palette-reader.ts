import os from 'node:os';
import type { PaletteColor } from '#shared/catalogue/browse-facets.ts';
import type { PaletteReply, PaletteRequest } from '../../../operations/children/read-palette-child';
import { spawnChild } from '../../../operations/spawn-child';

// The backfill reads its palettes in a child process, as mockups, packs and the demo's pictures are made: decoding
// pictures with sharp in the store's own process left glibc's malloc arenas holding what they took, for the life
// of the process (60 demo pictures: the store ~115 MB larger for good, 210 → 327 MB after the demo's first start).
// One child for a whole run, started at its first picture and ended with the run, so a run with nothing to read
// starts none. The child's program: operations/children/read-palette-child.ts.

/** The lowest nice value, as the mockups' and the print pack's children: requests come first. */
const BACKGROUND_PRIORITY = 19;

export interface PaletteReader {
  /** The palette of the picture's bytes; rejects when the picture cannot be decoded. */
  read: (picture: Buffer) => Promise<PaletteColor[]>;
  /** Ends the child; reads after this start another. */
  close: () => void;
}

export function openPaletteReader(): PaletteReader {
  let child: ReturnType<typeof spawnChild> | undefined;
  const waiting = new Map<number, { resolve: (palette: PaletteColor[]) => void; reject: (error: Error) => void }>();
  let lastId = 0;

  const start = () => {
    // Structured clone: the picture crosses as bytes, not as a JSON array of numbers.
    const started = spawnChild('read-palette-child', { serialization: 'advanced' });
    if (started.pid !== undefined) os.setPriority(started.pid, BACKGROUND_PRIORITY);
    started.on('message', (reply: PaletteReply | undefined) => {
      // Only replies carry an id (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
      const call = reply && waiting.get(reply.id);
      if (!reply || !call) return;
      waiting.delete(reply.id);
      if ('palette' in reply) call.resolve(reply.palette);
      else call.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (child === started) child = undefined;
      for (const call of waiting.values()) call.reject(error);
      waiting.clear();
    };
    started.on('error', fail);
    started.on('exit', (code, signal) => fail(new Error(`the palette reader ended (${signal ?? code})`)));
    return started;
  };

  return {
    read: (picture) =>
      new Promise((resolve, reject) => {
        child ??= start();
        const id = ++lastId;
        waiting.set(id, { resolve, reject });
        child.send({ id, picture } satisfies PaletteRequest);
      }),
    close: () => {
      if (child?.connected) child.disconnect();
      child = undefined;
    },
  };
}
