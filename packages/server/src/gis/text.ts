/** Text decoding for DBF attributes: UTF-8 / GBK detection and .cpg code pages. */
import { TextDecoder } from 'node:util';

/** TextDecoder labels for the code pages Chinese GIS files declare in .cpg or the DBF header. */
export function encodingFromCpg(cpg: string): string | null {
  const s = cpg.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (!s) return null;
  if (/^(utf-?8|65001|unicode \(utf-8\))$/.test(s)) return 'utf-8';
  if (/^(gbk|cp ?936|936|ansi 936|ms936|windows-936|x-gbk|gb2312|gb_2312-80|euc-cn|chinese)$/.test(s)) return 'gbk';
  if (/^(gb18030|54936)$/.test(s)) return 'gb18030';
  if (/^(big5|cp ?950|950)$/.test(s)) return 'big5';
  if (/^(1252|cp ?1252|ansi 1252|windows-1252|iso-?8859-1|latin-?1|88591)$/.test(s)) return 'windows-1252';
  try {
    return new TextDecoder(s).encoding;
  } catch {
    return null;
  }
}

/** The DBF header's language driver id (byte 29) when it names a Chinese code page. */
export function encodingFromLdid(ldid: number): string | null {
  if (ldid === 0x4d || ldid === 0x7a) return 'gbk'; // 936 (ESRI / FoxPro "PRC GBK")
  if (ldid === 0x78) return 'big5'; // 950
  return null;
}

/**
 * Whether bytes are valid UTF-8. A multi-byte sequence cut off at the very end counts as
 * valid: DBF writers truncate text to the field width without regard to characters.
 */
export function isUtf8(bytes: Uint8Array): boolean {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) need = 2;
    else if (b >= 0xf0 && b <= 0xf4) need = 3;
    else return false;
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return true; // truncated at the end
      const c = bytes[i + k];
      if (c < 0x80 || c > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}

export function hasNonAscii(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b >= 0x80) return true;
  return false;
}

const decoders = new Map<string, TextDecoder>();

export function decodeText(bytes: Uint8Array, encoding: string): string {
  let d = decoders.get(encoding);
  if (!d) {
    d = new TextDecoder(encoding);
    decoders.set(encoding, d);
  }
  // a multi-byte character cut by the field width decodes to U+FFFD at the end: drop it
  return d.decode(bytes).replace(/\uFFFD+$/, '');
}

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character. */
export function truncateUtf8(s: string, maxBytes: number): string {
  const enc = new TextEncoder();
  if (enc.encode(s).length <= maxBytes) return s;
  let out = '';
  let used = 0;
  for (const ch of s) {
    const len = enc.encode(ch).length;
    if (used + len > maxBytes) break;
    out += ch;
    used += len;
  }
  return out;
}
