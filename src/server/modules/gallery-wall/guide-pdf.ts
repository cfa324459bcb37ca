import type { Hanging } from '#shared/prints/gallery-hanging.ts';
import { startPdf, type PdfDocument } from '../../pdf-document';
import type { GuideText } from './guide-lines';

// The hanging guide as a PDF, made like the licence certificates (pdf-document.ts: pdfkit, DejaVu Sans): the
// facts, a drawing of the arrangement to scale with each frame's number and its nails, then each frame's lines.

const MARGIN = 48;
const INK = '#1f2933';
const MUTED = '#5f6b76';
const NAIL = '#b4532a';
/** The drawing's largest height on the page, in points. */
const DRAWING_HEIGHT = 220;

/** The arrangement to scale: frames as outlined boxes numbered in their middle, nails as dots. */
function drawArrangement(doc: PdfDocument, hanging: Hanging): void {
  const width = doc.page.width - 2 * MARGIN;
  const scale = Math.min(width / hanging.width, DRAWING_HEIGHT / hanging.height);
  const left = MARGIN + (width - hanging.width * scale) / 2;
  const top = doc.y;
  for (const frame of hanging.frames) {
    const [x, y] = [left + frame.x * scale, top + frame.y * scale];
    const [w, h] = [frame.width * scale, frame.height * scale];
    doc.save().lineWidth(1).rect(x, y, w, h).fillAndStroke('#f4f1ec', INK).restore();
    const label = String(frame.index + 1);
    doc
      .font('bold')
      .fontSize(Math.max(7, Math.min(14, h / 3)))
      .fillColor(INK);
    doc.text(label, x, y + h / 2 - doc.currentLineHeight() / 2, { width: w, align: 'center', lineBreak: false });
    for (const nail of frame.nails) {
      doc
        .save()
        .circle(left + nail.x * scale, top + nail.y * scale, 2.2)
        .fill(NAIL)
        .restore();
    }
  }
  doc.x = MARGIN;
  doc.y = top + hanging.height * scale + 16;
}

export function guidePdf(text: GuideText, hanging: Hanging, storeName: string): Promise<Buffer> {
  const { doc, done } = startPdf({ title: 'Hanging guide', author: storeName, margin: MARGIN });
  const width = doc.page.width - 2 * MARGIN;

  doc.font('regular').fontSize(10).fillColor(MUTED).text(storeName.toUpperCase(), { characterSpacing: 1.5 });
  doc.moveDown(0.3).font('bold').fontSize(22).fillColor(INK).text('Hanging guide');
  doc.moveDown(0.3).font('regular').fontSize(11).text(text.summary, { width });
  doc.moveDown(0.6).fontSize(10);
  for (const [label, value] of text.facts) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  doc.moveDown(0.5).fillColor(MUTED).text(text.note, { width });
  doc.moveDown(1);
  drawArrangement(doc, hanging);
  doc.fontSize(9).fillColor(MUTED).text('The red dots are the nails.', { width });

  doc.moveDown(1).font('bold').fontSize(13).fillColor(INK).text('Frames');
  for (const frame of text.frames) {
    doc.moveDown(0.6).font('bold').fontSize(10.5).fillColor(INK).text(frame.heading, { width });
    doc.font('regular').fontSize(9.5);
    for (const line of frame.lines) doc.text(line, { width });
  }

  doc.moveDown(1).font('bold').fontSize(13).fillColor(INK).text('Distances between frames');
  doc.moveDown(0.3).font('regular').fontSize(9.5);
  for (const line of text.distances) doc.text(line, { width });
  doc.end();
  return done;
}
