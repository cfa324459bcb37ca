import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The text of a PDF as poppler's pdftotext reads it (a reader independent of the library that wrote it). `layout`:
 * in the page's physical order, line by line as printed (without it, a lone bold line may be read after its table).
 */
export async function pdfText(pdf: Buffer, options: { layout?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', [
      '-enc',
      'UTF-8',
      ...(options.layout ? ['-layout'] : []),
      file,
      '-',
    ]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
