import type { PdfDocument } from '../../pdf-document';

// The tax document's page and pen: margins and inks, and a writer that goes down an A4 page and starts another when
// the next block would not fit.

export const MARGIN = 50;
const FOOTER = 28;
export const INK = '#1f2933';
export const MUTED = '#5f6b76';
const RULE = '#d9d3ca';

export class Writer {
  readonly left = MARGIN;
  readonly width: number;
  y = MARGIN;

  constructor(readonly doc: PdfDocument) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  get bottom() {
    return this.doc.page.height - MARGIN - FOOTER;
  }

  /** A new page when `height` more points would not fit on this one; true when it made one. */
  room(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  font(bold: boolean, size: number, color = INK) {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
    return this;
  }

  /** Text at (x, y) in a box `width` wide; returns its height. */
  text(value: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): number {
    this.doc.text(value, x, y, { width, align });
    return this.doc.heightOfString(value, { width, align });
  }

  /** A paragraph across the page, below what came before. */
  paragraph(value: string, bold = false, size = 9.5, color = INK) {
    this.font(bold, size, color);
    const height = this.doc.heightOfString(value, { width: this.width });
    this.room(height);
    this.text(value, this.left, this.y, this.width);
    this.y += height + 4;
  }

  rule(y = this.y) {
    this.doc
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
  }
}
