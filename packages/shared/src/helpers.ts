/**
 * Isomorphic helpers (Node 20 and browsers): no Buffer, no Intl-dependent output, so server
 * and web render the same text.
 */
import { YUAN_LIMIT } from './constants';

// ---------------------------------------------------------------------------------------
// Amount in Chinese capitals (人民币大写)
// ---------------------------------------------------------------------------------------

const CN_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const CN_POSITIONS = ['', '拾', '佰', '仟'];
// Four-digit sections from the right: 个, 万, 亿, 万亿 (1e12 is 万亿 in modern usage, not 兆).
const CN_SECTIONS = ['', '万', '亿', '万'];
const CN_DECIMALS = ['角', '分', '厘', '毫'];

/** Splits a value into sign, integer digits and up to four decimal digits, or null. */
const amountParts = (
  value: number | string,
): { negative: boolean; int: string; dec: string } | null => {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) >= YUAN_LIMIT) return null;
    text = String(value);
    // Only |value| < 1e-6 prints in exponent form here (larger ones are over the limit),
    // and such a value has no digit within four decimals.
    if (text.includes('e')) text = value < 0 ? '-0' : '0';
  } else {
    text = value.trim().replace(/,/g, '');
  }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  // The limit is judged on the numeric value, as the original did with parseFloat:
  // '999999999999999.9999' rounds to 1e15 and is over.
  if (Math.abs(Number(text)) >= YUAN_LIMIT) return null;
  return {
    negative: m[1] === '-',
    int: m[2].replace(/^0+/, ''),
    // Digits past the fourth decimal are cut, not rounded: the amount is read as written.
    dec: (m[3] ?? '').slice(0, 4).padEnd(4, '0'),
  };
};

/** Reads a 4-digit section; leading zeros become one 零 only when something precedes it. */
const readSection = (section: string, hasHigher: boolean): string => {
  let out = '';
  let pendingZero = false;
  for (let i = 0; i < 4; i += 1) {
    const d = Number(section[i]);
    if (d === 0) {
      if (out !== '' || hasHigher) pendingZero = true;
      continue;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += CN_DIGITS[d] + CN_POSITIONS[3 - i];
  }
  return out;
};

const readInteger = (digits: string): string => {
  const padded = digits.padStart(Math.ceil(digits.length / 4) * 4, '0');
  const count = padded.length / 4;
  let out = '';
  let gap = false;
  for (let k = count - 1; k >= 0; k -= 1) {
    const section = padded.slice((count - 1 - k) * 4, (count - k) * 4);
    if (section === '0000') {
      if (out !== '') gap = true;
      // 万亿 needs its 亿 even when the 亿 section itself is empty (1e12 → 壹万亿).
      if (k === 2 && out !== '') out += '亿';
      continue;
    }
    let text = readSection(section, out !== '');
    if (gap && !text.startsWith('零')) text = `零${text}`;
    gap = false;
    out += text + CN_SECTIONS[k];
  }
  return out;
};

/**
 * 人民币大写 of an amount: '' for empty, non-numeric or |value| ≥ 1e15; 零元整 for zero;
 * reads 角, 分, 厘, 毫; '整' only when nothing follows 元. Zeros follow the bank rules:
 * one 零 for any run of zeros inside the number, none at a section's end.
 */
export const amountToChinese = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const parts = amountParts(value);
  if (!parts) return '';
  const intText = parts.int === '' ? '' : readInteger(parts.int);
  let decText = '';
  let pendingZero = false;
  for (let i = 0; i < 4; i += 1) {
    const d = Number(parts.dec[i]);
    if (d === 0) {
      if (intText !== '' || decText !== '') pendingZero = true;
      continue;
    }
    if (pendingZero) decText += '零';
    pendingZero = false;
    decText += CN_DIGITS[d] + CN_DECIMALS[i];
  }
  if (intText === '' && decText === '') return '零元整';
  const sign = parts.negative ? '负' : '';
  if (intText === '') return sign + decText;
  return `${sign}${intText}元${decText === '' ? '整' : decText}`;
};

// ---------------------------------------------------------------------------------------
// Dates (local time)
// ---------------------------------------------------------------------------------------

export type DateInput = Date | string | number | null | undefined;

const LOCAL_DATE_RE =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.\d+)?)?)?$/;

/**
 * Parses input to a Date, or null. 'yyyy-MM-dd' and 'yyyy-MM-dd HH:mm:ss' are local times:
 * the Date constructor would read a bare date as UTC and shift the day west of Greenwich.
 */
export const toDate = (d: DateInput): Date | null => {
  if (d === null || d === undefined || d === '') return null;
  if (d instanceof Date) return Number.isNaN(d.getTime()) ? null : d;
  if (typeof d === 'number') {
    const date = new Date(d);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const s = d.trim();
  const m = LOCAL_DATE_RE.exec(s);
  if (m) {
    const parts = m.slice(1, 7).map((x) => Number(x ?? 0));
    const date = new Date(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
    // Reject dates the constructor would roll over (2024-02-30 → 2024-03-01).
    if (
      date.getFullYear() !== parts[0] ||
      date.getMonth() !== parts[1] - 1 ||
      date.getDate() !== parts[2] ||
      date.getHours() !== parts[3] ||
      date.getMinutes() !== parts[4] ||
      date.getSeconds() !== parts[5]
    ) {
      return null;
    }
    return date;
  }
  if (/^\d+$/.test(s)) return toDate(Number(s));
  const date = new Date(s);
  return Number.isNaN(date.getTime()) ? null : date;
};

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** 'yyyy-MM-dd' in local time; '' for invalid input. */
export const formatDate = (d: DateInput): string => {
  const date = toDate(d);
  if (!date) return '';
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
};

/** 'yyyy年M月d日' in local time; '' for invalid input. */
export const formatDateCn = (d: DateInput): string => {
  const date = toDate(d);
  if (!date) return '';
  return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
};

/** 'yyyy-MM-dd HH:mm:ss' in local time; '' for invalid input. */
export const formatDateTime = (d: DateInput): string => {
  const date = toDate(d);
  if (!date) return '';
  return `${formatDate(date)} ${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
};

// ---------------------------------------------------------------------------------------
// Base64 (hand-written: btoa only takes Latin-1 and Buffer is Node-only)
// ---------------------------------------------------------------------------------------

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

export const bytesToBase64 = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i];
    const b = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? B64[n & 63] : '=';
  }
  return out;
};

/** Decodes standard Base64 (padding optional, whitespace ignored); null if malformed. */
export const base64ToBytes = (text: string): Uint8Array | null => {
  const clean = text.replace(/\s+/g, '').replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let acc = 0;
  let j = 0;
  for (const ch of clean) {
    const v = B64_INDEX.get(ch);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j] = (acc >> bits) & 0xff;
      j += 1;
    }
  }
  return out;
};

/** Base64 of the UTF-8 bytes of a string. */
export const base64Encode = (text: string): string => bytesToBase64(new TextEncoder().encode(text));

/** Inverse of base64Encode; '' when the input is not Base64 of valid UTF-8. */
export const base64Decode = (text: string): string => {
  const bytes = base64ToBytes(text);
  if (!bytes) return '';
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return '';
  }
};

/** SPEC §9: text travels Base64-encoded twice (UTF-8 underneath). */
export const encodeTwice = (text: string): string => base64Encode(base64Encode(text));

export const decodeTwice = (text: string): string => base64Decode(base64Decode(text));

// ---------------------------------------------------------------------------------------
// Request hygiene
// ---------------------------------------------------------------------------------------

export type Cleaned<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };

/** A shallow copy without null or undefined values (SPEC §5: they are never sent). */
export const cleanParams = <T extends object>(obj: T): Cleaned<T> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out as Cleaned<T>;
};

// ---------------------------------------------------------------------------------------
// Quarters
// ---------------------------------------------------------------------------------------

export type Quarter = 1 | 2 | 3 | 4;

/** JS month index (0-based) each quarter starts in. */
export const QUARTER_START_MONTHS = [0, 3, 6, 9] as const;

/** Quarter (1-4) of a date in local time; throws RangeError for an invalid date. */
export const quarterOf = (date: Date | string | number): Quarter => {
  const d = toDate(date);
  if (!d) throw new RangeError(`Invalid date: ${String(date)}`);
  return (Math.floor(d.getMonth() / 3) + 1) as Quarter;
};

export const quarterStartMonth = (q: Quarter): number => QUARTER_START_MONTHS[q - 1];

// ---------------------------------------------------------------------------------------
// Numbers and area units
// ---------------------------------------------------------------------------------------

/**
 * Rounds half away from zero to `digits` decimals, exact for decimal inputs such as 1.005
 * (shifting via the exponent avoids 1.005 * 100 = 100.49999…).
 */
export const round = (n: number, digits = 2): number => {
  if (!Number.isFinite(n)) return n;
  const shift = (x: number, by: number): number => {
    const [mantissa, exp = '0'] = String(x).split('e');
    return Number(`${mantissa}e${Number(exp) + by}`);
  };
  const r = shift(Math.round(shift(Math.abs(n), digits)), -digits);
  return n < 0 && r !== 0 ? -r : r;
};

/** 1 亩 = 2000/3 m² (≈ 666.67). Conversions keep full precision; round for display. */
export const M2_PER_MU = 2000 / 3;

export const m2ToMu = (m2: number): number => (m2 * 3) / 2000;

export const muToM2 = (mu: number): number => (mu * 2000) / 3;

/** A non-negative number's digits (as written, decimals kept) with thousands separators, without Intl, so Node and browsers print the same. */
export const groupThousands = (digits: string): string => {
  const [int, dec] = digits.split('.');
  return `${int.replace(/\B(?=(\d{3})+$)/g, ',')}${dec === undefined ? '' : `.${dec}`}`;
};

/** Thousands separators without Intl, so Node and browsers print the same. */
export const formatThousands = (n: number): string => (Number.isFinite(n) ? `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}` : '');

const CN_MAGNITUDES: readonly [number, string][] = [
  [1e12, '万亿'],
  [1e8, '亿'],
  [1e4, '万'],
];

/**
 * 12345 → '1.23万', 123456789 → '1.23亿'; below 10000 plain with thousands separators.
 * Trailing zeros are dropped (15000 → '1.5万'); '' for non-numeric input.
 */
export const formatChineseNumber = (
  value: number | string | null | undefined,
  digits = 2,
): string => {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  for (let i = 0; i < CN_MAGNITUDES.length; i += 1) {
    const [size, unit] = CN_MAGNITUDES[i];
    if (abs < size) continue;
    const scaled = round(abs / size, digits);
    // 99999999 rounds to 10000万; show it as 1亿 instead.
    if (scaled >= 1e4 && i > 0) {
      const [biggerSize, biggerUnit] = CN_MAGNITUDES[i - 1];
      return `${sign}${round(abs / biggerSize, digits)}${biggerUnit}`;
    }
    // No separators before a unit: '9999.5万' reads naturally, '9,999.5万' does not.
    return `${sign}${scaled}${unit}`;
  }
  const plain = round(abs, digits);
  if (plain >= 1e4) return `${sign}1万`;
  return `${sign}${formatThousands(plain)}`;
};

/** The platform's own stored files are served under this path. */
export const FILES_PATH = '/virtualPath/';

/**
 * Where a link or an attachment may point: one of the platform's own files (/virtualPath/…) or
 * an absolute http(s) address — never javascript:, data:, vbscript: or a protocol-relative //host.
 */
export const isLinkUrl = (s: string): boolean =>
  s === '' || ((s.startsWith(FILES_PATH) || /^https?:\/\/[^\s/?#\\]+/i.test(s)) && !hasSpaceOrControl(s));

const hasSpaceOrControl = (s: string): boolean => /\s/.test(s) || [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Length in the units of the SPEC length rules: a Chinese (or any non-ASCII) character counts
 * 2, everything else 1. Iterates by code point so an emoji counts once, as 2.
 */
export const chineseLength = (s: string): number => {
  let units = 0;
  for (const ch of s) units += (ch.codePointAt(0) ?? 0) > 0x7f ? 2 : 1;
  return units;
};

/**
 * What a text box's counter shows under a length rule of `units` (len200: 200 units): Chinese
 * characters, so 100 汉字 fill "100 / 100" as the rule's message says (two letters or digits make one).
 */
export const hanziCount = (text: string): number => Math.ceil(chineseLength(text) / 2);
