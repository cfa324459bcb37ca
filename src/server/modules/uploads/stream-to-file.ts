import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileTooLargeError } from '../../errors';

const MB = 1024 * 1024;

export const fileTooLarge = (maxBytes: number) =>
  new FileTooLargeError(`File too large: the limit is ${maxBytes / MB} MB per file.`);

/** A file part's stream as busboy gives it: `truncated` once it stopped at the multipart reader's size limit. */
export type UploadStream = NodeJS.ReadableStream & { truncated?: boolean };

/**
 * Writes an uploaded file to disk as it arrives, never holding more than a chunk of it, and answers its size. The
 * cap is enforced while streaming: the multipart reader stops at it (and marks the stream truncated), and the
 * count here stops at it too, whoever hands the stream over; either way nothing past the cap is written, and the
 * caller gets FileTooLargeError naming the limit (the partial file is the caller's to remove, with its folder).
 */
export async function streamToFile(stream: UploadStream, file: string, maxBytes: number): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(fileTooLarge(maxBytes));
      else done(null, chunk);
    },
  });
  await pipeline(stream, counter, fs.createWriteStream(file, { flags: 'wx' }));
  if (stream.truncated) throw fileTooLarge(maxBytes);
  return size;
}
