/**
 * Demo panoramas: equirectangular 2:1 PNG images (sky, sun, distant hills and buildings on the
 * horizon, a levelled site in front), drawn pixel by pixel and encoded with node:zlib, so the
 * demo needs no image files in the repository. Written into the upload store like uploads.
 */
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
import { newId } from '../lib/ids';
import type { StoredFile } from '../services/files';
import { VIRTUAL_PREFIX } from '../services/files';
import type { FileStore } from '../services/storage';
import { rng } from './layout';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGB PNG from raw scanlines (filter byte 0 already in front of each). */
export function encodePng(width: number, height: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type RGB = [number, number, number];
const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** One panorama, 2048×1024 by default; `variant` changes the sky, the skyline and the site. */
export function drawPanorama(variant: number, width = 2048, height = 1024): Buffer {
  const r = rng(7001 + variant * 131);
  const horizon = Math.round(height / 2);
  const zenith: RGB = [52 + variant * 6, 110, 190];
  const haze: RGB = [196, 220, 236];
  const near: RGB = variant % 2 ? [126, 112, 84] : [104, 124, 74]; // levelled earth or grass
  const far: RGB = [150, 156, 132];
  const sunX = Math.floor(r() * width);
  const sunY = Math.floor(height * (0.18 + r() * 0.12));
  // Skyline: hills (smooth) and building blocks (flat tops) above the horizon, in pixels.
  const skyline = new Float64Array(width);
  const phase = r() * Math.PI * 2;
  for (let x = 0; x < width; x++) {
    const a = (x / width) * Math.PI * 2;
    skyline[x] = 10 + 18 * Math.max(0, Math.sin(a * 2 + phase)) + 8 * Math.max(0, Math.sin(a * 5 + phase * 2));
  }
  for (let b = 0; b < 28; b++) {
    const x0 = Math.floor(r() * width);
    const w = 12 + Math.floor(r() * 50);
    const h = 14 + Math.floor(r() * 60);
    for (let x = x0; x < x0 + w; x++) skyline[x % width] = Math.max(skyline[x % width], h);
  }
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      let c: RGB;
      if (y < horizon) {
        const t = y / horizon;
        c = mix(zenith, haze, t * t);
        const d = Math.hypot(x - sunX, (y - sunY) * 1.6);
        if (d < 26) c = [255, 246, 214];
        else if (d < 90) c = mix([255, 236, 190], c, (d - 26) / 64);
        if (horizon - y < skyline[x]) {
          const building = skyline[x] > 30;
          c = building ? [118 + ((x >> 3) % 3) * 8, 126, 140] : [96, 122, 110];
        }
      } else {
        const t = (y - horizon) / (height - horizon);
        c = mix(far, near, Math.sqrt(t));
        // Furrows of the levelled site and a survey stake line.
        if (((y - horizon) % Math.max(4, Math.round(40 * t))) === 0) c = mix(c, [80, 70, 50], 0.25);
        if (Math.abs(x - width / 2) < 2 + t * 6 && t > 0.05) c = [200, 60, 50];
      }
      const i = row + 1 + x * 3;
      raw[i] = c[0];
      raw[i + 1] = c[1];
      raw[i + 2] = c[2];
    }
  }
  return encodePng(width, height, raw);
}

/**
 * Writes `count` panoramas into the upload store (panorama/<month>/<id>.png, as an upload would
 * be) and returns their file entries.
 */
export async function writeDemoPanoramas(store: FileStore, names: string[]): Promise<StoredFile[]> {
  const now = new Date(Date.now() + 8 * 3600_000);
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const files: StoredFile[] = [];
  for (const [i, name] of names.entries()) {
    const id = newId();
    const key = `panorama/${month}/${id}.png`;
    const tmp = await store.tempPath(key);
    await fsp.writeFile(tmp, drawPanorama(i));
    await store.putFile(key, tmp);
    files.push({ id, name, url: `${VIRTUAL_PREFIX}/${key}` });
  }
  return files;
}
