/**
 * The manual as PDF for printing: A4 portrait, 2 cm margins, a cover, then the sections with
 * tables that carry their header over page breaks, and page numbers in the footer.
 */
import PDFDocument from 'pdfkit';
import { findCjkFont, type CjkFont } from './fonts';
import type { Block, ManualDocument } from './model';

const MARGIN = 56;
const BLUE = '#1677ff';
const TEXT = '#1f1f1f';
const MUTED = '#595959';
const LINE = '#d9d9d9';

type Doc = PDFKit.PDFDocument;

class Writer {
  readonly left: number;
  readonly width: number;

  constructor(
    private readonly doc: Doc,
    private readonly bold: string,
  ) {
    this.left = MARGIN;
    this.width = doc.page.width - MARGIN * 2;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN;
  }

  /** Starts a new page when `height` does not fit on this one. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  heading(text: string): void {
    const doc = this.doc;
    // Room for the heading and the first rows of what follows: no heading alone at a page foot.
    this.ensure(120);
    doc.moveDown(0.6);
    const y = doc.y;
    doc.rect(this.left, y + 2, 4, 16).fill(BLUE);
    doc.font(this.bold).fontSize(15).fillColor(TEXT).text(text, this.left + 12, y, { width: this.width - 12 });
    doc.moveDown(0.5);
  }

  /** The height a row of cells takes with their text wrapped in the column widths. */
  private row(cells: string[], widths: number[], opts: { font: string; size: number }): number {
    const doc = this.doc;
    doc.font(opts.font).fontSize(opts.size);
    return Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i] - 10, lineGap: 2 }))) + 10;
  }

  private drawRow(cells: string[], widths: number[], height: number, opts: { font: string; size: number; fills?: (string | undefined)[] }): void {
    const doc = this.doc;
    const y = doc.y;
    let x = this.left;
    cells.forEach((c, i) => {
      const fill = opts.fills?.[i];
      if (fill) doc.rect(x, y, widths[i], height).fill(fill);
      doc.rect(x, y, widths[i], height).lineWidth(0.5).strokeColor(LINE).stroke();
      doc.font(opts.font).fontSize(opts.size).fillColor(TEXT).text(c, x + 5, y + 5, { width: widths[i] - 10, lineGap: 2 });
      x += widths[i];
    });
    doc.x = this.left;
    doc.y = y + height;
  }

  figures(rows: [string, string][]): void {
    const widths = [110, this.width - 110];
    for (const [label, value] of rows) {
      const h = this.row([label, value], widths, { font: this.bold, size: 10 });
      this.ensure(h);
      this.drawRow([label, value], widths, h, { font: 'regular', size: 10, fills: ['#f5f7fa', undefined] });
    }
    this.doc.moveDown(0.6);
  }

  table(columns: string[], rows: string[][], percents?: number[]): void {
    const total = (percents ?? columns.map(() => 1)).reduce((s, p) => s + p, 0);
    const widths = (percents ?? columns.map(() => 1)).map((p) => (p / total) * this.width);
    const headerHeight = this.row(columns, widths, { font: this.bold, size: 9.5 });
    const header = () => this.drawRow(columns, widths, headerHeight, { font: this.bold, size: 9.5, fills: columns.map(() => '#e8eef7') });
    this.ensure(headerHeight * 2 + 10);
    header();
    for (const r of rows) {
      const h = this.row(r, widths, { font: 'regular', size: 9.5 });
      if (this.doc.y + h > this.bottom) {
        this.doc.addPage();
        header();
      }
      this.drawRow(r, widths, h, { font: 'regular', size: 9.5 });
    }
    this.doc.moveDown(0.6);
  }

  paragraph(text: string): void {
    this.ensure(30);
    this.doc.font('regular').fontSize(10.5).fillColor(TEXT).text(text, this.left, this.doc.y, { width: this.width, lineGap: 4, indent: 21, align: 'justify' });
    this.doc.moveDown(0.4);
  }

  bullets(items: string[]): void {
    for (const item of items) {
      this.ensure(20);
      const y = this.doc.y;
      this.doc.circle(this.left + 4, y + 7, 2).fill(BLUE);
      this.doc.font('regular').fontSize(10.5).fillColor(TEXT).text(item, this.left + 14, y, { width: this.width - 14, lineGap: 3 });
      this.doc.moveDown(0.2);
    }
    this.doc.moveDown(0.4);
  }

  map(block: Extract<Block, { kind: 'map' }>): void {
    const doc = this.doc;
    const height = Math.min(340, (this.width * block.height) / block.width);
    const width = (height * block.width) / block.height;
    this.ensure(height + 50);
    const y = doc.y;
    doc.image(block.png, this.left + (this.width - width) / 2, y, { width, height });
    doc.rect(this.left + (this.width - width) / 2, y, width, height).lineWidth(0.5).strokeColor(LINE).stroke();
    doc.y = y + height + 6;
    let x = this.left;
    const ly = doc.y;
    doc.font('regular').fontSize(9);
    for (const item of block.legend) {
      doc.rect(x, ly + 2, 10, 8).fill(item.color);
      doc.fillColor(TEXT).text(item.label, x + 14, ly, { lineBreak: false });
      x += 14 + doc.widthOfString(item.label) + 16;
    }
    doc.x = this.left;
    doc.y = ly + 16;
    doc.font('regular').fontSize(8.5).fillColor(MUTED).text(block.caption, this.left, doc.y, { width: this.width });
    doc.moveDown(0.8);
  }

  block(b: Block): void {
    switch (b.kind) {
      case 'figures':
        return this.figures(b.rows);
      case 'table':
        return this.table(b.columns, b.rows, b.widths);
      case 'paragraph':
        return this.paragraph(b.text);
      case 'bullets':
        return this.bullets(b.items);
      case 'map':
        return this.map(b);
    }
  }
}

function cover(doc: Doc, m: ManualDocument, bold: string): void {
  const w = doc.page.width;
  const h = doc.page.height;
  const width = w - MARGIN * 2;
  doc.rect(0, 0, w, 10).fill(BLUE);
  doc.rect(0, h - 10, w, 10).fill(BLUE);
  doc.font('regular').fontSize(18).fillColor(MUTED).text(m.cover.zoneName, MARGIN, 150, { width, align: 'center' });
  doc.font(bold).fontSize(30).fillColor(TEXT).text(m.cover.name, MARGIN, 290, { width, align: 'center' });
  doc.moveDown(0.6);
  doc.font(bold).fontSize(22).fillColor(BLUE).text(m.cover.subtitle, MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(1.5);
  for (const line of m.cover.lines) doc.font('regular').fontSize(12).fillColor(MUTED).text(line, MARGIN, doc.y, { width, align: 'center' });
  doc.font('regular').fontSize(14).fillColor(TEXT).text(m.cover.date, MARGIN, h - 170, { width, align: 'center' });
}

/** Renders the manual; fails with a clear message (the package to install) without a CJK font. */
export async function manualPdf(m: ManualDocument, font: CjkFont = findCjkFont()): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: m.title, Author: m.cover.zoneName, Subject: m.cover.subtitle, Creator: '开发区土地信息平台' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', font.path, font.family);
  const bold = font.bold ? 'bold' : 'regular';
  if (font.bold) doc.registerFont('bold', font.bold.path, font.bold.family);
  doc.font('regular');

  cover(doc, m, bold);
  doc.addPage();
  const writer = new Writer(doc, bold);
  for (const section of m.sections) {
    writer.heading(section.heading);
    for (const b of section.blocks) writer.block(b);
  }

  // Footers last, when the page count is known; the cover has none.
  const range = doc.bufferedPageRange();
  const pages = range.count - 1;
  for (let i = 1; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing inside the bottom margin would otherwise make pdfkit add a page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 18;
    doc.moveTo(MARGIN, y - 6).lineTo(doc.page.width - MARGIN, y - 6).lineWidth(0.5).strokeColor(LINE).stroke();
    doc.font('regular').fontSize(8.5).fillColor(MUTED);
    doc.text(m.footer, MARGIN, y, { width: doc.page.width - MARGIN * 2, align: 'left', lineBreak: false });
    doc.text(`第 ${i} 页 / 共 ${pages} 页`, MARGIN, y, { width: doc.page.width - MARGIN * 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
