// Every pixel of a master read once, in order, down to a thumbnail (or the public preview and its renditions), with
// sharp's `failOn: 'error'`: one cut short or damaged throws. The parent is uploads/decode-in-child.ts; this file
// imports nothing but sharp and a pure helper, so the child stays small.
import sharp from 'sharp';
import { renditionWidths } from './rendition-widths';

/** The one message from the store. */
export interface DecodeJob {
  file: string;
  limitInputPixels: number;
  /**
   * Draw the public preview from the same decode: a JPEG (quality 90) written to `file`, upright, at most `edge`
   * pixels a side, and its WebP renditions (quality 82) beside it as `<file>-<width>.webp`, at each of `widths`
   * narrower than it and at its own width when one was not; absent: the pixels go down to a thumbnail nobody keeps.
   */
  preview?: { file: string; edge: number; widths: readonly number[] };
}

export type DecodeReply = { kind: 'whole' } | { kind: 'damaged'; error: string };

const reply = (message: DecodeReply) => process.send?.(message);

async function check(job: DecodeJob) {
  try {
    sharp.concurrency(1);
    const decode = sharp(job.file, { failOn: 'error', sequentialRead: true, limitInputPixels: job.limitInputPixels });
    if (job.preview) {
      const { edge, file, widths } = job.preview;
      const drawn = await decode
        .rotate()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 90 })
        .toFile(file);
      for (const width of renditionWidths(widths, drawn.width))
        await sharp(file).resize({ width }).webp({ quality: 82 }).toFile(`${file}-${width}.webp`);
    } else await decode.resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    reply({ kind: 'whole' });
  } catch (error) {
    reply({ kind: 'damaged', error: String(error) });
  }
}

process.once('message', (job: DecodeJob) => void check(job));
process.on('disconnect', () => process.exit(0));
