/**
 * A small vector-to-raster map renderer for the manuals: polygons filled with a scanline rule,
 * outlines as thick (optionally dashed) lines, a grid, a scale bar and a north arrow, drawn at
 * twice the size and averaged down for smooth edges, then encoded as PNG. No remote tiles: the
 * document must render offline and identically every time.
 */
import { polygonsOf, type BBox, type ParcelGeometry, type Position } from '@land/shared/geo/index';
import { encodePng } from './png';

/** [r, g, b, a] with a in 0..1 */
export type Rgba = [number, number, number, number];

export interface MapLayer {
  geometries: ParcelGeometry[];
  fill?: Rgba;
  stroke?: Rgba;
  /** output pixels */
  strokeWidth?: number;
  /** [on, off] in output pixels */
  dash?: [number, number];
}

export interface RenderedMap {
  png: Buffer;
  width: number;
  height: number;
  /** length of one grid cell and of the scale bar, metres */
  gridMeters: number;
}

const SS = 2;
const METERS_PER_DEGREE = 111_320;

type Pt = [number, number];

class Canvas {
  readonly w: number;
  readonly h: number;
  /** RGB, 0..255 (bytes, not floats: a 2000×1300 canvas stays at 8 MB) */
  readonly data: Uint8ClampedArray;

  constructor(width: number, height: number, background: Rgba) {
    this.w = width;
    this.h = height;
    this.data = new Uint8ClampedArray(width * height * 3);
    const bg = background.slice(0, 3).map((v) => v * 255);
    for (let i = 0; i < width * height; i++) this.data.set(bg, i * 3);
  }

  private blendSpan(y: number, x0: number, x1: number, c: Rgba): void {
    const a = c[3];
    const r = c[0] * 255;
    const g = c[1] * 255;
    const b = c[2] * 255;
    const from = Math.max(0, x0);
    const to = Math.min(this.w - 1, x1);
    for (let x = from; x <= to; x++) {
      const i = (y * this.w + x) * 3;
      this.data[i] += (r - this.data[i]) * a;
      this.data[i + 1] += (g - this.data[i + 1]) * a;
      this.data[i + 2] += (b - this.data[i + 2]) * a;
    }
  }

  /** Fills rings (pixel coordinates) with the even-odd rule: holes stay open. */
  fill(rings: Pt[][], c: Rgba): void {
    let minY = Infinity;
    let maxY = -Infinity;
    for (const r of rings) for (const p of r) {
      minY = Math.min(minY, p[1]);
      maxY = Math.max(maxY, p[1]);
    }
    const y0 = Math.max(0, Math.floor(minY));
    const y1 = Math.min(this.h - 1, Math.ceil(maxY));
    const xs: number[] = [];
    for (let y = y0; y <= y1; y++) {
      const yc = y + 0.5;
      xs.length = 0;
      for (const r of rings) {
        for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
          const [ax, ay] = r[j];
          const [bx, by] = r[i];
          if (ay <= yc === by <= yc) continue;
          xs.push(ax + ((yc - ay) / (by - ay)) * (bx - ax));
        }
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const start = Math.ceil(xs[k] - 0.5);
        const end = Math.ceil(xs[k + 1] - 0.5) - 1;
        if (end >= start) this.blendSpan(y, start, end, c);
      }
    }
  }

  /** A thick line through the points; joins are squared off by a small square at each vertex. */
  stroke(points: Pt[], width: number, c: Rgba, dash?: [number, number]): void {
    const half = width / 2;
    const segment = (a: Pt, b: Pt) => {
      const dx = b[0] - a[0];
      const dy = b[1] - a[1];
      const len = Math.hypot(dx, dy);
      if (len === 0) return;
      const nx = (-dy / len) * half;
      const ny = (dx / len) * half;
      this.fill([[[a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], [b[0] - nx, b[1] - ny], [a[0] - nx, a[1] - ny]]], c);
    };
    const joint = (p: Pt) => this.fill([[[p[0] - half, p[1] - half], [p[0] + half, p[1] - half], [p[0] + half, p[1] + half], [p[0] - half, p[1] + half]]], c);
    if (!dash) {
      for (let i = 1; i < points.length; i++) segment(points[i - 1], points[i]);
      // Opaque strokes only get joints: overlapping translucent squares would show darker dots.
      if (c[3] >= 1) {
        const closed = points.length > 2 && points[0][0] === points[points.length - 1][0] && points[0][1] === points[points.length - 1][1];
        for (const p of closed ? points.slice(0, -1) : points.slice(1, -1)) joint(p);
      }
      return;
    }
    const [on, off] = dash;
    let drawn = 0;
    let drawing = true;
    for (let i = 1; i < points.length; i++) {
      let a = points[i - 1];
      const b = points[i];
      let remaining = Math.hypot(b[0] - a[0], b[1] - a[1]);
      while (remaining > 0) {
        const left = (drawing ? on : off) - drawn;
        const step = Math.min(left, remaining);
        const t = step / remaining;
        const next: Pt = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        if (drawing) segment(a, next);
        a = next;
        remaining -= step;
        drawn += step;
        if (drawn >= (drawing ? on : off)) {
          drawing = !drawing;
          drawn = 0;
        }
      }
    }
  }

  /** Averages SS×SS blocks into an RGBA image. */
  toRgba(): { width: number; height: number; rgba: Uint8Array } {
    const width = Math.floor(this.w / SS);
    const height = Math.floor(this.h / SS);
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let ch = 0; ch < 3; ch++) {
          let sum = 0;
          for (let dy = 0; dy < SS; dy++) for (let dx = 0; dx < SS; dx++) sum += this.data[((y * SS + dy) * this.w + x * SS + dx) * 3 + ch];
          rgba[(y * width + x) * 4 + ch] = Math.round(sum / (SS * SS));
        }
        rgba[(y * width + x) * 4 + 3] = 255;
      }
    }
    return { width, height, rgba };
  }
}

/** 1, 2 or 5 times a power of ten, the largest not above `meters`. */
function niceLength(meters: number): number {
  const p = 10 ** Math.floor(Math.log10(meters));
  return [5, 2, 1].map((m) => m * p).find((v) => v <= meters) ?? p;
}

export function rgb(hex: string, alpha = 1): Rgba {
  const n = parseInt(hex.replace('#', ''), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255, alpha];
}

/**
 * Renders the layers (first drawn first) over `extent` (lon-lat; a margin is added) into a
 * width×height PNG. The projection is equirectangular around the extent's centre latitude —
 * at parcel and district scale its distortion is far below what a print shows.
 */
export function renderMap(options: { width: number; height: number; extent: BBox; layers: MapLayer[] }): RenderedMap {
  const W = options.width * SS;
  const H = options.height * SS;
  const [minLon, minLat, maxLon, maxLat] = options.extent;
  const lat0 = (minLat + maxLat) / 2;
  const cosLat = Math.cos((lat0 * Math.PI) / 180);
  const cx = (minLon + maxLon) / 2;
  const cy = lat0;
  const spanX = Math.max((maxLon - minLon) * cosLat, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const k = Math.min((W * 0.88) / spanX, (H * 0.88) / spanY);
  const toPx = (p: Position): Pt => [W / 2 + (p[0] - cx) * cosLat * k, H / 2 - (p[1] - cy) * k];
  const metersPerPx = METERS_PER_DEGREE / k;

  const canvas = new Canvas(W, H, rgb('#f7f9fc'));
  const gridMeters = niceLength((W / 5) * metersPerPx);
  const gridPx = gridMeters / metersPerPx;
  const gridColor = rgb('#dde3ec');
  for (let x = (W / 2) % gridPx; x < W; x += gridPx) canvas.stroke([[x, 0], [x, H]], SS, gridColor);
  for (let y = (H / 2) % gridPx; y < H; y += gridPx) canvas.stroke([[0, y], [W, y]], SS, gridColor);

  for (const layer of options.layers) {
    for (const g of layer.geometries) {
      const polygons = polygonsOf(g).map((poly) => poly.map((ring) => ring.map(toPx)));
      if (layer.fill) for (const rings of polygons) canvas.fill(rings, layer.fill);
      if (layer.stroke) {
        const dash = layer.dash ? ([layer.dash[0] * SS, layer.dash[1] * SS] as [number, number]) : undefined;
        for (const rings of polygons) for (const ring of rings) canvas.stroke(ring, (layer.strokeWidth ?? 1) * SS, layer.stroke, dash);
      }
    }
  }

  // Scale bar (bottom left): one grid length, in black and white halves.
  const m = 16 * SS;
  const barH = 6 * SS;
  const black = rgb('#262626');
  const white = rgb('#ffffff');
  const half = gridPx / 2;
  canvas.fill([[[m - SS, H - m - barH - SS], [m + gridPx + SS, H - m - barH - SS], [m + gridPx + SS, H - m + SS], [m - SS, H - m + SS]]], black);
  canvas.fill([[[m + half, H - m - barH], [m + gridPx, H - m - barH], [m + gridPx, H - m], [m + half, H - m]]], white);
  // North arrow (top right): a black triangle over a white one.
  const ax = W - m - 10 * SS;
  const ay = m;
  canvas.fill([[[ax, ay], [ax + 9 * SS, ay + 26 * SS], [ax, ay + 20 * SS]]], black);
  canvas.fill([[[ax, ay], [ax, ay + 20 * SS], [ax - 9 * SS, ay + 26 * SS]]], rgb('#8c8c8c'));

  const { width, height, rgba } = canvas.toRgba();
  return { png: encodePng(width, height, rgba), width, height, gridMeters };
}

/** The box around `boxes`, widened to at least `minMeters` across and by `margin` (0.3 = 30 %). */
export function viewExtent(boxes: BBox[], minMeters: number, margin: number): BBox {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    minX = Math.min(minX, b[0]);
    minY = Math.min(minY, b[1]);
    maxX = Math.max(maxX, b[2]);
    maxY = Math.max(maxY, b[3]);
  }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const cos = Math.cos((cy * Math.PI) / 180);
  const minDegY = minMeters / METERS_PER_DEGREE;
  const minDegX = minDegY / cos;
  const hx = Math.max((maxX - minX) * (1 + margin), minDegX) / 2;
  const hy = Math.max((maxY - minY) * (1 + margin), minDegY) / 2;
  return [cx - hx, cy - hy, cx + hx, cy + hy];
}
