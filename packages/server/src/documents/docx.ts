/**
 * The manual as Word (.docx): the same model as the PDF, on A4 with 2 cm margins, a cover
 * section and a content section with page numbers. Text uses Word's own Chinese fonts
 * (Microsoft YaHei / 宋体 fallback by the reader), so nothing is embedded and the file stays small.
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IRunOptions,
} from 'docx';
import type { Block, ManualDocument } from './model';

/** A4 in twentieths of a point, and 2 cm margins. */
const PAGE = { width: 11906, height: 16838 };
const MARGIN = 1134;
const CONTENT_TWIPS = PAGE.width - MARGIN * 2;
/** Content width in pixels at 96 dpi, for the map image. */
const CONTENT_PX = Math.round((CONTENT_TWIPS / 1440) * 96);

const FONT = { ascii: 'Arial', hAnsi: 'Arial', eastAsia: 'Microsoft YaHei', cs: 'Arial' };
const BLUE = '1677FF';
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'D9D9D9' };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER };

function run(text: string, options: Omit<IRunOptions, 'text'> = {}): TextRun {
  return new TextRun({ text, font: FONT, ...options });
}

function cell(text: string, width: number, options: { bold?: boolean; shade?: string } = {}): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    borders: BORDERS,
    shading: options.shade ? { type: ShadingType.CLEAR, color: 'auto', fill: options.shade } : undefined,
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    children: text.split('\n').map((line) => new Paragraph({ children: [run(line, { size: 19, bold: options.bold })] })),
  });
}

function table(columns: string[] | null, rows: string[][], widths: number[]): Table {
  const total = widths.reduce((s, w) => s + w, 0);
  const twips = widths.map((w) => Math.round((w / total) * CONTENT_TWIPS));
  const header = columns
    ? [new TableRow({ tableHeader: true, children: columns.map((c, i) => cell(c, twips[i], { bold: true, shade: 'E8EEF7' })) })]
    : [];
  return new Table({
    width: { size: CONTENT_TWIPS, type: WidthType.DXA },
    columnWidths: twips,
    rows: [...header, ...rows.map((r) => new TableRow({ cantSplit: true, children: r.map((c, i) => cell(c, twips[i], { bold: !columns && i === 0, shade: !columns && i === 0 ? 'F5F7FA' : undefined })) }))],
  });
}

function blockContent(b: Block): (Paragraph | Table)[] {
  switch (b.kind) {
    case 'figures':
      return [table(null, b.rows, [22, 78]), new Paragraph({ children: [] })];
    case 'table':
      return [table(b.columns, b.rows, b.widths ?? b.columns.map(() => 1)), new Paragraph({ children: [] })];
    case 'paragraph':
      return [new Paragraph({ indent: { firstLine: 420 }, spacing: { after: 120, line: 360 }, children: [run(b.text, { size: 21 })] })];
    case 'bullets':
      return b.items.map((item) => new Paragraph({ bullet: { level: 0 }, spacing: { after: 80 }, children: [run(item, { size: 21 })] }));
    case 'map': {
      const width = Math.min(CONTENT_PX, b.width);
      const height = Math.round((width * b.height) / b.width);
      return [
        new Paragraph({ alignment: AlignmentType.CENTER, children: [new ImageRun({ type: 'png', data: b.png, transformation: { width, height } })] }),
        new Paragraph({
          alignment: AlignmentType.CENTER,
          spacing: { before: 80 },
          children: b.legend.flatMap((l, i) => [run(`${i ? '\u3000\u3000' : ''}■ `, { color: l.color.replace('#', ''), size: 18 }), run(l.label, { size: 18 })]),
        }),
        new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 200 }, children: [run(b.caption, { size: 16, color: '595959' })] }),
      ];
    }
  }
}

export async function manualDocx(m: ManualDocument): Promise<Buffer> {
  const spacer = (lines: number) => Array.from({ length: lines }, () => new Paragraph({ children: [] }));
  const cover = [
    ...spacer(6),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [run(m.cover.zoneName, { size: 36, color: '595959' })] }),
    ...spacer(5),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [run(m.cover.name, { size: 60, bold: true })] }),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 240 }, children: [run(m.cover.subtitle, { size: 44, bold: true, color: BLUE })] }),
    ...spacer(2),
    ...m.cover.lines.map((l) => new Paragraph({ alignment: AlignmentType.CENTER, children: [run(l, { size: 24, color: '595959' })] })),
    ...spacer(8),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [run(m.cover.date, { size: 28 })] }),
  ];
  const body: (Paragraph | Table)[] = [];
  for (const section of m.sections) {
    body.push(
      new Paragraph({
        spacing: { before: 240, after: 160 },
        border: { left: { style: BorderStyle.SINGLE, size: 24, color: BLUE, space: 6 } },
        keepNext: true,
        children: [run(section.heading, { size: 30, bold: true })],
      }),
    );
    for (const b of section.blocks) body.push(...blockContent(b));
  }
  const page = { size: PAGE, margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } };
  const doc = new Document({
    creator: '开发区土地信息平台',
    title: m.title,
    subject: m.cover.subtitle,
    styles: { default: { document: { run: { font: FONT, size: 21 } } } },
    sections: [
      { properties: { page }, children: cover },
      {
        properties: { page: { ...page, pageNumbers: { start: 1 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [run(`${m.footer}\u3000\u3000第 `, { size: 17, color: '595959' }), new TextRun({ children: [PageNumber.CURRENT], size: 17, color: '595959', font: FONT }), run(' 页', { size: 17, color: '595959' })],
              }),
            ],
          }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
