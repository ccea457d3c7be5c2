/** dBase III (.dbf) attribute tables of shapefiles: reading with encoding detection, writing in UTF-8. */
import type { FeatureProperties, FeatureValue } from '@land/shared/geo/index';
import { GisFileError } from './errors';
import { decodeText, encodingFromLdid, hasNonAscii, isUtf8, truncateUtf8 } from './text';

export interface DbfField {
  name: string;
  /** dBase type letter: C N F L D I O M … */
  type: string;
  length: number;
  decimals: number;
}

export interface DbfTable {
  fields: DbfField[];
  /** one entry per record, in file order; null for a record marked deleted */
  rows: (FeatureProperties | null)[];
  /** the TextDecoder label used for text */
  encoding: string;
  warnings: string[];
}

interface RawField extends DbfField {
  offset: number;
  nameBytes: Uint8Array;
}

function trimRight(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x20 || bytes[end - 1] === 0x00)) end--;
  return bytes.subarray(0, end);
}

const ascii = (b: Uint8Array) => String.fromCharCode(...b);

/**
 * Reads a .dbf. `encoding` is the .cpg's (a TextDecoder label) when there is one; otherwise the
 * header's code page (GBK) or, failing that, UTF-8 when all text is valid UTF-8 and GBK when it
 * is not (Chinese surveyors' files are usually GBK without a .cpg).
 */
export function readDbf(buf: Uint8Array, encoding: string | null): DbfTable {
  if (buf.length < 33) throw new GisFileError('.dbf 文件已损坏（文件过短）');
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const declared = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  const ldid = buf[29];
  if (headerLength < 33 || recordLength < 1 || headerLength > buf.length) throw new GisFileError('.dbf 文件已损坏（文件头无效）');
  const fields: RawField[] = [];
  let offset = 1;
  for (let p = 32; p + 32 <= headerLength && buf[p] !== 0x0d; p += 32) {
    const rawName = buf.subarray(p, p + 11);
    const nul = rawName.indexOf(0);
    const nameBytes = nul >= 0 ? rawName.subarray(0, nul) : rawName;
    const type = String.fromCharCode(buf[p + 11]).toUpperCase();
    const length = buf[p + 16];
    const decimals = buf[p + 17];
    fields.push({ name: '', type, length, decimals, offset, nameBytes });
    offset += length;
  }
  if (offset > recordLength) throw new GisFileError('.dbf 文件已损坏（字段长度与记录长度不符）');
  const count = Math.min(declared, Math.floor((buf.length - headerLength) / recordLength));
  const warnings: string[] = [];
  if (count < declared) warnings.push(`.dbf 文件声明 ${declared} 条记录，实际只有 ${count} 条`);

  const textFields = fields.filter((f) => f.type === 'C');
  let enc = encoding;
  if (!enc) {
    let nonAscii = false;
    let validUtf8 = true;
    const check = (bytes: Uint8Array) => {
      if (!hasNonAscii(bytes)) return;
      nonAscii = true;
      if (validUtf8 && !isUtf8(bytes)) validUtf8 = false;
    };
    for (const f of fields) check(f.nameBytes);
    for (let r = 0; r < count && validUtf8; r++) {
      const base = headerLength + r * recordLength;
      for (const f of textFields) check(trimRight(buf.subarray(base + f.offset, base + f.offset + f.length)));
    }
    enc = nonAscii && validUtf8 ? 'utf-8' : nonAscii ? encodingFromLdid(ldid) ?? 'gbk' : 'utf-8';
  }

  for (const f of fields) f.name = decodeText(f.nameBytes, enc).trim() || `FIELD${fields.indexOf(f) + 1}`;
  const seen = new Map<string, number>();
  for (const f of fields) {
    const n = seen.get(f.name) ?? 0;
    seen.set(f.name, n + 1);
    if (n > 0) f.name = `${f.name}_${n + 1}`;
  }
  if (fields.some((f) => f.type === 'M' || f.type === 'G' || f.type === 'B')) {
    warnings.push('.dbf 中的备注（Memo）字段未读取');
  }

  const rows: (FeatureProperties | null)[] = [];
  for (let r = 0; r < count; r++) {
    const base = headerLength + r * recordLength;
    if (buf[base] === 0x2a) {
      rows.push(null);
      continue;
    }
    const props: FeatureProperties = {};
    for (const f of fields) {
      const raw = buf.subarray(base + f.offset, base + f.offset + f.length);
      props[f.name] = readValue(f, raw, enc, view, base + f.offset);
    }
    rows.push(props);
  }
  return { fields: fields.map(({ name, type, length, decimals }) => ({ name, type, length, decimals })), rows, encoding: enc, warnings };
}

function readValue(f: RawField, raw: Uint8Array, enc: string, view: DataView, at: number): FeatureValue {
  switch (f.type) {
    case 'C': {
      // as shapelib/GDAL: a blank text field is NULL (dBase cannot tell '' from null)
      const bytes = trimRight(raw);
      return bytes.length ? decodeText(bytes, enc) : null;
    }
    case 'N':
    case 'F': {
      const s = ascii(raw).trim();
      if (!s || /^[*.]+$/.test(s) || /^-?\.?$/.test(s)) return null;
      const v = Number(s.replace(',', '.'));
      if (!Number.isFinite(v)) return null;
      // integers too long for a double keep their digits as text (e.g. 18-digit codes)
      if (f.decimals === 0 && /^-?\d+$/.test(s) && !Number.isSafeInteger(v)) return s;
      return v;
    }
    case 'L': {
      const c = ascii(raw).trim().toUpperCase();
      if (c === 'T' || c === 'Y') return true;
      if (c === 'F' || c === 'N') return false;
      return null;
    }
    case 'D': {
      const s = ascii(raw).trim();
      if (!/^\d{8}$/.test(s) || s === '00000000') return null;
      return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
    }
    case 'I':
    case '+':
      return f.length >= 4 ? view.getInt32(at, true) : null;
    case 'O':
      return f.length >= 8 ? view.getFloat64(at, true) : null;
    default:
      return null;
  }
}

// ---------------------------------------------------------------- writing

export interface DbfWriteField {
  /** ≤ 10 bytes of UTF-8 */
  name: string;
  /** the feature property read into this field */
  key: string;
  type: 'C' | 'N' | 'L' | 'D';
  length: number;
  decimals: number;
}

const encoder = new TextEncoder();

function formatNumber(v: number, f: DbfWriteField): string | null {
  const s = f.decimals > 0 ? v.toFixed(f.decimals) : Math.round(v).toFixed(0);
  return s.length <= f.length ? s.padStart(f.length, ' ') : null;
}

function formatDate(v: FeatureValue): string | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(v);
  return m ? `${m[1]}${m[2]}${m[3]}` : null;
}

/** The byte length of a dBase III header with this many fields. */
export const dbfHeaderLength = (fieldCount: number): number => 32 + fieldCount * 32 + 1;

/** Writes a dBase III header (today's date, counts, field descriptors) at the start of out. */
export function writeDbfHeader(out: Uint8Array, recordCount: number, recordLength: number, fields: Pick<DbfWriteField, 'name' | 'type' | 'length' | 'decimals'>[]): void {
  const headerLength = dbfHeaderLength(fields.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const now = new Date();
  out[0] = 0x03;
  out[1] = now.getUTCFullYear() - 1900;
  out[2] = now.getUTCMonth() + 1;
  out[3] = now.getUTCDate();
  view.setUint32(4, recordCount, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  out[29] = 0x00; // code page given by the .cpg
  fields.forEach((f, i) => {
    const p = 32 + i * 32;
    out.set(encoder.encode(f.name).subarray(0, 10), p);
    out[p + 11] = f.type.charCodeAt(0);
    out[p + 16] = f.length;
    out[p + 17] = f.decimals;
  });
  out[headerLength - 1] = 0x0d;
}

/** Writes a dBase III table with UTF-8 text (declare it with a .cpg "UTF-8"). */
export function writeDbf(fields: DbfWriteField[], rows: FeatureProperties[], warnings: string[] = []): Uint8Array {
  const headerLength = dbfHeaderLength(fields.length);
  const recordLength = 1 + fields.reduce((s, f) => s + f.length, 0);
  if (recordLength > 65535) throw new GisFileError('属性字段过多或过长，无法写入 .dbf');
  const out = new Uint8Array(headerLength + rows.length * recordLength + 1);
  writeDbfHeader(out, rows.length, recordLength, fields);
  let overflow = 0;
  let truncated = 0;
  rows.forEach((row, r) => {
    let p = headerLength + r * recordLength;
    out[p++] = 0x20;
    for (const f of fields) {
      const v = row[f.key] ?? null;
      out.fill(0x20, p, p + f.length);
      if (v !== null) {
        if (f.type === 'C') {
          const s = String(v);
          const cut = truncateUtf8(s, f.length);
          if (cut !== s) truncated++;
          out.set(encoder.encode(cut), p);
        } else if (f.type === 'N') {
          const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
          const s = Number.isFinite(n) ? formatNumber(n, f) : null;
          if (s) out.set(encoder.encode(s), p);
          else overflow++;
        } else if (f.type === 'L') {
          out[p] = v === true || v === 'true' || v === 1 ? 0x54 : v === false || v === 'false' || v === 0 ? 0x46 : 0x3f;
        } else {
          const s = formatDate(v);
          if (s) out.set(encoder.encode(s), p);
        }
      } else if (f.type === 'L') {
        out[p] = 0x3f;
      }
      p += f.length;
    }
  });
  out[out.length - 1] = 0x1a;
  if (truncated) warnings.push(`${truncated} 个文本值超过 254 字节，已截断`);
  if (overflow) warnings.push(`${overflow} 个数值无法写入数值字段（格式错误或超出宽度），已留空`);
  return out;
}
