import { groupSetLines } from '#shared/sets/set-cover.ts';
import type { TaxDocumentContent, TaxDocumentLine } from '#shared/taxes/tax-document.ts';
import {
  PRICES_INCLUDE_TAX_NOTE,
  documentCountry,
  documentTitle,
  formatDocumentDate,
  formatDocumentMoney,
  lineLicence,
  lineTitle,
  placeOfSupplyLine,
  rateLabel,
  refersToLine,
  showsTaxByRate,
} from '#shared/taxes/tax-document-format.ts';
import { formatRate } from '#shared/taxes/taxes.ts';
import { startPdf, type PdfDocument } from '../../pdf-document';
import { INK, MARGIN, MUTED, Writer } from './document-pdf-writer';

// An invoice or credit note as an A4 PDF, from the content stored when it was issued (never from today's order), in
// DejaVu Sans (pdf-document.ts), so a buyer named Łukasz Żółć or Ярослава sees their name as written. A long document
// goes on over as many pages as it needs, the table's head repeated on each, and every page is numbered in its
// footer.

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

// The lines' table: 495 points wide on A4 between the margins, 5 between columns.
const GAP = 5;
const COLUMNS: Column[] = [
  { label: 'Item', width: 150, align: 'left' },
  { label: 'Licence', width: 60, align: 'left' },
  { label: 'Qty', width: 26, align: 'right' },
  { label: 'Net', width: 62, align: 'right' },
  { label: 'Rate', width: 40, align: 'right' },
  { label: 'Tax', width: 58, align: 'right' },
  { label: 'Total', width: 69, align: 'right' },
];

function header(w: Writer, c: TaxDocumentContent) {
  const title = documentTitle(c.kind);
  w.font(true, 24).text(title, w.left, w.y, 260);
  const facts: Array<[string, string]> = [
    ['Number', c.number],
    ['Issue date', formatDocumentDate(c.issuedAt)],
  ];
  let factY = w.y + 2;
  for (const [label, value] of facts) {
    w.font(false, 9, MUTED).text(label, w.left + 260, factY, 90);
    w.font(true, 10).text(value, w.left + 350, factY - 1, w.width - 350, 'right');
    factY += 15;
  }
  w.y = Math.max(w.y + 34, factY);
  const refers = refersToLine(c);
  if (refers) {
    w.font(true, 10.5).text(refers, w.left, w.y, w.width);
    w.y += 18;
  }
  w.y += 10;
}

function party(w: Writer, x: number, width: number, label: string, lines: Array<[string, boolean]>): number {
  let y = w.y;
  w.font(true, 8, MUTED);
  y += w.text(label.toUpperCase(), x, y, width) + 3;
  for (const [value, bold] of lines) {
    w.font(bold, bold ? 10.5 : 9.5);
    y += w.text(value, x, y, width) + 1;
  }
  return y;
}

function parties(w: Writer, c: TaxDocumentContent) {
  const half = (w.width - 20) / 2;
  const seller: Array<[string, boolean]> = [
    [c.seller.name, true],
    ...(c.seller.address ? [[c.seller.address, false] as [string, boolean]] : []),
    ...(c.seller.country ? [[documentCountry(c.seller.country), false] as [string, boolean]] : []),
    ...(c.seller.taxId ? [[`VAT / tax ID: ${c.seller.taxId}`, false] as [string, boolean]] : []),
  ];
  const buyer: Array<[string, boolean]> = [
    [c.buyer.name, true],
    [c.buyer.email, false],
    ...(c.buyer.country && c.buyer.country !== 'XX'
      ? [[documentCountry(c.buyer.country), false] as [string, boolean]]
      : []),
    ...(c.buyer.vatNumber ? [[`VAT number: ${c.buyer.vatNumber}`, false] as [string, boolean]] : []),
  ];
  const end = Math.max(
    party(w, w.left, half, 'Seller', seller),
    party(w, w.left + half + 20, half, c.kind === 'invoice' ? 'Bill to' : 'Credited to', buyer),
  );
  w.y = end + 12;
  const method = c.order.paidWith ? ` with ${c.order.paidWith}` : '';
  const paid = c.order.paidAt ? ` · paid ${formatDocumentDate(c.order.paidAt)}${method}` : '';
  w.font(false, 9.5).text(`Order ${c.order.number}${paid}`, w.left, w.y, w.width);
  w.y += 22;
}

function columnX(w: Writer, index: number) {
  return w.left + COLUMNS.slice(0, index).reduce((sum, column) => sum + column.width + GAP, 0);
}

function tableHead(w: Writer) {
  w.font(true, 8.5, MUTED);
  COLUMNS.forEach((column, index) => w.text(column.label, columnX(w, index), w.y, column.width, column.align));
  w.y += 14;
  w.rule();
  w.y += 5;
}

function lines(w: Writer, c: TaxDocumentContent) {
  const money = (cents: number) => formatDocumentMoney(cents, c.currency);
  tableHead(w);
  for (const group of groupSetLines(c.lines, (line) => ({ id: line.setId, title: line.setTitle }))) {
    if (group.heading) {
      // A set's lines under its title, as sold.
      w.font(true, 9);
      const height = w.doc.heightOfString(group.heading, { width: COLUMNS[0]!.width });
      if (w.room(height + 8)) tableHead(w);
      w.text(group.heading, w.left, w.y, COLUMNS[0]!.width);
      w.y += height + 4;
    }
    for (const line of group.items) lineRow(w, line, money);
  }
}

function lineRow(w: Writer, line: TaxDocumentLine, money: (cents: number) => string) {
  const item = lineTitle(line);
  const discount = line.discountCents > 0 ? `Discount −${money(line.discountCents)}` : null;
  w.font(false, 9);
  let height = w.doc.heightOfString(item, { width: COLUMNS[0]!.width });
  if (discount) height += w.font(false, 8).doc.heightOfString(discount, { width: COLUMNS[0]!.width }) + 1;
  if (w.room(height + 8)) tableHead(w);
  const cells = [
    lineLicence(line),
    String(line.quantity),
    money(line.netCents),
    formatRate(line.rateBp),
    money(line.taxCents),
    money(line.totalCents),
  ];
  w.font(false, 9);
  const titleHeight = w.text(item, w.left, w.y, COLUMNS[0]!.width);
  if (discount) w.font(false, 8, MUTED).text(discount, w.left, w.y + titleHeight + 1, COLUMNS[0]!.width);
  cells.forEach((value, index) => {
    const column = COLUMNS[index + 1]!;
    w.font(index === cells.length - 1, 9).text(value, columnX(w, index + 1), w.y, column.width, column.align);
  });
  w.y += height + 4;
  w.rule();
  w.y += 4;
}

function totals(w: Writer, c: TaxDocumentContent) {
  const money = (cents: number) => formatDocumentMoney(cents, c.currency);
  const rows: Array<[string, string, boolean]> = [
    ...(c.totals.discountCents > 0
      ? [
          [c.pricesIncludeTax ? 'Subtotal incl. VAT' : 'Subtotal', money(c.totals.subtotalCents), false] as [
            string,
            string,
            boolean,
          ],
          ['Discount', `−${money(c.totals.discountCents)}`, false] as [string, string, boolean],
        ]
      : []),
    ['Net', money(c.totals.netCents), false],
    ['Tax', money(c.totals.taxCents), false],
    [c.kind === 'invoice' ? 'Total' : 'Total credited', money(c.totals.totalCents), true],
  ];
  w.y += 6;
  w.room(rows.length * 16 + 8);
  const x = w.left + w.width - 240;
  for (const [label, value, bold] of rows) {
    if (bold) {
      w.doc
        .moveTo(x, w.y)
        .lineTo(w.left + w.width, w.y)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
      w.y += 4;
    }
    w.font(bold, bold ? 11.5 : 9.5).text(label, x, w.y, 120);
    w.text(value, x + 120, w.y, 120, 'right');
    w.y += bold ? 20 : 15;
  }
  w.y += 8;
}

function rates(w: Writer, c: TaxDocumentContent) {
  if (!showsTaxByRate(c)) return;
  const money = (cents: number) => formatDocumentMoney(cents, c.currency);
  const columns: Column[] = [
    { label: 'Country', width: 170, align: 'left' },
    { label: 'Rate', width: 120, align: 'left' },
    { label: 'Net', width: 95, align: 'right' },
    { label: 'Tax', width: 95, align: 'right' },
  ];
  const xOf = (index: number) => w.left + columns.slice(0, index).reduce((sum, col) => sum + col.width + GAP, 0);
  w.room(34 + c.rates.length * 15);
  w.font(true, 10.5).text('Tax by rate', w.left, w.y, w.width);
  w.y += 17;
  w.font(true, 8.5, MUTED);
  columns.forEach((column, index) => w.text(column.label, xOf(index), w.y, column.width, column.align));
  w.y += 13;
  w.rule();
  w.y += 4;
  for (const rate of c.rates) {
    w.room(15);
    const cells = [documentCountry(rate.country), rateLabel(rate), money(rate.netCents), money(rate.taxCents)];
    w.font(false, 9);
    cells.forEach((value, index) => w.text(value, xOf(index), w.y, columns[index]!.width, columns[index]!.align));
    w.y += 15;
  }
  w.y += 8;
}

function closing(w: Writer, c: TaxDocumentContent) {
  if (c.pricesIncludeTax) w.paragraph(PRICES_INCLUDE_TAX_NOTE, true);
  for (const note of c.notes) w.paragraph(note, true);
  const place = placeOfSupplyLine(c);
  if (place) w.paragraph(place, false, 8.5, MUTED);
}

function footers(doc: PdfDocument, c: TaxDocumentContent) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Written inside the bottom margin: without lowering it, pdfkit would start a page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${c.seller.name} · ${documentTitle(c.kind)} ${c.number} · Page ${index - start + 1} of ${count}`,
        MARGIN,
        doc.page.height - MARGIN - 10,
        { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

export function taxDocumentPdf(content: TaxDocumentContent): Promise<Buffer> {
  const { doc, done } = startPdf({
    title: `${documentTitle(content.kind)} ${content.number}`,
    author: content.seller.name,
    margin: MARGIN,
    bufferPages: true,
  });
  const w = new Writer(doc);
  header(w, content);
  parties(w, content);
  lines(w, content);
  totals(w, content);
  rates(w, content);
  closing(w, content);
  footers(doc, content);
  doc.end();
  return done;
}
