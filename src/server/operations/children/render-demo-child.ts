// The demo pictures' renderer; the parent is demo/demo-renderer.ts, which says why in a child. This file imports
// nothing but sharp (~65 MB; the store's own modules would take ~140 MB). Run with --expose-gc.
import sharp, { type Sharp } from 'sharp';

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

export type RenderMessage = { id: number } & (DemoDrawing | DemoFileDrawing);
export type RenderReply = { id: number; buffers: Buffer[] } | { id: number; error: string };

// Nothing is read twice: each bitmap is drawn once and its outputs made from it. sharp's cache (up to 50 MB by
// default) would only keep the operations' pixels alive after their use, beside the next picture's.
sharp.cache(false);

let drawing: Promise<unknown> = Promise.resolve();

// A picture into a file, as the encoder asks for its rows: the whole bitmap is never held (a 93 MP master would be
// 373 MB of it, twice while it is encoded). A first layer drawn small (a blur) is drawn to memory at its own
// density first: handed to resize as an SVG, sharp would draw it at the final size instead. The others are laid over
// it at full size.
async function drawFile({ layers: [base, ...over], width, height, dpi, file }: DemoFileDrawing): Promise<Buffer[]> {
  if (!base) throw new Error('the drawing has no layers');
  const svg = Buffer.from(base.svg);
  const small = base.stretch
    ? await sharp(svg, { density: base.density }).raw().toBuffer({ resolveWithObject: true })
    : undefined;
  const raw = small && { width: small.info.width, height: small.info.height, channels: small.info.channels };
  const start = small
    ? sharp(small.data, { raw }).resize(width, height, { fit: 'fill' })
    : sharp(svg, { density: base.density });
  await start
    .composite(over.map((layer) => ({ input: Buffer.from(layer.svg), density: layer.density })))
    .withIccProfile('srgb')
    .withDensity(dpi)
    .png({ compressionLevel: 6 })
    .toFile(file);
  return [];
}

function drawBuffers({ svg, density, outputs }: DemoDrawing): Promise<Buffer[]> {
  // One SVG drawing at a time, the step that takes memory (a blurred abstract: ~100 MB at 1600 px wide, ~250 MB at
  // 2400 px); the outputs of the picture drawn before are made beside it.
  const drawn = drawing.then(() => sharp(Buffer.from(svg), { density }).raw().toBuffer({ resolveWithObject: true }));
  drawing = drawn.catch(() => {});
  return drawn.then(({ data, info }) => {
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const make = (calls: SharpCalls) =>
      calls.reduce<Sharp>(
        (image, [method, ...args]) => (image[method] as (...args: unknown[]) => Sharp).apply(image, args),
        sharp(data, { raw }),
      );
    return Promise.all(outputs.map((calls) => make(calls).toBuffer()));
  });
}

process.on('message', ({ id, ...message }: RenderMessage) => {
  let done: Promise<Buffer[]>;
  if ('file' in message) {
    done = drawing.then(() => drawFile(message));
    drawing = done.catch(() => {});
  } else done = drawBuffers(message);
  done
    .then(
      (buffers) => process.send?.({ id, buffers } satisfies RenderReply),
      (error: unknown) => process.send?.({ id, error: String(error) } satisfies RenderReply),
    )
    // Only a garbage collection frees a bitmap (13 MB at 1600 px), and this small heap would wait for several.
    .finally(() => globalThis.gc?.());
});
process.on('disconnect', () => process.exit(0));
