// Every pixel of a master read once, in order, down to a thumbnail (or the public preview), with sharp's
// `failOn: 'error'`: one cut short or damaged throws. The parent is uploads/decode-in-child.ts; this file imports nothing but sharp, so the child stays
// small.
import sharp from 'sharp';

/** The one message from the store. */
export interface DecodeJob {
  file: string;
  limitInputPixels: number;
  /**
   * Draw the public preview from the same decode: a JPEG (quality 90) written to `file`, upright, at most `edge`
   * pixels a side; absent: the pixels go down to a thumbnail nobody keeps.
   */
  preview?: { file: string; edge: number };
}

export type DecodeReply = { kind: 'whole' } | { kind: 'damaged'; error: string };

const reply = (message: DecodeReply) => process.send?.(message);

async function check(job: DecodeJob) {
  try {
    sharp.concurrency(1);
    const decode = sharp(job.file, { failOn: 'error', sequentialRead: true, limitInputPixels: job.limitInputPixels });
    if (job.preview) {
      const { edge, file } = job.preview;
      await decode
        .rotate()
        .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 90 })
        .toFile(file);
    } else await decode.resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    reply({ kind: 'whole' });
  } catch (error) {
    reply({ kind: 'damaged', error: String(error) });
  }
}

process.once('message', (job: DecodeJob) => void check(job));
process.on('disconnect', () => process.exit(0));
