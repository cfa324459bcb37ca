import type {
  DemoDrawing,
  DemoFileDrawing,
  RenderMessage,
  RenderReply,
  SharpCalls,
} from '../operations/children/render-demo-child';
import { spawnChild } from '../operations/spawn-child';

// Demo pictures (the catalogue on the first start, a print master on its first download) are drawn in a child
// process, which ends as soon as nothing is left to draw. Drawn in the store's own process, they left glibc's malloc
// arenas holding the freed memory for good: ~400 MB after the first start, ~175 MB more after a master's download.
// The child's program (operations/children/render-demo-child.ts) loads nothing but sharp.

export type { DemoDrawing, DemoFileDrawing, SharpCalls };

type Draw = (drawing: DemoDrawing | DemoFileDrawing) => Promise<Buffer[]>;

let current: Draw | undefined;

/** The drawing's outputs, in order, drawn in the child process (started for it when none is running). */
export function drawDemo(drawing: DemoDrawing): Promise<Buffer[]> {
  current ??= startRenderer();
  return current(drawing);
}

/** Draws the picture into its file, in the child process; one drawing at a time there, with those of drawDemo. */
export async function drawDemoFile(drawing: DemoFileDrawing): Promise<void> {
  current ??= startRenderer();
  await current(drawing);
}

function startRenderer(): Draw {
  // glibc gives each thread that allocates an arena of its own, and keeps what is freed in it: with one arena (as
  // spawnChild sets) the child's memory stays near what it draws at the moment (~210 MB at its peak on the first
  // start, not ~550). Structured clone: the pictures cross as bytes, not as JSON arrays of numbers.
  const child = spawnChild('render-demo-child', { execArgv: ['--expose-gc'], serialization: 'advanced' });
  const waiting = new Map<number, { resolve: (buffers: Buffer[]) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  const draw: Draw = (drawing) =>
    new Promise((resolve, reject) => {
      waiting.set(++lastId, { resolve, reject });
      child.send({ id: lastId, ...drawing } satisfies RenderMessage);
    });
  // Drawings asked for from now on start another child.
  const retire = () => {
    if (current === draw) current = undefined;
  };

  child.on('message', (reply: RenderReply) => {
    const call = waiting.get(reply.id);
    // Only replies carry an id (tsx's loader, when NODE_OPTIONS brings it, talks on the channel too).
    if (!call) return;
    waiting.delete(reply.id);
    if ('buffers' in reply) call.resolve(reply.buffers);
    else call.reject(new Error(`drawing a demo picture failed: ${reply.error}`));
    if (waiting.size === 0) {
      retire();
      child.disconnect();
    }
  });
  const fail = (error: Error) => {
    retire();
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  child.on('error', fail);
  child.on('exit', (code, signal) => fail(new Error(`the demo renderer ended (${signal ?? code})`)));
  return draw;
}
