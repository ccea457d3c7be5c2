/**
 * Which coordinate systems a file's coordinates may be in, likeliest first, for a file that
 * declares none (a shapefile without .prj) or whose coordinates do not fit what it declares.
 * Each reading says where the file's first vertex would land, so the user can choose knowingly.
 */
import { CHINA_EXTENT, crsFromEpsg, type Position } from '@land/shared/geo/index';

export interface CrsReading {
  epsg: number;
  /** the file's X and Y taken the other way round (Chinese surveying calls the northing X) */
  swapXY: boolean;
  /** Chinese name of the reading */
  label: string;
  /** the first vertex of the file under this reading, [lon, lat] */
  lonLat: Position;
}

const inChina = (p: Position) =>
  Number.isFinite(p[0]) && Number.isFinite(p[1]) &&
  p[0] >= CHINA_EXTENT.minLon && p[0] <= CHINA_EXTENT.maxLon && p[1] >= CHINA_EXTENT.minLat && p[1] <= CHINA_EXTENT.maxLat;

/** Geographic systems, CGCS2000 first (the national standard since 2008). */
const GEOGRAPHIC = [4490, 4326, 4610, 4214];
/** First EPSG code and first zone of each Gauss-Krüger series, CGCS2000, then Xi'an 80, then Beijing 54. */
const GK3_PREFIX = [[4513, 25], [2349, 25], [2401, 25]];
const GK6_PREFIX = [[4491, 13], [2327, 13], [21413, 13]];
const GK3_PLAIN = [[4534, 25], [2370, 25], [2422, 25]];
const GK6_PLAIN = [[4502, 13], [2338, 13], [21473, 13]];

function codesFor(x: number, y: number): number[] {
  if (Math.abs(x) <= 180 && Math.abs(y) <= 90) return GEOGRAPHIC;
  if (y < 0 || x < 0) return [];
  const zone = Math.floor(x / 1_000_000);
  if (zone >= 25 && zone <= 45) return GK3_PREFIX.map(([first, z0]) => first + zone - z0);
  if (zone >= 13 && zone <= 23) return GK6_PREFIX.map(([first, z0]) => first + zone - z0);
  if (zone !== 0) return [];
  // No zone number: the easting does not tell the zone; every zone is offered, 3° ones first
  // (the usual width at land-survey scales).
  const out: number[] = [];
  for (const series of [GK3_PLAIN, GK6_PLAIN]) {
    for (const [first, z0] of series) {
      const count = z0 === 25 ? 21 : 11;
      for (let i = 0; i < count; i++) out.push(first + i);
    }
  }
  return out;
}

/**
 * The readings of a vertex that land in China, likeliest first: as written, then X/Y swapped;
 * CGCS2000 before Xi'an 80 and Beijing 54; with `nearLon` (where the office works), the readings
 * landing nearest it first — which picks the zone of an easting written without zone number.
 */
export function crsReadings(sample: Position | undefined, nearLon?: number): CrsReading[] {
  if (!sample || !Number.isFinite(sample[0]) || !Number.isFinite(sample[1])) return [];
  const out: CrsReading[] = [];
  for (const swapXY of [false, true]) {
    const [x, y] = swapXY ? [sample[1], sample[0]] : [sample[0], sample[1]];
    for (const epsg of codesFor(x, y)) {
      const crs = crsFromEpsg(epsg);
      if (!crs) continue;
      const lonLat = crs.kind === 'geographic' ? ([x, y] as Position) : crs.toLonLat(x, y);
      if (!inChina(lonLat)) continue;
      out.push({ epsg, swapXY, label: `${crs.label}${swapXY ? '（X、Y 互换）' : ''}`, lonLat: [round(lonLat[0]), round(lonLat[1])] });
    }
  }
  if (nearLon === undefined || !Number.isFinite(nearLon)) return out;
  // By distance in whole degrees (zones are 3° or 6° apart), the order above within each.
  const key = (r: CrsReading) => (r.swapXY ? 1000 : 0) + Math.floor(Math.abs(r.lonLat[0] - nearLon));
  return out.map((r, i) => ({ r, i })).sort((a, b) => key(a.r) - key(b.r) || a.i - b.i).map(({ r }) => r);
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;
