// Every pixel of a master read once, in order, down to a thumbnail, with sharp's `failOn: 'error'`: one cut short or
// damaged throws. The parent is uploads/decode-in-child.ts; this file imports nothing but sharp, so the child stays
// small.
import sharp from 'sharp';

/** The one message from the store. */
export interface DecodeJob {
  file: string;
  limitInputPixels: number;
}

export type DecodeReply = { kind: 'whole' } | { kind: 'damaged'; error: string };

const reply = (message: DecodeReply) => process.send?.(message);

async function check(job: DecodeJob) {
  try {
    sharp.concurrency(1);
    await sharp(job.file, { failOn: 'error', sequentialRead: true, limitInputPixels: job.limitInputPixels })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
    reply({ kind: 'whole' });
  } catch (error) {
    reply({ kind: 'damaged', error: String(error) });
  }
}

process.once('message', (job: DecodeJob) => void check(job));
process.on('disconnect', () => process.exit(0));
