/**
 * A zipped shapefile written feature by feature, for exports too large to hold as GeoJSON
 * objects (100,000 parcels): each feature is encoded to its .shp/.shx/.dbf bytes as it comes
 * and dropped, so memory grows with the binary size only (about 150 bytes per simple parcel).
 * Field widths are declared up front — the caller knows them from the entity definition —
 * because a streamed table cannot be measured before its rows are written.
 */
import { zipSync, type Zippable } from 'fflate';
import {
  crsToEsriWkt,
  geographicCrs,
  type CrsInfo,
  type FeatureProperties,
  type FeatureValue,
  type ParcelGeometry,
} from '@land/shared/geo/index';
import { dbfHeaderLength, writeDbfHeader } from './dbf';
import { GisFileError } from './errors';
import { shapefileRings } from './shp';
import { truncateUtf8 } from './text';

export interface StreamField {
  /** the feature property written into this field */
  key: string;
  /** DBF field name: ASCII, at most 10 characters, unique */
  dbfName: string;
  /** what the field means, listed in 字段说明.txt */
  label: string;
  type: 'string' | 'integer' | 'number' | 'date';
  /** text width in bytes (≤ 254), or numeric width (≤ 24) */
  width: number;
  /** decimals of a number field */
  decimals?: number;
}

export interface ShapefileStreamOptions {
  /** output coordinate system; default CGCS2000 lon-lat (EPSG:4490) */
  crs?: CrsInfo;
  /** name of the files inside the zip */
  baseName?: string;
  /** extra lines for 字段说明.txt (what was exported, with which filters) */
  notes?: string[];
}

const encoder = new TextEncoder();
const CHUNK = 1 << 20;

/** Appends bytes into 1 MB blocks, so a large file is not one ever-growing array copy. */
class ByteSink {
  private blocks: Uint8Array[] = [];
  private current = new Uint8Array(CHUNK);
  private used = 0;
  length = 0;

  /** Room for `n` bytes; returns the block and offset to write at. */
  reserve(n: number): { bytes: Uint8Array; view: DataView; at: number } {
    if (this.used + n > this.current.length) {
      this.blocks.push(this.current.subarray(0, this.used));
      this.current = new Uint8Array(Math.max(CHUNK, n));
      this.used = 0;
    }
    const at = this.used;
    this.used += n;
    this.length += n;
    return { bytes: this.current, view: new DataView(this.current.buffer, this.current.byteOffset), at };
  }

  concat(prefix: Uint8Array, suffix?: Uint8Array): Uint8Array {
    const parts = [prefix, ...this.blocks, this.current.subarray(0, this.used), ...(suffix ? [suffix] : [])];
    const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
    let p = 0;
    for (const part of parts) {
      out.set(part, p);
      p += part.length;
    }
    return out;
  }
}

function dbfType(f: StreamField): 'C' | 'N' | 'D' {
  return f.type === 'string' ? 'C' : f.type === 'date' ? 'D' : 'N';
}

export class ShapefileZipWriter {
  private readonly fields: StreamField[];
  private readonly crs: CrsInfo;
  private readonly baseName: string;
  private readonly notes: string[];
  private readonly recordLength: number;
  private readonly shp = new ByteSink();
  private readonly shx = new ByteSink();
  private readonly dbf = new ByteSink();
  private bbox: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  private truncated = 0;
  private overflow = 0;
  count = 0;

  constructor(fields: StreamField[], options: ShapefileStreamOptions = {}) {
    const names = new Set<string>();
    for (const f of fields) {
      if (!/^[A-Za-z][A-Za-z0-9_]{0,9}$/.test(f.dbfName)) throw new Error(`DBF field name ${f.dbfName} is not 1–10 ASCII characters`);
      if (names.has(f.dbfName.toUpperCase())) throw new Error(`DBF field name ${f.dbfName} is used twice`);
      names.add(f.dbfName.toUpperCase());
    }
    if (fields.length > 255) throw new GisFileError('属性字段过多（Shapefile 最多 255 个字段）');
    this.fields = fields.map((f) => ({
      ...f,
      width: f.type === 'date' ? 8 : Math.max(1, Math.min(f.type === 'string' ? 254 : 24, f.width)),
      decimals: f.type === 'number' ? Math.min(f.decimals ?? 2, 15) : 0,
    }));
    this.recordLength = 1 + this.fields.reduce((s, f) => s + f.width, 0);
    if (this.recordLength > 65535) throw new GisFileError('属性字段过多或过长，无法写入 .dbf');
    this.crs = options.crs ?? geographicCrs('CGCS2000');
    this.baseName = (options.baseName ?? 'parcels').replace(/[\\/:*?"<>|]+/g, '_') || 'parcels';
    this.notes = options.notes ?? [];
  }

  /** Adds one feature; a null geometry is written as a null shape (attributes kept). */
  add(geometry: ParcelGeometry | null, properties: FeatureProperties): void {
    this.writeShape(geometry);
    this.writeRecord(properties);
    this.count++;
  }

  private writeShape(geometry: ParcelGeometry | null): void {
    const offsetWords = (100 + this.shp.length) / 2;
    const project = this.crs.kind === 'geographic' ? null : this.crs;
    const rings = geometry ? shapefileRings(geometry) : [];
    const points = rings.reduce((s, r) => s + r.length, 0);
    const content = points ? 44 + rings.length * 4 + points * 16 : 4;
    const { view, at } = this.shp.reserve(8 + content);
    view.setInt32(at, this.count + 1, false);
    view.setInt32(at + 4, content / 2, false);
    const x = this.shx.reserve(8);
    x.view.setInt32(x.at, offsetWords, false);
    x.view.setInt32(x.at + 4, content / 2, false);
    const c = at + 8;
    if (!points) {
      view.setInt32(c, 0, true);
      return;
    }
    view.setInt32(c, 5, true);
    view.setInt32(c + 36, rings.length, true);
    view.setInt32(c + 40, points, true);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    let start = 0;
    let q = c + 44 + rings.length * 4;
    rings.forEach((ring, k) => {
      view.setInt32(c + 44 + k * 4, start, true);
      start += ring.length;
      for (const p of ring) {
        const [px, py] = project ? project.fromLonLat(p[0], p[1]) : p;
        if (px < minX) minX = px;
        if (px > maxX) maxX = px;
        if (py < minY) minY = py;
        if (py > maxY) maxY = py;
        view.setFloat64(q, px, true);
        view.setFloat64(q + 8, py, true);
        q += 16;
      }
    });
    view.setFloat64(c + 4, minX, true);
    view.setFloat64(c + 12, minY, true);
    view.setFloat64(c + 20, maxX, true);
    view.setFloat64(c + 28, maxY, true);
    const b = this.bbox;
    this.bbox = [Math.min(b[0], minX), Math.min(b[1], minY), Math.max(b[2], maxX), Math.max(b[3], maxY)];
  }

  private writeRecord(properties: FeatureProperties): void {
    const { bytes, at } = this.dbf.reserve(this.recordLength);
    bytes.fill(0x20, at, at + this.recordLength);
    let p = at + 1;
    for (const f of this.fields) {
      const text = this.cellText(f, properties[f.key] ?? null);
      if (text) bytes.set(encoder.encode(text), p);
      p += f.width;
    }
  }

  private cellText(f: StreamField, v: FeatureValue): string | null {
    if (v === null || v === '') return null;
    if (f.type === 'string') {
      const s = String(v);
      const cut = truncateUtf8(s, f.width);
      if (cut !== s) this.truncated++;
      return cut;
    }
    if (f.type === 'date') {
      const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(String(v));
      return m ? `${m[1]}${m[2]}${m[3]}` : null;
    }
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) {
      this.overflow++;
      return null;
    }
    const s = f.type === 'integer' ? Math.round(n).toFixed(0) : n.toFixed(f.decimals);
    if (s.length > f.width) {
      this.overflow++;
      return null;
    }
    return s.padStart(f.width, ' ');
  }

  private shpHeader(fileBytes: number): Uint8Array {
    const header = new Uint8Array(100);
    const view = new DataView(header.buffer);
    const box = this.count && Number.isFinite(this.bbox[0]) ? this.bbox : [0, 0, 0, 0];
    view.setInt32(0, 9994, false);
    view.setInt32(24, fileBytes / 2, false);
    view.setInt32(28, 1000, true);
    view.setInt32(32, 5, true);
    box.forEach((v, i) => view.setFloat64(36 + i * 8, v, true));
    return header;
  }

  private dbfHeader(): Uint8Array {
    const out = new Uint8Array(dbfHeaderLength(this.fields.length));
    const fields = this.fields.map((f) => ({ name: f.dbfName, type: dbfType(f), length: f.width, decimals: f.decimals ?? 0 }));
    writeDbfHeader(out, this.count, this.recordLength, fields);
    return out;
  }

  private readme(): string {
    const TYPE = { string: '文本', integer: '整数', number: '数值', date: '日期' } as const;
    const lines = [
      '字段说明',
      '',
      'Shapefile 的 .dbf 字段名最长 10 个字节。为使 ArcGIS、QGIS、MapGIS、SuperMap 等软件都能正确显示，',
      '字段名采用国土数据常用的拼音首字母缩写（英文字母），属性值为中文（UTF-8）。对应关系如下：',
      '',
      ['字段名', '含义', '类型'].join('\t'),
      ...this.fields.map((f) => [f.dbfName, f.label, `${TYPE[f.type]}(${dbfType(f)},${f.width}${f.type === 'number' ? `,${f.decimals}` : ''})`].join('\t')),
      '',
      `要素数：${this.count}`,
      `坐标系：${this.crs.label}${this.crs.epsg ? `（EPSG:${this.crs.epsg}）` : ''}，见 .prj 文件`,
      '属性编码：UTF-8，见 .cpg 文件（ArcGIS 10.2+、QGIS、GDAL 均可识别）',
      ...this.notes,
    ];
    const warnings: string[] = [];
    if (this.truncated) warnings.push(`${this.truncated} 个文本值超过字段宽度，已截断`);
    if (this.overflow) warnings.push(`${this.overflow} 个数值超出字段宽度，已留空`);
    if (warnings.length) lines.push('', '注意：', ...warnings.map((w) => `- ${w}`));
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }

  /** The zip: .shp, .shx, .dbf, .prj, .cpg and 字段说明.txt. */
  finish(): Buffer {
    const shpBytes = 100 + this.shp.length;
    const shxBytes = 100 + this.shx.length;
    const shx = this.shx.concat(this.shpHeader(shxBytes));
    // Built after the .shx so its header (written with the .shx length) is not reused.
    const shp = this.shp.concat(this.shpHeader(shpBytes));
    const dbf = this.dbf.concat(this.dbfHeader(), new Uint8Array([0x1a]));
    const entries: Zippable = {
      [`${this.baseName}.shp`]: [shp, { level: 1 }],
      [`${this.baseName}.shx`]: [shx, { level: 1 }],
      [`${this.baseName}.dbf`]: [dbf, { level: 1 }],
      [`${this.baseName}.prj`]: encoder.encode(crsToEsriWkt(this.crs)),
      [`${this.baseName}.cpg`]: encoder.encode('UTF-8'),
      ['字段说明.txt']: encoder.encode(this.readme()),
    };
    return Buffer.from(zipSync(entries));
  }
}
