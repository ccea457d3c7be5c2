/**
 * The map of the demo zone: each district a rectangle (none overlapping), cut into street
 * blocks by named roads; parcels are laid out in blocks, a few per block with gaps between
 * them, their corners pulled inwards a little (and some cut at road corners) so they look
 * surveyed rather than drawn. Nothing overlaps: blocks are apart by the roads, parcels within
 * a block by a gap, and every corner only moves inwards.
 *
 * Deterministic: the same seed gives the same zone, so the demo and its tests agree.
 */
import { round } from '@land/shared/helpers';
import type { Polygon } from './zone';

/** Origin of the zone's local metre grid and metres per degree there. */
const ORIGIN = { lon: 120.4, lat: 30.26 };
const M_PER_DEG_LAT = 111320;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((30.3 * Math.PI) / 180);

/** Inset of the street grid from the district edge, road width, gap between parcels (m). */
const EDGE = 60;
const ROAD = 40;
const GAP = 12;

export interface DistrictPlan {
  areacode: string;
  /** Rectangle in km east / north of the origin: [x0, y0, x1, y1]. */
  km: [number, number, number, number];
  /** Street block size (m). */
  block: [number, number];
  /** Generated parcels (besides reserved ones). */
  count: number;
  /** Short code in parcel names: 滨江智造园JX-12地块. */
  prefix: string;
  /** Names of north-south roads (west → east) and east-west roads (south → north), by index. */
  roads: { ns: (i: number) => string; ew: (i: number) => string };
  /** Land classes and their weights. */
  classes: [string, number][];
}

const CN = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二', '十三', '十四', '十五', '十六', '十七', '十八'];
const nth = (prefix: string, suffix: string, named: Record<number, string> = {}) => (i: number) => named[i] ?? `${prefix}${CN[i] ?? i + 1}${suffix}`;

/** Centred on the districts' published positions where they do not collide (科创走廊 and 生物医药港 moved aside). */
export const DISTRICT_PLANS: DistrictPlan[] = [
  {
    areacode: 'LJ01', km: [7.11, 3.15, 12.11, 6.87], block: [400, 320], count: 84, prefix: 'JX',
    roads: { ns: nth('经', '路', { 0: '智造大道' }), ew: nth('纬', '路', { 5: '智造北路' }) },
    classes: [['100101', 45], ['100102', 35], ['1001', 10], ['0901', 5], ['0802', 5]],
  },
  {
    areacode: 'LJ02', km: [13.38, 0.12, 17.38, 3.22], block: [380, 300], count: 58, prefix: 'WL',
    roads: { ns: nth('物流', '路'), ew: nth('临港', '路', { 0: '疏港公路', 4: '港城大道' }) },
    classes: [['1101', 20], ['110101', 25], ['110102', 15], ['100102', 25], ['1001', 10], ['0901', 5]],
  },
  {
    areacode: 'LJ03', km: [3.4, 5.3, 6.9, 8.1], block: [300, 240], count: 43, prefix: 'KC',
    roads: { ns: nth('创智', '街', { 2: '科创大道' }), ew: nth('云谷', '路', { 3: '创新路' }) },
    classes: [['0802', 40], ['100101', 35], ['0901', 15], ['0701', 10]],
  },
  {
    areacode: 'LJ04', km: [10.99, 7.0, 13.99, 9.5], block: [320, 260], count: 38, prefix: 'YY',
    roads: { ns: nth('药谷', '路', { 1: '药谷大道' }), ew: nth('康源', '路', { 2: '安澜路' }) },
    classes: [['100101', 50], ['100102', 30], ['0802', 15], ['0901', 5]],
  },
  {
    areacode: 'LJ05', km: [16.78, 3.65, 18.78, 5.25], block: [300, 240], count: 25, prefix: 'BS',
    roads: { ns: nth('海关', '路'), ew: nth('保税', '路') },
    classes: [['1101', 30], ['110101', 30], ['100101', 40]],
  },
  {
    areacode: 'LJ06', km: [2.54, 2.17, 5.14, 4.52], block: [260, 210], count: 37, prefix: 'GT',
    roads: { ns: nth('站前', '路', { 3: '站前大道' }), ew: nth('高铁', '路', { 0: '高铁南路', 6: '高铁北路' }) },
    classes: [['0701', 45], ['0901', 45], ['0802', 10]],
  },
];

/** mulberry32: small, fast, good enough for demo data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type XY = [number, number];

export const toLonLat = ([x, y]: XY): [number, number] => [
  round(ORIGIN.lon + x / M_PER_DEG_LON, 7),
  round(ORIGIN.lat + y / M_PER_DEG_LAT, 7),
];

const polygon = (ring: XY[]): Polygon => ({ type: 'Polygon', coordinates: [[...ring, ring[0]].map(toLonLat)] });

interface Block {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  col: number;
  row: number;
}

export interface LaidParcel {
  areacode: string;
  /** Sequence within the district (for names and codes). */
  seq: number;
  dlcode: string;
  geometry: Polygon;
  /** Planar area of the drawn shape, m² (the stored area is measured on the ellipsoid). */
  area: number;
  /** Centre in lon-lat, for distances. */
  center: [number, number];
  location: string;
  bounds: { east: string; south: string; west: string; north: string };
}

export interface DistrictLayout {
  plan: DistrictPlan;
  boundary: Polygon;
  center: [number, number];
  parcels: LaidParcel[];
  /** Blocks left for reserved shapes (named parcels, stock land), in order of use. */
  spare: Block[];
}

function pick<T>(r: () => number, weighted: [T, number][]): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of weighted) {
    x -= w;
    if (x < 0) return v;
  }
  return weighted[weighted.length - 1][0];
}

function blocksOf(plan: DistrictPlan): Block[] {
  const [kx0, ky0, kx1, ky1] = plan.km;
  const W = (kx1 - kx0) * 1000 - 2 * EDGE;
  const H = (ky1 - ky0) * 1000 - 2 * EDGE;
  const cols = Math.max(1, Math.floor((W + ROAD) / (plan.block[0] + ROAD)));
  const rows = Math.max(1, Math.floor((H + ROAD) / (plan.block[1] + ROAD)));
  const bw = (W + ROAD) / cols - ROAD;
  const bh = (H + ROAD) / rows - ROAD;
  const out: Block[] = [];
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < rows; r++) {
      const x0 = kx0 * 1000 + EDGE + c * (bw + ROAD);
      const y0 = ky0 * 1000 + EDGE + r * (bh + ROAD);
      out.push({ x0, y0, x1: x0 + bw, y1: y0 + bh, col: c, row: r });
    }
  }
  return out;
}

/** Parcel i of n cut from a block west to east, with gaps; widths vary a little. */
function splitBlock(b: Block, n: number, r: () => number): [number, number][] {
  const weights = Array.from({ length: n }, () => 0.75 + r() * 0.5);
  const total = weights.reduce((s, w) => s + w, 0);
  const usable = b.x1 - b.x0 - GAP * (n - 1);
  const out: [number, number][] = [];
  let x = b.x0;
  for (const w of weights) {
    const width = (usable * w) / total;
    out.push([x, x + width]);
    x += width + GAP;
  }
  return out;
}

/**
 * A quadrilateral inside [x0,x1]×[y0,y1], corners pulled inwards by up to 10 m; a corner at a
 * road crossing is sometimes cut (道路转角切角). Counter-clockwise from the south-west.
 */
function surveyedShape(x0: number, x1: number, y0: number, y1: number, cut: { sw: boolean; se: boolean; ne: boolean; nw: boolean }, r: () => number): XY[] {
  const j = () => r() * 10;
  const sw: XY = [x0 + j(), y0 + j()];
  const se: XY = [x1 - j(), y0 + j()];
  const ne: XY = [x1 - j(), y1 - j()];
  const nw: XY = [x0 + j(), y1 - j()];
  const c = () => 12 + r() * 10;
  const ring: XY[] = [];
  if (cut.sw) {
    const k = c();
    ring.push([sw[0] + k, sw[1]]);
  } else ring.push(sw);
  if (cut.se) {
    const k = c();
    ring.push([se[0] - k, se[1]], [se[0], se[1] + k]);
  } else ring.push(se);
  if (cut.ne) {
    const k = c();
    ring.push([ne[0], ne[1] - k], [ne[0] - k, ne[1]]);
  } else ring.push(ne);
  if (cut.nw) {
    const k = c();
    ring.push([nw[0] + k, nw[1]], [nw[0], nw[1] - k]);
  } else ring.push(nw);
  if (cut.sw) {
    const k = c();
    ring.push([sw[0], sw[1] + k]);
  }
  return ring;
}

const shoelace = (ring: XY[]) => {
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[(i + 1) % ring.length];
    s += ax * by - bx * ay;
  }
  return s / 2;
};

const MIN_AREA = 7_000; // ≈ 10.5 亩
const MAX_AREA = 98_000; // ≈ 147 亩

function describe(plan: DistrictPlan, b: Block, i: number, n: number) {
  const west = i === 0 ? plan.roads.ns(b.col) : '相邻地块';
  const east = i === n - 1 ? plan.roads.ns(b.col + 1) : '相邻地块';
  const south = plan.roads.ew(b.row);
  const north = plan.roads.ew(b.row + 1);
  const location = i === 0 ? `${plan.roads.ns(b.col)}以东、${south}以北` : i === n - 1 ? `${plan.roads.ns(b.col + 1)}以西、${south}以北` : `${south}以北、${north}以南`;
  return { location, bounds: { east, south, west, north } };
}

/** Lays out one district: blocks in development order, split into parcels until `count`. */
function layDistrict(plan: DistrictPlan, seed: number): DistrictLayout {
  const r = rng(seed);
  const blocks = blocksOf(plan);
  // Development spreads from one corner: nearer blocks first, with noise.
  const [fx, fy] = [blocks[0].x0, blocks[0].y0];
  const order = blocks
    .map((b) => ({ b, k: Math.hypot(b.x0 - fx, b.y0 - fy) * (0.6 + r() * 0.8) }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.b);
  // Every fifth block is kept back for reserved shapes (named parcels, stock land).
  const spare = order.filter((_, i) => i % 5 === 2);
  const usable = order.filter((_, i) => i % 5 !== 2);
  const parcels: LaidParcel[] = [];
  let seq = 0;
  for (const b of usable) {
    if (parcels.length >= plan.count) break;
    const area = (b.x1 - b.x0) * (b.y1 - b.y0);
    const options = [1, 2, 3, 4].filter((n) => area / n >= MIN_AREA * 1.15 && area / n <= MAX_AREA * 0.9);
    if (options.length === 0) continue;
    const n = options[Math.floor(r() * options.length)];
    // The last block may be only partly used; its parcels keep the sizes of a full split.
    const strips = splitBlock(b, n, r).slice(0, plan.count - parcels.length);
    strips.forEach(([x0, x1], i) => {
      const cutOk = (corner: boolean) => corner && r() < 0.35;
      const ring = surveyedShape(x0, x1, b.y0, b.y1, { sw: cutOk(i === 0), nw: cutOk(i === 0), se: cutOk(i === n - 1), ne: cutOk(i === n - 1) }, r);
      seq += 1;
      const xs = ring.map((p) => p[0]);
      const ys = ring.map((p) => p[1]);
      const center = toLonLat([(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]);
      parcels.push({
        areacode: plan.areacode,
        seq,
        dlcode: pick(r, plan.classes),
        geometry: polygon(ring),
        area: shoelace(ring),
        center,
        ...describe(plan, b, i, n),
      });
    });
  }
  const [kx0, ky0, kx1, ky1] = plan.km.map((v) => v * 1000);
  return {
    plan,
    boundary: polygon([[kx0, ky0], [kx1, ky0], [kx1, ky1], [kx0, ky1]]),
    center: toLonLat([(kx0 + kx1) / 2, (ky0 + ky1) / 2]),
    parcels,
    spare,
  };
}

export interface ZoneLayout {
  districts: Map<string, DistrictLayout>;
  /**
   * A rectangle of `areaM2` in the next spare block of a district (full block height, from its
   * west side), for named parcels and stock land. Its location text names the bounding roads.
   */
  carve(areacode: string, areaM2: number): { geometry: Polygon; center: [number, number]; location: string; bounds: LaidParcel['bounds'] };
}

export function buildZoneLayout(seed = 20240601): ZoneLayout {
  const districts = new Map(DISTRICT_PLANS.map((p, i) => [p.areacode, layDistrict(p, seed + i * 7919)]));
  return {
    districts,
    carve(areacode, areaM2) {
      const d = districts.get(areacode);
      const b = d?.spare.shift();
      if (!d || !b) throw new Error(`demo layout: no spare block left in ${areacode}`);
      let h = b.y1 - b.y0;
      let w = areaM2 / h;
      if (w > b.x1 - b.x0) {
        // Too large for a strip: a rectangle of the block's proportions, centred.
        const scale = Math.sqrt(areaM2 / ((b.x1 - b.x0) * h));
        if (scale > 1) throw new Error(`demo layout: ${areaM2} m² does not fit a block of ${areacode}`);
        w = (b.x1 - b.x0) * scale;
        h *= scale;
      }
      const ring: XY[] = [[b.x0, b.y0], [b.x0 + w, b.y0], [b.x0 + w, b.y0 + h], [b.x0, b.y0 + h]];
      const { location, bounds } = describe(d.plan, b, 0, 1);
      return { geometry: polygon(ring), center: toLonLat([b.x0 + w / 2, b.y0 + h / 2]), location, bounds };
    },
  };
}
