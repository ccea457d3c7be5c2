/**
 * Parcels from coordinate tables: CSV and Excel (.xlsx) sheets as land offices keep them — a
 * 界址点坐标表 with one boundary point per row (经度/纬度 or X/Y, grouped into parcels by
 * 宗地编号), or one parcel per row with its boundary as WKT (or GeoJSON) text.
 */
import ExcelJS from 'exceljs';
import {
  crsFromEpsg,
  geographicCrs,
  planarRingArea,
  type CrsInfo,
  type FeatureProperties,
  type FeatureValue,
  type Position,
  type Ring,
} from '@land/shared/geo/index';
import { ArchiveError, verifiedOfficeFile } from '../lib/zip';
import { GisFileError } from './errors';
import { archiveError } from './zip';
import type { RawFeature } from './geojson';
import { finishFeatures, type GisReadResult, type ReadGisOptions } from './read';
import { groupRings } from './shp';
import { decodeText, isUtf8 } from './text';
import { looksLikeWkt, parseWkt } from './wkt';

export const TABLE_MESSAGES = {
  noCoordinates: '未找到经纬度列：请提供“经度”“纬度”（或 lon/lat、X/Y）两列，或包含 WKT 边界的列',
  noData: '表格中没有数据',
  needCrs: '坐标为平面（投影）坐标，无法判断所在投影带：请选择坐标系（EPSG 代码，如 4528 表示 CGCS2000 3度带第40带）后重新转换',
  oldExcel: '不支持旧版 Excel（.xls）文件，请另存为 .xlsx 后再上传',
  badExcel: '无法读取该 Excel 文件，请确认文件未损坏',
} as const;

/** Most data rows read from one table. */
export const MAX_TABLE_ROWS = 200_000;
/** Bytes a workbook may inflate to (counted while inflating) and the parts it may have. */
const MAX_INFLATED = 100 * 1024 * 1024;
const MAX_XLSX_ENTRIES = 2000;

/** Header names, compared without spaces, case or a trailing unit in brackets. */
const LON_NAMES = ['lon', 'lng', 'long', 'longitude', '经度', 'x', 'x坐标', '东坐标', '横坐标', 'easting', 'e'];
const LAT_NAMES = ['lat', 'latitude', '纬度', 'y', 'y坐标', '北坐标', '纵坐标', 'northing', 'n'];
const WKT_NAMES = ['wkt', 'geometry', 'geom', 'the_geom', 'shape', 'geojson', '几何', '图形', '边界', '地块边界', '坐标串', '范围'];
const CODE_NAMES = ['宗地编号', '地块编号', 'dkbh', 'zdbh', '宗地代码', '地块代码', 'parcelcode', 'parcel_code', 'code', '编号'];
/** Used to group rows when there is no code column. */
const NAME_NAMES = ['地块名称', '宗地名称', 'dkmc', 'name', '名称'];
const RING_NAMES = ['圈号', '环号', '圈', 'ring', 'part', '部件号'];
/** Per-point columns: they say nothing about the parcel, so they are not kept as attributes. */
const POINT_NAMES = ['点号', '界址点号', '序号', '点序', 'pointno', 'point', 'no'];

function norm(header: string): string {
  return header
    .replace(/\s+/g, '')
    .replace(/[（(][^（()）]*[）)]$/, '')
    .toLowerCase();
}

function findColumn(headers: string[], names: string[]): number {
  return headers.findIndex((h) => names.includes(norm(h)));
}

type Cell = string | number | null;

// ---------------------------------------------------------------- sources

/** RFC 4180 CSV with the delimiter (comma, tab or semicolon) guessed from the header line. */
export function parseCsv(text: string): Cell[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts: [string, number][] = [',', '\t', ';'].map((d) => [d, firstLine.split(d).length]);
  const delimiter = counts.sort((a, b) => b[1] - a[1])[0][0];
  const rows: Cell[][] = [];
  let row: Cell[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
    if (rows.length > MAX_TABLE_ROWS + 1) throw new GisFileError(`表格超过${MAX_TABLE_ROWS}行，请拆分后分批转换`, 'too-large');
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) endField();
    else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] !== '\n') endRow();
    } else field += c;
    i++;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

function excelCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const r = (value as ExcelJS.CellFormulaValue).result;
    return typeof r === 'string' || typeof r === 'number' ? r : null;
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  return null;
}

async function readXlsx(buffer: Uint8Array): Promise<Cell[][]> {
  let verified: Awaited<ReturnType<typeof verifiedOfficeFile>>;
  try {
    verified = await verifiedOfficeFile(buffer, { maxBytes: MAX_INFLATED, maxEntries: MAX_XLSX_ENTRIES });
  } catch (e) {
    if (!(e instanceof ArchiveError)) throw e;
    if (e.problem === 'too-large') throw new GisFileError('Excel 文件内容过大，请拆分后分批转换', 'too-large');
    if (e.problem === 'not-zip') throw new GisFileError(TABLE_MESSAGES.badExcel);
    throw archiveError(e, MAX_INFLATED);
  }
  if (!verified.entries.has('xl/workbook.xml')) throw new GisFileError(TABLE_MESSAGES.badExcel);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(verified.file as unknown as ArrayBuffer);
  } catch {
    throw new GisFileError(TABLE_MESSAGES.badExcel);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new GisFileError('文件中没有工作表');
  const rows: Cell[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length > MAX_TABLE_ROWS) throw new GisFileError(`表格超过${MAX_TABLE_ROWS}行，请拆分后分批转换`, 'too-large');
    const values = row.values as ExcelJS.CellValue[];
    rows.push(values.slice(1).map(excelCell));
  });
  return rows;
}

// ---------------------------------------------------------------- coordinates

const NUMBER_RE = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function toNumber(v: Cell): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (NUMBER_RE.test(s)) return Number(s);
  // 120°30'15.2" as surveyors sometimes write longitude and latitude
  const dms = /^(-?\d+(?:\.\d+)?)\s*[°度]\s*(?:(\d+(?:\.\d+)?)\s*['′分]\s*)?(?:(\d+(?:\.\d+)?)\s*(?:["″]|秒)\s*)?$/.exec(s);
  if (!dms) return null;
  const deg = Number(dms[1]);
  const value = Math.abs(deg) + Number(dms[2] ?? 0) / 60 + Number(dms[3] ?? 0) / 3600;
  return deg < 0 ? -value : value;
}

/**
 * The coordinate system when the user named none: lon-lat values are CGCS2000; projected
 * values whose easting carries a zone number (e.g. 40 512 345.6) are the CGCS2000 Gauss-Krüger
 * zone it names; anything else cannot be placed and needs the user's choice.
 */
function guessCrs(sample: Position): { crs: CrsInfo; warning?: string } {
  const [x, y] = sample;
  if (Math.abs(x) <= 180 && Math.abs(y) <= 90) return { crs: geographicCrs('CGCS2000') };
  for (const v of [x, y]) {
    const zone = Math.floor(v / 1_000_000);
    const epsg = zone >= 25 && zone <= 45 ? 4513 + zone - 25 : zone >= 13 && zone <= 23 ? 4491 + zone - 13 : null;
    if (epsg !== null && v - zone * 1_000_000 > 0) {
      const crs = crsFromEpsg(epsg)!;
      return { crs, warning: `未指定坐标系：按横坐标中的带号判断为 ${crs.label}（EPSG:${epsg}），如不正确请选择坐标系后重新转换` };
    }
  }
  throw new GisFileError(TABLE_MESSAGES.needCrs);
}

function polygonsOfWkt(text: string): { polygons: Ring[][]; srid: number | null } | { error: string } {
  const s = text.trim();
  try {
    if (s.startsWith('{')) {
      const g = JSON.parse(s) as { type?: unknown; coordinates?: unknown };
      if (g.type === 'Polygon') return { polygons: [g.coordinates as Ring[]], srid: null };
      if (g.type === 'MultiPolygon') return { polygons: g.coordinates as Ring[][], srid: null };
      return { error: `不是面（几何类型：${String(g.type)}）` };
    }
    if (!looksLikeWkt(s)) return { error: '边界不是 WKT 或 GeoJSON 文本' };
    const { geometry, srid } = parseWkt(s);
    if (geometry.type === 'Polygon') return { polygons: [geometry.coordinates], srid };
    if (geometry.type === 'MultiPolygon') return { polygons: geometry.coordinates, srid };
    return { error: `不是面（几何类型：${geometry.type}）` };
  } catch (e) {
    return { error: e instanceof GisFileError ? e.message : '边界文本格式错误' };
  }
}

function closeRing(points: Position[]): Ring {
  const a = points[0];
  const b = points[points.length - 1];
  return a[0] === b[0] && a[1] === b[1] ? points : [...points, [a[0], a[1]]];
}

/**
 * Rings in the order of the table become polygons by nesting alone (a table carries no
 * orientation convention): every ring is made counter-clockwise, which sends groupRings to
 * its nesting rule — a ring inside another is a hole, separate rings are parts.
 */
function polygonsOfRings(rings: Ring[]): Ring[][] {
  return groupRings(rings.map((r) => (planarRingArea(r) < 0 ? [...r].reverse() : r)));
}

function value(cell: Cell): FeatureValue {
  if (cell === null) return null;
  if (typeof cell === 'number') return cell;
  const s = cell.trim();
  return s === '' ? null : s;
}

// ---------------------------------------------------------------- reading

export type TableReadOptions = Pick<ReadGisOptions, 'crs' | 'validate' | 'chinaOnly'>;

/** Whether the file name is one this module reads. */
export function isTableFile(filename: string): boolean {
  return /\.(csv|txt|xlsx|xls)$/i.test(filename);
}

export async function readCoordinateTable(buffer: Uint8Array, filename: string, options: TableReadOptions = {}): Promise<GisReadResult> {
  const ext = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'xls' || (buffer.length >= 4 && buffer[0] === 0xd0 && buffer[1] === 0xcf && buffer[2] === 0x11 && buffer[3] === 0xe0)) {
    throw new GisFileError(TABLE_MESSAGES.oldExcel);
  }
  let rows: Cell[][];
  if (ext === 'xlsx') rows = await readXlsx(buffer);
  else {
    const text = decodeText(buffer, isUtf8(buffer) ? 'utf-8' : 'gbk').replace(/^\uFEFF/, '');
    rows = parseCsv(text);
  }
  const isEmpty = (r: Cell[]) => r.every((c) => c === null || String(c).trim() === '');
  const headerAt = rows.findIndex((r) => !isEmpty(r));
  if (headerAt < 0) throw new GisFileError(TABLE_MESSAGES.noData);
  const headers = rows[headerAt].map((c) => (c === null ? '' : String(c).trim()));
  const data = rows.slice(headerAt + 1).map((cells, i) => ({ row: headerAt + i + 2, cells })).filter((r) => !isEmpty(r.cells));
  if (data.length === 0) throw new GisFileError(TABLE_MESSAGES.noData);

  const lonCol = findColumn(headers, LON_NAMES);
  const latCol = findColumn(headers, LAT_NAMES);
  const wktCol = findColumn(headers, WKT_NAMES);
  const codeCol = findColumn(headers, CODE_NAMES);
  const nameCol = findColumn(headers, NAME_NAMES);
  const ringCol = findColumn(headers, RING_NAMES);
  const pointCol = findColumn(headers, POINT_NAMES);
  const hasPoints = lonCol >= 0 && latCol >= 0;
  if (!hasPoints && wktCol < 0) throw new GisFileError(TABLE_MESSAGES.noCoordinates);

  const skip = new Set(hasPoints ? [lonCol, latCol, ringCol, pointCol] : [wktCol]);
  const propertiesOf = (cells: Cell[]): FeatureProperties => {
    const props: FeatureProperties = {};
    headers.forEach((h, i) => {
      if (skip.has(i) || h === '') return;
      props[h] = value(cells[i] ?? null);
    });
    return props;
  };

  const raw: RawFeature[] = [];
  const warnings: string[] = [];
  const rejectedEarly: { index: number; message: string; properties: FeatureProperties }[] = [];
  let srid: number | null = null;

  if (!hasPoints) {
    data.forEach((r, index) => {
      const text = r.cells[wktCol];
      const props = propertiesOf(r.cells);
      if (text === null || String(text).trim() === '') {
        rejectedEarly.push({ index, message: `第${r.row}行没有边界`, properties: props });
        return;
      }
      const parsed = polygonsOfWkt(String(text));
      if ('error' in parsed) {
        rejectedEarly.push({ index, message: `第${r.row}行${parsed.error}`, properties: props });
        return;
      }
      srid ??= parsed.srid;
      raw.push({ index, polygons: parsed.polygons, properties: props });
    });
  } else {
    // Rows grouped by parcel code (or name) in order of first appearance, points in row order.
    const keyCol = codeCol >= 0 ? codeCol : nameCol;
    if (keyCol < 0) warnings.push('未找到宗地编号列：全部坐标点按一个地块处理');
    const groups = new Map<string, { rows: typeof data }>();
    for (const r of data) {
      const key = keyCol >= 0 ? String(value(r.cells[keyCol] ?? null) ?? '') : '';
      let g = groups.get(key);
      if (!g) {
        g = { rows: [] };
        groups.set(key, g);
      }
      g.rows.push(r);
    }
    let index = 0;
    for (const [key, g] of groups) {
      const props = propertiesOf(g.rows[0].cells);
      const label = key ? `地块“${key}”` : '地块';
      const rings: Position[][] = [];
      let current: Position[] = [];
      let ringKey: unknown = undefined;
      let problem: string | null = null;
      for (const r of g.rows) {
        const x = toNumber(r.cells[lonCol] ?? null);
        const y = toNumber(r.cells[latCol] ?? null);
        if (x === null || y === null) {
          problem = `第${r.row}行的坐标不是数字（${headers[lonCol]}：${String(r.cells[lonCol] ?? '空')}，${headers[latCol]}：${String(r.cells[latCol] ?? '空')}）`;
          break;
        }
        const rk = ringCol >= 0 ? value(r.cells[ringCol] ?? null) : null;
        if (ringCol >= 0 && current.length > 0 && rk !== ringKey) {
          rings.push(current);
          current = [];
        }
        ringKey = rk;
        current.push([x, y]);
      }
      if (current.length) rings.push(current);
      if (!problem) {
        const short = rings.find((r) => new Set(r.map((p) => `${p[0]},${p[1]}`)).size < 3);
        if (short) problem = `${label}的坐标点少于3个，无法构成面`;
      }
      if (problem) rejectedEarly.push({ index, message: problem, properties: props });
      else raw.push({ index, polygons: polygonsOfRings(rings.map(closeRing)), properties: props });
      index++;
    }
  }

  let crs: CrsInfo;
  if (options.crs !== undefined) {
    const given = typeof options.crs === 'number' ? crsFromEpsg(options.crs) : options.crs;
    if (!given) throw new GisFileError(`无法识别的坐标系：EPSG:${String(options.crs)}`);
    crs = given;
  } else if (srid !== null) {
    const known = crsFromEpsg(srid);
    if (!known) throw new GisFileError(`无法识别的坐标系：EPSG:${srid}`);
    crs = known;
  } else {
    const sample = raw[0]?.polygons[0]?.[0]?.[0];
    if (sample) {
      const guessed = guessCrs(sample);
      crs = guessed.crs;
      if (guessed.warning) warnings.unshift(guessed.warning);
    } else crs = geographicCrs('CGCS2000');
  }

  if (raw.length === 0) {
    const first = rejectedEarly[0];
    throw new GisFileError(first ? `表格中没有可转换的地块：${first.message}` : TABLE_MESSAGES.noData);
  }
  const result = finishFeatures(raw, crs, warnings, options);
  if (rejectedEarly.length) {
    const rejected = [...rejectedEarly, ...result.rejected].sort((a, b) => a.index - b.index);
    const notes = rejectedEarly.slice(0, 20).map((r) => `第${r.index + 1}个地块未转换：${r.message}`);
    return { ...result, rejected, warnings: [...result.warnings, ...notes] };
  }
  return result;
}
