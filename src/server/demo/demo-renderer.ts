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
// A picture into a file, as the encoder asks for its rows: the whole bitmap is never held (a 93 MP master would be
// 373 MB of it, twice while it is encoded). A first layer drawn small (a blur) is drawn to memory at its own
// density first: handed to resize as an SVG, sharp would draw it at the final size instead. The others are laid over
// it at full size.
const drawFile = async ({ layers: [base, ...over], width, height, dpi, file }) => {
  const svg = Buffer.from(base.svg);
  const small = base.stretch
    ? await sharp(svg, { density: base.density }).raw().toBuffer({ resolveWithObject: true })
    : undefined;
  const start = small ? sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } }).resize(width, height, { fit: 'fill' }) : sharp(svg, { density: base.density });
  await start
    .composite(over.map((layer) => ({ input: Buffer.from(layer.svg), density: layer.density })))
    .withIccProfile('srgb')
    .withDensity(dpi)
    .png({ compressionLevel: 6 })
    .toFile(file);
  return [];
};
const drawBuffers = ({ svg, density, outputs }) => {
  // One SVG drawing at a time, the step that takes memory (a blurred abstract: ~100 MB at 1600 px wide, ~250 MB at
  // 2400 px); the outputs of the picture drawn before are made beside it.
  const drawn = drawing.then(() => sharp(Buffer.from(svg), { density }).raw().toBuffer({ resolveWithObject: true }));
  drawing = drawn.catch(() => {});
  return drawn.then(({ data, info }) => {
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const make = (calls) => calls.reduce((image, [method, ...args]) => image[method](...args), sharp(data, { raw }));
    return Promise.all(outputs.map((calls) => make(calls).toBuffer()));
  });
};
process.on('message', ({ id, ...message }) => {
  let done;
  if (message.file) {
    done = drawing.then(() => drawFile(message));
    drawing = done.catch(() => {});
  } else done = drawBuffers(message);
  done
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

/**
 * A picture drawn straight into a PNG file at `width` × `height` with its DPI and an sRGB profile: the first layer
 * drawn at its `density`, the others laid over it.
 */
export interface DemoFileDrawing {
  /** `stretch`: drawn at its density, then stretched to the size (a blurred layer drawn small). */
  layers: { svg: string; density: number; stretch?: boolean }[];
  width: number;
  height: number;
  dpi: number;
  file: string;
}

type Draw = (drawing: DemoDrawing | DemoFileDrawing) => Promise<Buffer[]>;
type Reply = { id: number; buffers: Buffer[] } | { id: number; error: string };

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
