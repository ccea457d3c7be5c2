import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { zipSync, type Zippable } from 'fflate';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { ERROR_CODES } from '@land/shared/api';
import { entityByName } from '@land/shared/entities/index';
import { isInForm, type EntityDef, type FieldDef, type FieldType } from '@land/shared/entity';
import type { AppContext } from '../context';
import { assertWriter, defineCall, ok } from '../lib/call';
import { AppError, validationError } from '../lib/errors';
import type { JobStage, ProgressFn } from '../lib/jobs';
import { UNPAGED_LIMIT, pagedQuerySchema, runPagedQuery } from '../lib/pagedQuery';
import { safeCell, unescapeCell } from '../lib/spreadsheet';
import { attachmentHeader, firstFile, MB, readWhole } from '../lib/upload';
import { ArchiveError, readArchive, zipDirectory } from '../lib/zip';
import { GisFileError } from '../gis/errors';
import { looksLikeWkt, parseWkt, toWkt } from '../gis/wkt';
import { REGISTER_TYPE_PHONE } from '../services/visitors';
import { queryColumns, selectColumns } from './columns';
import type { AnyDb, Row } from './repository';
import type { BulkCreator, PreparedRecord } from './bulk';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_BYTES = 10 * MB;
export const MAX_IMPORT_ROWS = 10_000;
/** Declared inflated size of an import; beyond it the workbook is not opened (zip bomb). */
/** Bytes an imported workbook may inflate to, counted while inflating (declared sizes are not trusted). */
const MAX_IMPORT_INFLATED = 100 * MB;
const MAX_IMPORT_PARTS = 2000;
/** Reported row errors; the count says how many more there were (the error workbook has every failed row). */
const MAX_REPORTED_ERRORS = 1000;
/** Characters of a cell's value quoted in an error. */
const MAX_ERROR_VALUE = 100;
/** Template and export rows that get the enum dropdown, beyond the data rows. */
const DROPDOWN_ROWS = 1000;

type Cell = string | number | boolean | Date | null;

/** Label ↔ value of the records a ref or tree field points at, loaded per request. */
interface RefLookup {
  entityLabel: string;
  labelOf: Map<string, string>;
  valuesOf: Map<string, string[]>;
}

/** A value the cell cannot be turned into; reported against the row like a validation error. */
class CellError extends Error {}

/** Returned by a codec's read when the cell does not carry the value: the field is left as stored. */
export const KEEP_VALUE = Symbol('keep');

/** How a field type becomes an Excel cell and back. null: the type is not in the sheet. */
export interface ExcelCodec {
  write(value: unknown, f: FieldDef, ref?: RefLookup): Cell;
  /** The value handed to saveRecord, as a form would send it ('' = empty), or KEEP_VALUE. */
  read(cell: Cell, f: FieldDef, ref?: RefLookup): unknown;
  /** Excel number format of the column: '@' keeps typed codes and dates as text. */
  numFmt?: string;
  /** Choices offered as a dropdown in the column. */
  choices?(f: FieldDef): string[];
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Excel date cells arrive as UTC midnight; their calendar day is the UTC one. */
function ymd(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function numberText(n: number): string {
  // A phone or code typed into a General cell becomes a number; give back its digits, not 1.39e10.
  return Number.isInteger(n) && Math.abs(n) < 1e21 ? n.toFixed(0) : String(n);
}

function cellText(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return ymd(cell);
  if (typeof cell === 'number') return numberText(cell);
  if (typeof cell === 'boolean') return cell ? '是' : '否';
  return cell;
}

const textCodec: ExcelCodec = {
  write: (v) => (v === null || v === undefined ? null : String(v)),
  read: (c) => cellText(c),
  numFmt: '@',
};

const numberCodec: ExcelCodec = {
  write: (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  read: (c) => (typeof c === 'number' ? c : cellText(c).trim()),
};

const YES = ['是', '1', 'true', 'TRUE', 'True', 'Y', 'y'];
const NO = ['否', '0', 'false', 'FALSE', 'False', 'N', 'n'];

const booleanCodec: ExcelCodec = {
  write: (v) => (v === null || v === undefined ? null : v === 1 || v === true || v === '1' ? '是' : '否'),
  read: (c) => {
    if (typeof c === 'boolean') return c ? 1 : 0;
    const s = cellText(c).trim();
    if (YES.includes(s)) return 1;
    if (NO.includes(s)) return 0;
    return s;
  },
  choices: () => ['是', '否'],
};

const dateCodec: ExcelCodec = {
  write: (v) => (v === null || v === undefined ? null : String(v).slice(0, 10)),
  read: (c) => (c instanceof Date ? ymd(c) : cellText(c).trim()),
  numFmt: '@',
};

const datetimeCodec: ExcelCodec = {
  write: (v) => (v === null || v === undefined ? null : String(v)),
  read: (c) => (c instanceof Date ? c.toISOString() : cellText(c).trim()),
  numFmt: '@',
};

const enumCodec: ExcelCodec = {
  write: (v, f) => {
    if (v === null || v === undefined || v === '') return null;
    return f.options?.find((o) => o.value === String(v))?.label ?? String(v);
  },
  read: (c, f) => {
    const s = cellText(c).trim();
    if (s === '') return '';
    // Labels first (what the sheet shows); a stored value typed by hand is accepted too.
    return f.options?.find((o) => o.label === s)?.value ?? f.options?.find((o) => o.value === s)?.value ?? s;
  },
  choices: (f) => (f.options ?? []).map((o) => o.label),
  numFmt: '@',
};

/** refs and tree codes are shown by the referenced record's name and mapped back on import. */
const refCodec: ExcelCodec = {
  write: (v, _f, ref) => {
    if (v === null || v === undefined || v === '') return null;
    const label = ref?.labelOf.get(String(v));
    // A name two records share (land classes named 其他 under different parents) would not
    // import back to the same record, so the code is written instead.
    return label !== undefined && ref?.valuesOf.get(label)?.length === 1 ? label : String(v);
  },
  read: (c, f, ref) => {
    const s = cellText(c).trim();
    if (s === '' || !ref || ref.labelOf.has(s)) return s;
    const values = ref.valuesOf.get(s) ?? [];
    if (values.length === 1) return values[0];
    if (values.length > 1) throw new CellError(`${f.label}“${s}”对应多条${ref.entityLabel}，请改填编码`);
    throw new CellError(`${f.label}“${s}”不存在`);
  },
  numFmt: '@',
};

/** Excel's limit on the characters of one cell. */
const MAX_CELL_CHARS = 32_767;
const GEOMETRY_TOO_LONG = '（图形过于复杂，超出 Excel 单元格长度，未导出；导入时保持原有图形）';

/**
 * Geometry as OGC WKT (what GIS software and databases print), read back from WKT or GeoJSON
 * text. Nine decimals keep lon-lat to about 0.1 mm, so boundaries round-trip. A boundary too
 * long for one cell is not cut (a cut boundary would import as another shape): the cell says
 * so and importing it leaves the stored boundary alone.
 */
const geometryCodec: ExcelCodec = {
  write: (v) => {
    if (v === null || v === undefined || typeof v !== 'object') return null;
    let text: string;
    try {
      text = toWkt(v as { type: string; coordinates: unknown });
    } catch {
      text = JSON.stringify(v);
    }
    return text.length > MAX_CELL_CHARS ? GEOMETRY_TOO_LONG : text;
  },
  read: (c, f) => {
    const s = cellText(c).trim();
    if (s === '') return '';
    if (s === GEOMETRY_TOO_LONG) return KEEP_VALUE;
    if (s.startsWith('{')) {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        throw new CellError(`${f.label}不是有效的 GeoJSON 文本`);
      }
    }
    if (!looksLikeWkt(s)) throw new CellError(`${f.label}应为 WKT（如 POLYGON ((120.1 30.2, …))）或 GeoJSON 文本`);
    try {
      return parseWkt(s).geometry;
    } catch (e) {
      throw new CellError(`${f.label}：${e instanceof GisFileError ? e.message : 'WKT 格式错误'}`);
    }
  },
  numFmt: '@',
};

/** Options of the sheet layout, the same on export and import. */
export interface ExcelOptions {
  /**
   * Include geometry fields as WKT text (off by default: a boundary is a long text few people
   * edit by hand, but a parcel template that round-trips needs it).
   */
  geometry?: boolean;
  /**
   * The empty import template: only the columns a clerk fills in (the form's fields), without the
   * record id and what the server keeps itself (状态, 浏览次数, 最后修改人…). Reading always knows
   * every column, so an older template or an export that has them imports, those columns ignored.
   */
  template?: boolean;
}

/**
 * One entry per field type (STYLE §2). HTML is left out: its source is not something to edit in
 * a spreadsheet and may exceed Excel's 32,767 characters per cell. Files, images, geometry and
 * JSON are structured data with no faithful cell form.
 */
export const EXCEL_CELLS: Record<FieldType, ExcelCodec | null> = {
  string: textCodec,
  text: textCodec,
  richText: null,
  integer: numberCodec,
  number: numberCodec,
  boolean: booleanCodec,
  date: dateCodec,
  datetime: datetimeCodec,
  enum: enumCodec,
  ref: refCodec,
  tree: refCodec,
  files: null,
  images: null,
  geometry: null,
  json: null,
};

export interface ExcelColumn {
  /** 'id' or the field name. */
  key: string;
  header: string;
  /** The field; for the id column a plain string field standing in for it. */
  field: FieldDef;
  codec: ExcelCodec;
  /** Read on import (form fields and the id); other columns are for reading only. */
  importable: boolean;
}

function codecOf(f: FieldDef, options: ExcelOptions): ExcelCodec | null {
  if (f.type === 'geometry' && options.geometry) return geometryCodec;
  if (f.visitor || f.staff) return refCodec;
  return EXCEL_CELLS[f.type];
}

/**
 * The sheet's columns: the record id first (an import row with an id updates), then the fields;
 * for the template only the fields a clerk fills in.
 */
export function excelColumns(def: EntityDef, options: ExcelOptions = {}): ExcelColumn[] {
  const fields = def.fields.filter((f) => codecOf(f, options) !== null);
  const labelCount = new Map<string, number>();
  for (const f of fields) labelCount.set(f.label, (labelCount.get(f.label) ?? 0) + 1);
  const idHeader = labelCount.has('编号') ? '记录编号' : '编号';
  const columns: ExcelColumn[] = [
    { key: 'id', header: idHeader, field: { name: 'id', type: 'string', label: idHeader }, codec: textCodec, importable: true },
    ...fields.map((f) => {
      const label = labelCount.get(f.label)! > 1 ? `${f.label}[${f.name}]` : f.label;
      return {
        key: f.name,
        header: f.unit ? `${label}（${f.unit}）` : label,
        field: f,
        codec: codecOf(f, options)!,
        importable: isInForm(f),
      };
    }),
  ];
  return options.template ? columns.filter((c) => c.importable && c.key !== 'id') : columns;
}

interface RefTarget {
  table: string;
  entityLabel: string;
  valueField: string;
  labelField: string;
  /** What the sheet shows instead of the label field, where that is not the label field itself. */
  label?: RawBuilder<unknown>;
}

function refTarget(f: FieldDef): RefTarget | undefined {
  // A visitor is written as the mobile number they registered with (a WeChat user, whose login
  // name is internal, as the id) and read back from either.
  if (f.visitor) {
    const label = sql`case when ${sql.ref('registerType')} = ${REGISTER_TYPE_PHONE} then ${sql.ref('userAccount')} else ${sql.ref('id')} end`;
    return { table: 't_visitor', entityLabel: '公众用户', valueField: 'id', labelField: 'userAccount', label };
  }
  // A staff account (who last edited a parcel) by its name; only exported (the server sets it).
  if (f.staff) return { table: 't_user', entityLabel: '用户', valueField: 'id', labelField: 'userName' };
  const target = f.type === 'ref' ? f.ref : f.type === 'tree' ? f.tree : undefined;
  if (!target) return undefined;
  const def = entityByName(target.entity);
  if (!def) return undefined;
  const valueField = (target as { valueField?: string }).valueField ?? 'id';
  return { table: def.table, entityLabel: def.label, valueField, labelField: target.labelField };
}

/** Loads the records a ref column mentions, by value or by name, in bounded chunks. */
async function loadRefLookup(db: AnyDb, f: FieldDef, mentioned: Set<string>): Promise<RefLookup | undefined> {
  const target = refTarget(f);
  if (!target) return undefined;
  const lookup: RefLookup = { entityLabel: target.entityLabel, labelOf: new Map(), valuesOf: new Map() };
  const all = [...mentioned].filter((s) => s !== '');
  for (let i = 0; i < all.length; i += 500) {
    const chunk = all.slice(i, i + 500);
    const rows = (await db
      .selectFrom(target.table)
      .select([`${target.valueField} as v`, target.label ? target.label.as('l') : `${target.labelField} as l`])
      .where((eb) => eb.or([eb(target.valueField, 'in', chunk), eb(target.labelField, 'in', chunk)]))
      .execute()) as { v: unknown; l: unknown }[];
    for (const r of rows) {
      if (r.v === null || r.v === undefined) continue;
      const value = String(r.v);
      const label = r.l === null || r.l === undefined ? value : String(r.l);
      if (lookup.labelOf.has(value)) continue;
      lookup.labelOf.set(value, label);
      lookup.valuesOf.set(label, [...(lookup.valuesOf.get(label) ?? []), value]);
    }
  }
  return lookup;
}

function sheetName(label: string): string {
  return label.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

function columnLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

// exceljs has range data validations but leaves them out of its typings.
type WithValidations = { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } };

/** Labels of the records the rows' ref and tree fields point at, by column key (plain data, for a worker). */
export type ExportLookups = [string, RefLookup | undefined][];

/** Loads what the rows' ref and tree columns show (the database half of an export). */
export async function loadExportLookups(db: AnyDb, def: EntityDef, rows: Row[], options: ExcelOptions = {}): Promise<ExportLookups> {
  const lookups: ExportLookups = [];
  for (const c of excelColumns(def, options)) {
    if (c.codec !== refCodec) continue;
    const mentioned = new Set(rows.map((r) => r[c.key]).filter((v) => v !== null && v !== undefined).map(String));
    const byValue = await loadRefLookup(db, c.field, mentioned);
    // Loaded again by those names too, to see which names other records share.
    lookups.push([c.key, byValue && (await loadRefLookup(db, c.field, new Set([...mentioned, ...byValue.labelOf.values()])))]);
  }
  return lookups;
}

/** Builds the workbook: a header of Chinese labels, then one row per record. */
export async function buildWorkbook(
  db: AnyDb,
  def: EntityDef,
  rows: Row[],
  options: ExcelOptions & { onProgress?: (done: number, total: number) => void } = {},
): Promise<Buffer> {
  return writeWorkbook(def, rows, await loadExportLookups(db, def, rows, options), options);
}

/** The file half of an export (CPU- and memory-heavy; run in the worker pool by the routes). */
export async function writeWorkbook(
  def: EntityDef,
  rows: Row[],
  lookupList: ExportLookups,
  options: ExcelOptions & { onProgress?: (done: number, total: number) => void } = {},
): Promise<Buffer> {
  const columns = excelColumns(def, options);
  const lookups = new Map(lookupList);
  const wb = new ExcelJS.Workbook();
  wb.creator = '开发区土地信息平台';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName(def.label), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    key: c.key,
    header: c.header,
    width: Math.min(60, Math.max(12, c.field.width ? Math.round(c.field.width / 7) : c.header.length * 2 + 4)),
    style: c.codec.numFmt ? { numFmt: c.codec.numFmt } : {},
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
  for (const [i, r] of rows.entries()) {
    ws.addRow(columns.map((c) => safeCell(c.codec.write(r[c.key], c.field, lookups.get(c.key)))));
    if (options.onProgress && (i + 1) % 100 === 0) options.onProgress(i + 1, rows.length);
  }
  // The last report, so a small export ends at "n / n" rather than at its last hundred.
  options.onProgress?.(rows.length, rows.length);
  const lastRow = rows.length + 1 + DROPDOWN_ROWS;
  columns.forEach((c, i) => {
    const choices = c.codec.choices?.(c.field);
    // Excel refuses to open a file whose inline list is longer than 255 characters.
    if (!choices?.length || choices.join(',').length > 250 || choices.some((x) => x.includes(','))) return;
    const letter = columnLetter(i + 1);
    (ws as unknown as WithValidations).dataValidations.add(`${letter}2:${letter}${lastRow}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${choices.join(',').replace(/"/g, '""')}"`],
      showErrorMessage: true,
      errorTitle: '取值不正确',
      error: `请从下拉列表中选择${c.field.label}`,
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An exceljs cell value reduced to what a person typed or saw. */
function plainCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return unescapeCell(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return unescapeCell(value.richText.map((t) => t.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    if (result === undefined) return null;
    return typeof result === 'object' && !(result instanceof Date) ? `${(result as ExcelJS.CellErrorValue).error}` : result;
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : plainCell(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  return null;
}

function headerKey(text: string): string {
  return text.replace(/\s+/g, '').replace(/^[*＊]/, '');
}

/** The columns the error workbook adds; a corrected error workbook imports with them left in. */
const ERROR_COLUMNS = ['原行号', '错误原因'];

/** Maps the header row to columns by Chinese label; unknown or repeated headers are refused. */
function readHeader(row: ExcelJS.Row | undefined, columns: ExcelColumn[], def: EntityDef): Map<number, ExcelColumn> {
  const byHeader = new Map<string, ExcelColumn>();
  for (const c of columns) {
    byHeader.set(headerKey(c.header), c);
    byHeader.set(headerKey(c.field.label), c);
  }
  const found = new Map<number, ExcelColumn>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  row?.eachCell({ includeEmpty: false }, (cell, col) => {
    const text = cellText(plainCell(cell.value)).trim();
    if (text === '') return;
    const key = headerKey(text);
    if (ERROR_COLUMNS.includes(text)) return;
    // "规划面积(平方公里)" typed with ASCII brackets, or the unit left off, still matches.
    const c = byHeader.get(key) ?? byHeader.get(key.replace(/[（(][^（()）]*[）)]$/, ''));
    if (!c) {
      unknown.push(text);
      return;
    }
    if (seen.has(c.key)) throw validationError('file', `第1行：列“${text}”重复`);
    seen.add(c.key);
    found.set(col, c);
  });
  // Not one column known: the workbook of another screen, or no header at all.
  if (found.size === 0 && unknown.length > 0) throw validationError('file', `该文件不是${def.label}的导入模板（第1行的列名都无法识别），请下载本页的模板填写`);
  if (found.size === 0) throw validationError('file', '第1行应为表头（字段名称），请使用导出的模板填写');
  if (unknown.length) throw validationError('file', `第1行：无法识别的列“${unknown.slice(0, 5).join('”、“')}”，请使用导出的模板填写`);
  return found;
}

interface SheetRow {
  row: number;
  cells: Map<ExcelColumn, Cell>;
}

/** The parts of a workbook the streaming reader uses; the first sheet's part is found through the workbook's relationships. */
const WORKBOOK_PART = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
/** Where the first sheet is put for the reader (it only recognises xl/worksheets/sheetN.xml). */
const FIRST_SHEET = 'xl/worksheets/sheet1.xml';
const EMPTY_SHARED_STRINGS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';

/** Attribute `name` (any namespace prefix) of an XML start tag's text. */
function xmlAttribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s(?:[\\w.-]+:)?${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag)?.slice(2).find((v) => v !== undefined);
}

/**
 * The archive path of the workbook's first sheet (in tab order, as Excel opens it): the first
 * <sheet> of workbook.xml, through its relationship. Falls back to the lowest-numbered sheet part.
 */
function firstSheetPart(workbook: Map<string, Uint8Array>, names: string[]): string | undefined {
  const text = (name: string) => (workbook.has(name) ? Buffer.from(workbook.get(name)!).toString('utf8') : '');
  const sheetTag = /<(?:[\w.-]+:)?sheet\s[^>]*>/.exec(text(WORKBOOK_PART))?.[0];
  const relId = sheetTag && xmlAttribute(sheetTag, 'id');
  if (relId) {
    for (const [rel] of text(WORKBOOK_RELS).matchAll(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g)) {
      if (xmlAttribute(rel, 'Id') !== relId) continue;
      const target = xmlAttribute(rel, 'Target')?.replace(/\\/g, '/');
      const part = target && path.posix.normalize(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
      if (part && names.includes(part)) return part;
      break;
    }
  }
  const sheetNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? Infinity);
  return names.filter((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort((a, b) => sheetNumber(a) - sheetNumber(b))[0];
}

/**
 * Verifies an uploaded workbook and rebuilds it, uncompressed, from only what the streaming
 * reader needs, in the order it needs them: relationships, workbook, shared strings, styles,
 * then the first sheet. Every part is inflated with a real byte count (readArchive,
 * MAX_IMPORT_INFLATED; the workbook's small index parts first, then the parts to read); other
 * sheets, pictures and the rest are not inflated at all. ExcelJS's streaming reader thus reads
 * exactly the verified bytes and never parks a sheet in a temporary file.
 */
async function verifiedSheetFile(buf: Buffer): Promise<Buffer> {
  const notXlsx = () => validationError('file', '请上传 Excel（.xlsx）文件');
  if (buf.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) {
    throw validationError('file', '不支持旧版 Excel（.xls）文件，请另存为 .xlsx 后再导入');
  }
  if (buf.length === 0) throw validationError('file', '文件是空的，请选择填好数据的 Excel（.xlsx）文件');
  if (buf.length < 4 || buf.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  const limits = { maxBytes: MAX_IMPORT_INFLATED, maxEntries: MAX_IMPORT_PARTS };
  let entries: Map<string, Uint8Array>;
  let sheet: string | undefined;
  try {
    const index = await readArchive(buf, limits, (name) => name === WORKBOOK_PART || name === WORKBOOK_RELS);
    if (!index.has(WORKBOOK_PART)) throw notXlsx();
    sheet = firstSheetPart(index, (zipDirectory(buf) ?? []).map((e) => e.name));
    if (!sheet) throw validationError('file', '文件中没有工作表');
    const wanted = new Set([SHARED_STRINGS, STYLES, sheet]);
    entries = await readArchive(buf, limits, (name) => wanted.has(name));
    for (const [name, data] of index) entries.set(name, data);
  } catch (e) {
    if (!(e instanceof ArchiveError)) throw e;
    if (e.problem === 'too-large' || e.problem === 'too-many') {
      const msg = `文件内容过大（解压后超过${MAX_IMPORT_INFLATED / MB}MB），请拆分后分批导入`;
      throw new AppError(ERROR_CODES.TOO_LARGE, msg, 413, { field: 'file', errors: [{ field: 'file', msg }] });
    }
    throw notXlsx();
  }
  const parts: Zippable = {};
  const stored = (data: Uint8Array): [Uint8Array, { level: 0 }] => [data, { level: 0 }];
  if (entries.has(WORKBOOK_RELS)) parts[WORKBOOK_RELS] = stored(entries.get(WORKBOOK_RELS)!);
  parts[WORKBOOK_PART] = stored(entries.get(WORKBOOK_PART)!);
  parts[SHARED_STRINGS] = stored(entries.get(SHARED_STRINGS) ?? Buffer.from(EMPTY_SHARED_STRINGS));
  if (entries.has(STYLES)) parts[STYLES] = stored(entries.get(STYLES)!);
  parts[FIRST_SHEET] = stored(entries.get(sheet)!);
  return Buffer.from(zipSync(parts));
}

/**
 * The rebuilt file in 64 KB pieces: the zip stream passes on what it is given, and ExcelJS turns
 * each piece into one string and one list of XML events, so a whole sheet given at once would
 * sit in the heap as text and events.
 */
function* slices(buf: Buffer, size = 64 * 1024): Generator<Buffer> {
  for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
}

/** Rows handed on from the worker at a time, so that neither side holds the sheet as cell objects. */
export const SHEET_BATCH_ROWS = 500;

/** One data row of an import sheet as plain data: its sheet row number and cells by column key. */
export type SheetDataRow = { row: number; cells: [string, Cell][] };

/** The data rows of an import sheet, cells by column key: plain data that crosses to and from a worker thread. */
export interface SheetData {
  /** The sheet's known columns by key, in the sheet's order (for the error workbook). */
  columns: string[];
  rows: SheetDataRow[];
}

/**
 * Reads an uploaded workbook's first sheet against the entity's columns with ExcelJS's
 * streaming reader: memory stays proportional to a row (plus the sheet's shared strings), not
 * to the sheet, so the import limit (MAX_IMPORT_ROWS) fits the worker's heap limit. Data rows
 * (from row 2, empty ones skipped) are handed to `onRows` in batches of SHEET_BATCH_ROWS; the
 * sheet's columns are returned at the end. The CPU- and memory-heavy half of an import, run in
 * the worker pool (workers/tasks.ts). Refusals are AppErrors on the file field.
 */
export async function readSheetRows(
  buf: Uint8Array,
  def: EntityDef,
  options: ExcelOptions,
  onRows: (rows: SheetDataRow[]) => void | Promise<void>,
): Promise<{ columns: string[]; count: number }> {
  const file = await verifiedSheetFile(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength));
  // An empty batch: the archive is verified (a step of the worker's time limit, see pool.ts readSheet).
  await onRows([]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(slices(file)), { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let header: Map<number, ExcelColumn> | undefined;
  let count = 0;
  let batch: SheetDataRow[] = [];
  let sheetSeen = false;
  try {
    for await (const ws of reader) {
      sheetSeen = true;
      for await (const row of ws) {
        if (!header) header = readHeader(row.number === 1 ? row : undefined, excelColumns(def, options), def);
        if (row.number === 1) continue;
        const cells: [string, Cell][] = [];
        let empty = true;
        for (const [col, c] of header) {
          const value = plainCell(row.getCell(col).value);
          if (value !== null && cellText(value).trim() !== '') empty = false;
          cells.push([c.key, value]);
        }
        if (empty) continue;
        if (count >= MAX_IMPORT_ROWS) throw validationError('file', `一次最多导入${MAX_IMPORT_ROWS}行，请拆分后分批导入`);
        count += 1;
        batch.push({ row: row.number, cells });
        if (batch.length >= SHEET_BATCH_ROWS) {
          await onRows(batch);
          batch = [];
        }
      }
      break;
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw validationError('file', '无法读取该 Excel 文件，请确认文件未损坏');
  }
  if (!sheetSeen) throw validationError('file', '文件中没有工作表');
  header ??= readHeader(undefined, excelColumns(def, options), def);
  if (count === 0) throw validationError('file', '文件中没有要导入的数据');
  if (batch.length) await onRows(batch);
  return { columns: [...header.entries()].sort(([a], [b]) => a - b).map(([, c]) => c.key), count };
}

/** The whole sheet at once (readSheetRows collected): for callers in the main thread and tests. */
export async function readSheet(buf: Uint8Array, def: EntityDef, options: ExcelOptions = {}): Promise<SheetData> {
  const rows: SheetDataRow[] = [];
  const { columns } = await readSheetRows(buf, def, options, (batch) => {
    for (const r of batch) rows.push(r);
  });
  return { columns, rows };
}

export interface ImportRowError {
  row: number;
  field: string;
  label: string;
  /** The cell's text as the sheet holds it ('' when the problem is not about one cell). */
  value: string;
  msg: string;
}

function rowMessage(row: number, label: string, msg: string): string {
  return `第${row}行：${label && !msg.includes(label) ? label : ''}${msg}`;
}

export interface ImportResult {
  created: number;
  updated: number;
}

/**
 * The failed rows of a refused import as a workbook to correct and import again: the sheet's
 * own columns with the values as read, the original row number and a column of reasons.
 */
async function errorRowsWorkbook(def: EntityDef, columns: ExcelColumn[], failed: Map<SheetRow, string[]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '开发区土地信息平台';
  const ws = wb.addWorksheet(sheetName(`${def.label}-错误行`), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    ...columns.map((c) => ({ header: c.header, width: Math.min(40, Math.max(12, c.header.length * 2 + 4)), style: c.codec.numFmt ? { numFmt: c.codec.numFmt } : {} })),
    { header: ERROR_COLUMNS[0], width: 8 },
    { header: ERROR_COLUMNS[1], width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const [r, reasons] of [...failed].sort(([a], [b]) => a.row - b.row)) {
    ws.addRow([...columns.map((c) => safeCell(r.cells.get(c) ?? null)), r.row, reasons.join('；')]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** How often (rows) an import reports its progress. */
const PROGRESS_EVERY_ROWS = 100;
/** Rows checked between two turns of the event loop, so that other requests are answered meanwhile. */
const YIELD_EVERY_ROWS = 50;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Imports the first sheet, all or nothing: any failing row rolls everything back and every
 * failure is reported by row. Progress comes in stages (lib/jobs.ts JOB_STAGES): the rows are
 * read, their cells checked (formats, codes), then saved. A sheet of new records only, given
 * `bulk`, has its rows validated by the entity's rules before the transaction (other requests
 * are served meanwhile) and checked and inserted set-based in a short one; otherwise (rows to
 * update, or no bulk creator) each row goes through the form's write path (`save`) in one
 * transaction.
 */
export async function importWorkbook(
  db: AnyDb,
  def: EntityDef,
  sheet: SheetData,
  actorId: string | null,
  save: (trx: AnyDb, raw: Row) => Promise<Row>,
  log: FastifyBaseLogger,
  options: ExcelOptions & { onProgress?: ProgressFn; bulk?: BulkCreator; signal?: AbortSignal } = {},
): Promise<ImportResult> {
  // A background job stopped by a shutdown (lib/jobs.ts drain) ends at its next step; inside
  // the transaction the error rolls every row back.
  const stopIfAborted = () => options.signal?.throwIfAborted();
  const progress = (done: number, total: number, stage: JobStage) => {
    stopIfAborted();
    if (done === 0 || done === total || done % PROGRESS_EVERY_ROWS === 0) options.onProgress?.(done, total, stage);
  };
  const columns = excelColumns(def, options);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const column = (key: string): ExcelColumn => {
    const c = byKey.get(key);
    if (!c) throw new Error(`sheet column ${key} is not a column of ${def.name}`);
    return c;
  };
  const rows: SheetRow[] = sheet.rows.map((r) => ({ row: r.row, cells: new Map(r.cells.map(([key, value]) => [column(key), value])) }));
  const present = new Set(rows.flatMap((r) => [...r.cells.keys()]));
  progress(rows.length, rows.length, 'read');
  const labelOf = new Map(columns.map((c) => [c.key, c.field.label]));

  const lookups = new Map<string, RefLookup | undefined>();
  for (const c of present) {
    if (c.codec !== refCodec || !c.importable) continue;
    const mentioned = new Set(rows.map((r) => cellText(r.cells.get(c) ?? null).trim()));
    lookups.set(c.key, await loadRefLookup(db, c.field, mentioned));
  }

  const errors: ImportRowError[] = [];
  /** Every failed row with its reasons, for the error workbook. */
  const failed = new Map<SheetRow, string[]>();
  const report = (r: SheetRow, e: { field: string; label: string; text: string; cell?: Cell }) => {
    const column = byKey.get(e.field);
    const cell = e.cell !== undefined ? e.cell : column ? (r.cells.get(column) ?? null) : null;
    const msg = rowMessage(r.row, e.label, e.text);
    errors.push({ row: r.row, field: e.field, label: e.label, value: cellText(cell).slice(0, MAX_ERROR_VALUE), msg });
    failed.set(r, [...(failed.get(r) ?? []), msg.replace(/^第\d+行：/, '')]);
  };

  const reportRefusal = (r: SheetRow, err: AppError) => {
    const data = err.data as { errors?: { field: string; msg: string }[] } | null;
    const issues = data?.errors?.length ? data.errors : [{ field: '', msg: err.message }];
    // One message per field, as the form shows it.
    const fields = new Set<string>();
    for (const issue of issues) {
      if (fields.has(issue.field)) continue;
      fields.add(issue.field);
      report(r, { field: issue.field, label: labelOf.get(issue.field) ?? '', text: issue.msg });
    }
  };
  const refuse = async () => {
    // By row, as one pass would have found them (cell errors first within a row).
    errors.sort((a, b) => a.row - b.row);
    const errorCount = errors.length;
    const more = errorCount > 1 ? `（共${errorCount}处错误，未导入任何数据）` : '（未导入任何数据）';
    const sheetColumns = sheet.columns.map(column);
    const errorWorkbook = (await errorRowsWorkbook(def, sheetColumns, failed)).toString('base64');
    // Thrown inside the transaction so that Kysely rolls every row back.
    return new AppError(ERROR_CODES.VALIDATION, `${errors[0].msg}${more}`, 400, {
      errors: errors.slice(0, MAX_REPORTED_ERRORS),
      errorCount,
      failedRows: failed.size,
      errorWorkbook,
    });
  };

  // Check, before the transaction: every row's cells (CPU only; other requests are served in between).
  const decoded: { r: SheetRow; raw: Row; id: string | undefined }[] = [];
  for (const [done, r] of rows.entries()) {
    progress(done, rows.length, 'check');
    if (done % YIELD_EVERY_ROWS === 0) await yieldTurn();
    const raw: Row = {};
    let cellFailed = false;
    for (const [c, cell] of r.cells) {
      if (!c.importable) continue;
      try {
        const value = c.codec.read(cell, c.field, lookups.get(c.key));
        if (value !== KEEP_VALUE) raw[c.key] = value;
      } catch (err) {
        if (!(err instanceof CellError)) throw err;
        cellFailed = true;
        report(r, { field: c.key, label: c.field.label, text: err.message, cell });
      }
    }
    if (cellFailed) continue;
    const id = typeof raw.id === 'string' && raw.id.trim() !== '' ? raw.id.trim() : undefined;
    if (id === undefined) delete raw.id;
    else raw.id = id;
    decoded.push({ r, raw, id });
  }

  const result: ImportResult = { created: 0, updated: 0 };
  const bulk = options.bulk && decoded.every((d) => d.id === undefined) ? options.bulk : undefined;
  if (bulk) {
    // Only new records: validated here, then checked and inserted set-based in a short transaction.
    const prepared: { r: SheetRow; record: PreparedRecord }[] = [];
    for (const [done, { r, raw }] of decoded.entries()) {
      if (done % YIELD_EVERY_ROWS === 0) await yieldTurn();
      progress(rows.length - decoded.length + done, rows.length, 'check');
      try {
        prepared.push({ r, record: await bulk.prepare(raw) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reportRefusal(r, err);
      }
    }
    progress(rows.length, rows.length, 'check');
    await db.transaction().execute(async (trx) => {
      const refusals = await bulk.check(trx, prepared.map((p) => p.record));
      for (const [i, refusal] of refusals.entries()) if (refusal) reportRefusal(prepared[i].r, refusal);
      if (errors.length > 0) throw await refuse();
      progress(0, rows.length, 'save');
      await bulk.insert(
        trx,
        prepared.map((p) => p.record),
        (inserted) => {
          stopIfAborted();
          options.onProgress?.(inserted, rows.length, 'save');
        },
      );
      stopIfAborted();
      result.created = prepared.length;
    });
    return result;
  }

  await db.transaction().execute(async (trx) => {
    // A row to update must name an existing record (looked up set-based).
    const ids = [...new Set(decoded.flatMap((d) => (d.id !== undefined && d.id.length <= 32 ? [d.id] : [])))];
    const existing = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const found = await trx.selectFrom(def.table).select('id').where('id', 'in', ids.slice(i, i + 500)).execute();
      for (const f of found) existing.add(String((f as Row).id));
    }
    const checked: typeof decoded = [];
    for (const d of decoded) {
      if (d.id !== undefined && !existing.has(d.id)) {
        report(d.r, { field: 'id', label: labelOf.get('id') ?? '编号', text: `编号“${d.id.slice(0, 40)}”的${def.label}不存在（新增记录请将编号留空）` });
        continue;
      }
      checked.push(d);
    }
    progress(rows.length, rows.length, 'check');

    // Save: the checked rows through the write path; its refusals are reported by row too.
    // Counted against the rows read, so that the dialog's "checked" stays the rows read.
    for (const [done, { r, raw, id }] of checked.entries()) {
      progress(done, rows.length, 'save');
      try {
        await save(trx, raw);
        if (id) result.updated += 1;
        else result.created += 1;
      } catch (err) {
        if (!(err instanceof AppError)) {
          // A database error aborts a PostgreSQL transaction: later rows cannot be tried.
          log.error({ err, row: r.row }, 'excel import row failed');
          report(r, { field: '', label: '', text: '保存失败，请检查该行数据' });
          break;
        }
        reportRefusal(r, err);
      }
    }
    if (errors.length > 0) throw await refuse();
    stopIfAborted();
    options.onProgress?.(checked.length, rows.length, 'save');
  });
  return result;
}

const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

export const exportInputSchema = pagedQuerySchema.extend({
  /** 1: the empty import template (header only). */
  template: flag.default(false),
});

/**
 * Registers the Excel export (the current query as .xlsx, or the empty template) and the import
 * (multipart upload of that sheet) of one entity.
 */
export function registerExcelRoutes(
  api: FastifyInstance,
  ctx: AppContext,
  def: EntityDef,
  names: { export: string[]; import: string[] },
  save: (trx: AnyDb, raw: Row, actorId: string | null) => Promise<Row>,
  bulk?: (actorId: string | null) => BulkCreator | undefined,
): void {
  const db = ctx.db as unknown as AnyDb;
  const tags = [def.label];
  const columns = queryColumns(def);
  const order = [...(def.defaultOrder ?? []).map((o) => ({ column: o.field, direction: o.direction })), { column: 'id', direction: 'desc' as const }];

  for (const name of names.export) {
    defineCall(
      api,
      `/${def.name}/${name}`,
      { summary: `导出${def.label}（Excel，条件同分页查询；template=1 下载导入模板）`, tags, input: exportInputSchema },
      async (input, _req, reply) => {
        let rows: Row[] = [];
        if (!input.template) {
          const page = await runPagedQuery<Row>(db, ctx.dialect, { table: def.table, select: selectColumns(def), columns, defaultOrder: order }, { ...input, pageNo: 0, pageSize: 0 });
          if (page.total > UNPAGED_LIMIT) {
            throw validationError('params', `导出数据${page.totalExact === false ? '超过' : '共'}${page.total}条，超过${UNPAGED_LIMIT}条上限，请缩小查询范围后再导出`);
          }
          rows = page.list;
        }
        const buf = Buffer.from(await api.workers.run('writeWorkbook', { entity: def.name, rows, lookups: await loadExportLookups(db, def, rows), options: { template: input.template } }));
        const fileName = input.template ? `${def.label}导入模板.xlsx` : `${def.label}.xlsx`;
        return reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', attachmentHeader(fileName, `${def.name}${input.template ? '-template' : ''}.xlsx`))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(buf);
      },
    );
  }

  for (const name of names.import) {
    api.post(
      `/${def.name}/${name}`,
      { schema: { summary: `从 Excel 导入${def.label}（multipart 字段 file；全部成功才写入）`, tags, consumes: ['multipart/form-data'] } },
      async (req) => {
        assertWriter(req);
        const part = await firstFile(req, MAX_IMPORT_BYTES);
        const ext = /\.([^.]+)$/.exec(part.filename ?? '')?.[1]?.toLowerCase();
        if (ext && ext !== 'xlsx') {
          part.file.resume();
          throw validationError('file', ext === 'xls' ? '不支持旧版 Excel（.xls）文件，请另存为 .xlsx 后再导入' : '请上传 Excel（.xlsx）文件');
        }
        const buf = await readWhole(part, MAX_IMPORT_BYTES);
        const actorId = req.staff?.userId ?? null;
        const sheet = await api.workers.readSheet({ data: buf, entity: def.name, options: {} });
        const result = await importWorkbook(db, def, sheet, actorId, (trx, raw) => save(trx, raw, actorId), req.log, { bulk: bulk?.(actorId) });
        return ok(result, `导入成功：新增${result.created}条，更新${result.updated}条`);
      },
    );
  }
}
