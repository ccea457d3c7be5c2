/** Writing parcels as a zipped shapefile (UTF-8 attributes, CGCS2000), KML or GeoJSON. */
import {
  crsToEsriWkt,
  geographicCrs,
  mapPositions,
  type CrsInfo,
  type FeatureProperties,
  type FeatureValue,
  type ParcelGeometry,
} from '@land/shared/geo/index';
import { writeDbf, type DbfWriteField } from './dbf';
import { GisFileError } from './errors';
import { writeShp } from './shp';
import { truncateUtf8 } from './text';
import { buildZip } from './zip';

export type ShapefileFieldType = 'string' | 'integer' | 'number' | 'boolean' | 'date';

export interface ShapefileField {
  /** the feature property written into this field */
  name: string;
  /** what the field means, e.g. "宗地编号"; listed in 字段说明.txt */
  label?: string;
  /** inferred from the values when omitted */
  type?: ShapefileFieldType;
  /** DBF field name (≤ 10 bytes of UTF-8); derived from `name` when omitted */
  dbfName?: string;
  /** text width in bytes (≤ 254) or numeric width (≤ 24); from the values when omitted */
  width?: number;
  /** decimals of a number field; from the values when omitted (≤ 8) */
  decimals?: number;
}

export interface WriteShapefileOptions {
  /** fields to write, in order; by default every property met, in first-seen order */
  fields?: ShapefileField[];
  /** output coordinate system; default CGCS2000 lon-lat (EPSG:4490) */
  crs?: CrsInfo;
  /** name of the files inside the zip, default "parcels" */
  baseName?: string;
}

export interface WritableFeature {
  geometry: ParcelGeometry | null;
  properties?: FeatureProperties | null;
}

const encoder = new TextEncoder();
const byteLength = (s: string) => encoder.encode(s).length;

function inferType(values: FeatureValue[]): ShapefileFieldType {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return 'string';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    return present.every((v) => Number.isSafeInteger(v)) ? 'integer' : 'number';
  }
  return 'string';
}

function fractionDigits(v: number): number {
  const s = String(v);
  if (/e/i.test(s)) return 8;
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/**
 * DBF field names: at most 10 bytes of UTF-8 cut on a character boundary, unique without
 * regard to case (a numbered suffix is added on collision), control characters replaced.
 */
export function dbfFieldNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((original) => {
    const base = [...original].map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' || /\s/.test(ch) ? '_' : ch)).join('') || 'FIELD';
    let candidate = truncateUtf8(base, 10) || 'FIELD';
    for (let i = 1; used.has(candidate.toUpperCase()); i++) {
      const suffix = `_${i}`;
      candidate = truncateUtf8(base, 10 - suffix.length) + suffix;
    }
    used.add(candidate.toUpperCase());
    return candidate;
  });
}

function dbfFields(features: WritableFeature[], specs: ShapefileField[]): { fields: DbfWriteField[]; types: ShapefileFieldType[] } {
  const autoNames = dbfFieldNames(specs.map((s) => s.dbfName ?? s.name));
  const types: ShapefileFieldType[] = [];
  const fields = specs.map((spec, i) => {
    const values = features.map((f) => f.properties?.[spec.name] ?? null);
    const type = spec.type ?? inferType(values);
    types.push(type);
    const name = autoNames[i];
    if (type === 'boolean') return { name, key: spec.name, type: 'L' as const, length: 1, decimals: 0 };
    if (type === 'date') return { name, key: spec.name, type: 'D' as const, length: 8, decimals: 0 };
    if (type === 'string') {
      const longest = Math.max(1, ...values.map((v) => (v === null ? 0 : byteLength(String(v)))));
      return { name, key: spec.name, type: 'C' as const, length: Math.min(254, spec.width ?? longest), decimals: 0 };
    }
    const nums = values.map((v) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN)).filter(Number.isFinite);
    let decimals = type === 'integer' ? 0 : spec.decimals ?? Math.min(8, Math.max(0, ...nums.map(fractionDigits)));
    const intWidth = Math.max(1, ...nums.map((n) => Math.trunc(Math.abs(n)).toFixed(0).length + (n < 0 ? 1 : 0)));
    let length = spec.width ?? intWidth + (decimals > 0 ? decimals + 1 : 0);
    if (length > 24) {
      decimals = Math.max(0, decimals - (length - 24));
      length = 24;
    }
    return { name, key: spec.name, type: 'N' as const, length: Math.max(1, length), decimals };
  });
  return { fields, types };
}

const TYPE_LABEL: Record<ShapefileFieldType, string> = {
  string: '文本',
  integer: '整数',
  number: '数值',
  boolean: '逻辑',
  date: '日期',
};

function readme(fields: DbfWriteField[], specs: ShapefileField[], types: ShapefileFieldType[], crs: CrsInfo, count: number, warnings: string[]): string {
  const lines = [
    '字段说明',
    '',
    'Shapefile 的 .dbf 字段名最长 10 个字节（UTF-8 中文每字 3 个字节），较长的字段名已截断。',
    '下表列出 DBF 字段名与原字段名的对应关系。',
    '',
    ['DBF字段名', '原字段名', '说明', '类型'].join('\t'),
    ...fields.map((f, i) => {
      const t = f.type === 'N' ? `${TYPE_LABEL[types[i]]}(N,${f.length},${f.decimals})` : `${TYPE_LABEL[types[i]]}(${f.type},${f.length})`;
      return [f.name, specs[i].name, specs[i].label ?? '', t].join('\t');
    }),
    '',
    `要素数：${count}`,
    `坐标系：${crs.label}${crs.epsg ? `（EPSG:${crs.epsg}）` : ''}，见 .prj 文件`,
    '属性编码：UTF-8，见 .cpg 文件（ArcGIS 10.2+、QGIS、GDAL 均可识别）',
  ];
  if (warnings.length) lines.push('', '注意：', ...warnings.map((w) => `- ${w}`));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Writes features as a zip holding .shp, .shx, .dbf (UTF-8 text), .prj, .cpg ("UTF-8") and
 * 字段说明.txt (DBF field name → original name). Geometry is lon-lat CGCS2000 unless
 * `options.crs` names another system (e.g. a Gauss-Krüger zone), into which it is projected.
 */
export async function writeShapefileZip(features: WritableFeature[], options: WriteShapefileOptions = {}): Promise<Buffer> {
  const crs = options.crs ?? geographicCrs('CGCS2000');
  const base = (options.baseName ?? 'parcels').replace(/[\\/:*?"<>|]+/g, '_') || 'parcels';
  const specs: ShapefileField[] = options.fields ?? (() => {
    const keys: string[] = [];
    const seen = new Set<string>();
    for (const f of features) for (const k of Object.keys(f.properties ?? {})) if (!seen.has(k)) {
      seen.add(k);
      keys.push(k);
    }
    return keys.map((name) => ({ name }));
  })();
  if (specs.length > 255) throw new GisFileError('属性字段过多（Shapefile 最多 255 个字段）');
  const { fields, types } = dbfFields(features, specs);
  const warnings: string[] = [];
  const dbf = writeDbf(fields, features.map((f) => f.properties ?? {}), warnings);
  const geometries = features.map((f) =>
    f.geometry && crs.kind !== 'geographic' ? mapPositions(f.geometry, (p) => crs.fromLonLat(p[0], p[1])) : f.geometry,
  );
  const { shp, shx } = writeShp(geometries);
  return buildZip({
    [`${base}.shp`]: shp,
    [`${base}.shx`]: shx,
    [`${base}.dbf`]: dbf,
    [`${base}.prj`]: encoder.encode(crsToEsriWkt(crs)),
    [`${base}.cpg`]: encoder.encode('UTF-8'),
    ['字段说明.txt']: encoder.encode(readme(fields, specs, types, crs, features.length, warnings)),
  });
}
