import { createRequire } from 'node:module';
import path from 'node:path';
import type PDFDocument from 'pdfkit';
import { lazyPackage } from './lazy-package';

// The store's PDFs (licence certificates, invoices and credit notes): A4, with DejaVu Sans (dejavu-fonts-ttf:
// Bitstream Vera licence, its changes public domain; free to embed and redistribute) embedded as 'regular' and
// 'bold', because the PDF standard fonts only cover Latin-1: a buyer named Łukasz or Ярослава must see their own name.
const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export type PdfDocument = InstanceType<typeof PDFDocument>;

/** pdfkit is loaded by the first PDF made, not at start (lazy-package.ts says why). */
const loadPdfKit = lazyPackage<typeof PDFDocument>('pdfkit');

/**
 * A new A4 document with the fonts registered, and its bytes once `doc.end()` is called. `bufferPages` keeps every
 * page open until the end, for what is written on each page last (a footer's "Page n of m").
 */
export function startPdf(options: { title: string; author: string; margin: number; bufferPages?: boolean }): {
  doc: PdfDocument;
  done: Promise<Buffer>;
} {
  const PdfKit = loadPdfKit();
  const doc = new PdfKit({
    size: 'A4',
    margin: options.margin,
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Author: options.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont('bold', path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  return { doc, done };
}
