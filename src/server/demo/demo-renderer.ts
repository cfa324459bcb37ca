import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Sharp } from 'sharp';

// Demo pictures (the catalogue on the first start, a print master on its first download) are drawn in a child
// process, which ends as soon as nothing is left to draw. Drawn in the store's own process, they left glibc's malloc
// arenas holding the freed memory for good: ~400 MB after the first start, ~175 MB more after a master's download.
// The child's program is JavaScript in a string, so that it runs alike from the sources (tsx), from a bundle and in
// the tests, and loads nothing but sharp (~65 MB; the store's own modules would take ~140 MB).
const PROGRAM = `
const sharp = require(process.env.SHARP_PATH);
let drawing = Promise.resolve();
process.on('message', ({ id, svg, density, outputs }) => {
  // One SVG drawing at a time, the step that takes memory (a blurred abstract: ~100 MB at 1600 px wide, ~250 MB at
  // 2400 px); the outputs of the picture drawn before are made beside it.
  const drawn = drawing.then(() => sharp(Buffer.from(svg), { density }).raw().toBuffer({ resolveWithObject: true }));
  drawing = drawn.catch(() => {});
  drawn
    .then(({ data, info }) => {
      const raw = { width: info.width, height: info.height, channels: info.channels };
      const make = (calls) => calls.reduce((image, [method, ...args]) => image[method](...args), sharp(data, { raw }));
      return Promise.all(outputs.map((calls) => make(calls).toBuffer()));
    })
    .then((buffers) => process.send({ id, buffers }), (error) => process.send({ id, error: String(error) }))
    // Only a garbage collection frees a bitmap (13 MB at 1600 px), and this small heap would wait for several.
    .finally(() => global.gc());
});
process.on('disconnect', () => process.exit(0));
`;

/** One output of a drawing: the sharp calls made on its bitmap, as [['resize', 400, 500], ['webp', { … }]]. */
export type SharpCalls = [keyof Sharp, ...unknown[]][];

/** An SVG rendered once at `density` DPI, and the outputs made from that bitmap. */
export interface DemoDrawing {
  svg: string;
  density: number;
  outputs: SharpCalls[];
}

type Draw = (drawing: DemoDrawing) => Promise<Buffer[]>;
type Reply = { id: number; buffers: Buffer[] } | { id: number; error: string };

let current: Draw | undefined;

/** The drawing's outputs, in order, drawn in the child process (started for it when none is running). */
export function drawDemo(drawing: DemoDrawing): Promise<Buffer[]> {
  current ??= startRenderer();
  return current(drawing);
}

function startRenderer(): Draw {
  const child = spawn(process.execPath, ['--expose-gc', '-e', PROGRAM], {
    env: {
      ...process.env,
      SHARP_PATH: createRequire(import.meta.url).resolve('sharp'),
      // glibc gives each thread that allocates an arena of its own, and keeps what is freed in it: with one arena
      // the child's memory stays near what it draws at the moment (~210 MB at its peak on the first start, not ~550).
      MALLOC_ARENA_MAX: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Structured clone: the pictures cross as bytes, not as JSON arrays of numbers.
    serialization: 'advanced',
  });
  const waiting = new Map<number, { resolve: (buffers: Buffer[]) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  const draw: Draw = (drawing) =>
    new Promise((resolve, reject) => {
      waiting.set(++lastId, { resolve, reject });
      child.send({ id: lastId, ...drawing });
    });
  // Drawings asked for from now on start another child.
  const retire = () => {
    if (current === draw) current = undefined;
  };

  child.on('message', (reply: Reply) => {
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
