/**
 * The demo zone's offline base map: the river 临江 along its southern edge with the canal that
 * feeds the port, two lakes, and the main roads that run between the districts (the districts'
 * own street grids carry the parcel-level road names). Drawn in the same local metre grid as
 * the districts (layout.ts), so roads pass between districts and water never covers a parcel.
 */
import type { BaseMapKind } from '@land/shared/baseMap';
import { round } from '@land/shared/helpers';
import type { AnyDb } from '../entities/repository';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { DISTRICT_PLANS, toLonLat } from './layout';

type LineString = { type: 'LineString'; coordinates: [number, number][] };
type Polygon = { type: 'Polygon'; coordinates: [number, number][][] };

export interface BaseMapFeatureSeed {
  kind: BaseMapKind;
  name: string;
  geometry: LineString | Polygon;
}

type Km = [number, number];

const km = ([x, y]: Km): [number, number] => toLonLat([x * 1000, y * 1000]);

const line = (points: Km[]): LineString => ({ type: 'LineString', coordinates: points.map(km) });

/** A band of `widthKm` around a centre line (a river), as one counter-clockwise ring. */
function band(centre: Km[], widthKm: number): Polygon {
  const half = widthKm / 2;
  const normalAt = (i: number): Km => {
    const a = centre[Math.max(0, i - 1)];
    const b = centre[Math.min(centre.length - 1, i + 1)];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [-dy / len, dx / len];
  };
  const left = centre.map((p, i) => [p[0] + normalAt(i)[0] * half, p[1] + normalAt(i)[1] * half] as Km);
  const right = centre.map((p, i) => [p[0] - normalAt(i)[0] * half, p[1] - normalAt(i)[1] * half] as Km);
  const ring = [...right, ...left.reverse()];
  return { type: 'Polygon', coordinates: [[...ring, ring[0]].map(km)] };
}

/** An irregular lake: an ellipse whose radius wobbles, so it does not look drawn with a compass. */
function lake(centre: Km, rx: number, ry: number, wobble: number[]): Polygon {
  const n = 28;
  const ring: Km[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i / n) * 2 * Math.PI;
    const f = 1 + wobble[i % wobble.length];
    ring.push([centre[0] + Math.cos(t) * rx * f, centre[1] + Math.sin(t) * ry * f]);
  }
  return { type: 'Polygon', coordinates: [[...ring, ring[0]].map(km)] };
}

/** The river's centre line, west to east, km in the zone grid (south of every district). */
const RIVER: Km[] = [
  [-1.5, 1.25], [1, 1.05], [3.5, 0.85], [6, 0.55], [8.5, 0.1], [11, -0.3], [13.5, -0.5], [16, -0.45], [18.5, -0.3], [21, -0.05], [22.5, 0.2],
];

export function zoneBaseMap(): BaseMapFeatureSeed[] {
  return [
    { kind: 'water', name: '临江', geometry: band(RIVER, 0.42) },
    { kind: 'water', name: '港城河', geometry: band([[13.0, -0.45], [13.0, 1.2], [12.95, 2.2], [13.0, 3.05]], 0.07) },
    { kind: 'water', name: '云谷湖', geometry: lake([6.1, 4.2], 0.5, 0.36, [0, 0.06, 0.1, 0.04, -0.05, -0.08, -0.02, 0.05, 0.09]) },
    { kind: 'water', name: '安澜湖', geometry: lake([15.4, 7.6], 0.75, 0.45, [0.03, 0.08, 0.02, -0.06, -0.1, -0.04, 0.05, 0.07, -0.03, -0.07]) },
    { kind: 'road', name: '滨江大道', geometry: line([[-1.2, 1.75], [1, 1.55], [3.5, 1.35], [6, 1.05], [8.5, 0.6], [11, 0.2], [13.2, 0.02], [17.6, 0.02], [19.0, 0.1], [21, 0.45], [22.3, 0.7]]) },
    { kind: 'road', name: '临江大道', geometry: line([[-0.5, 2.0], [6.8, 2.0], [7.0, 2.95], [12.55, 2.98], [13.2, 3.42], [19.0, 3.45], [21.5, 3.5]]) },
    { kind: 'road', name: '开发大道', geometry: line([[12.55, 0.18], [12.55, 6.93], [14.2, 6.93], [14.2, 9.8]]) },
    { kind: 'road', name: '科创路', geometry: line([[7.0, 0.87], [7.0, 2.95], [7.0, 6.93], [7.0, 9.8]]) },
    { kind: 'road', name: '高铁大道', geometry: line([[2.3, 1.45], [2.3, 4.9], [3.05, 8.3], [3.2, 9.8]]) },
    { kind: 'road', name: '海港大道', geometry: line([[19.0, 0.1], [19.0, 3.45], [19.0, 6.5], [19.0, 9.8]]) },
    { kind: 'road', name: '北环路', geometry: line([[3.2, 9.8], [7.0, 9.8], [14.2, 9.8], [19.0, 9.8]]) },
    { kind: 'road', name: '创新大道', geometry: line([[7.0, 6.93], [12.55, 6.93]]) },
    { kind: 'road', name: '保税路', geometry: line([[14.2, 6.93], [16.6, 6.3], [16.6, 5.45], [19.0, 5.45]]) },
  ];
}

/** The lon-lat box around every district of the demo zone, for the configured map centre. */
export function zoneExtent(): [number, number, number, number] {
  const xs = DISTRICT_PLANS.flatMap((p) => [p.km[0], p.km[2]]);
  const ys = DISTRICT_PLANS.flatMap((p) => [p.km[1], p.km[3]]);
  const [minLon, minLat] = km([Math.min(...xs), Math.min(...ys)]);
  const [maxLon, maxLat] = km([Math.max(...xs), Math.max(...ys)]);
  return [minLon, minLat, maxLon, maxLat];
}

function bboxOf(geometry: LineString | Polygon): [number, number, number, number] {
  const points = geometry.type === 'LineString' ? geometry.coordinates : geometry.coordinates.flat();
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

/** Writes the base map into an empty feature store (never over features an office has loaded). */
export async function seedBaseMap(db: AnyDb): Promise<void> {
  if (await db.selectFrom('t_basemap_feature').select('id').limit(1).executeTakeFirst()) return;
  const now = nowIso();
  await db
    .insertInto('t_basemap_feature')
    .values(
      zoneBaseMap().map((f, i) => {
        const [minLon, minLat, maxLon, maxLat] = bboxOf(f.geometry);
        return { id: newId(), kind: f.kind, name: f.name, geometry: JSON.stringify(f.geometry), minLon, minLat, maxLon, maxLat, displayorder: i + 1, createdAt: now };
      }),
    )
    .execute();
}

const VIEW_KEYS = ['site.mapCenterLon', 'site.mapCenterLat', 'site.mapZoom'];

/**
 * Centres the maps on the demo zone (the settings' default centre is a generic one), unless an
 * office has set its own view already.
 */
export async function seedZoneMapView(db: AnyDb): Promise<void> {
  if (await db.selectFrom('t_setting').select('key').where('key', 'in', VIEW_KEYS).executeTakeFirst()) return;
  const [minLon, minLat, maxLon, maxLat] = zoneExtent();
  const values = [round((minLon + maxLon) / 2, 5), round((minLat + maxLat) / 2, 5), 12];
  const now = nowIso();
  await db
    .insertInto('t_setting')
    .values(VIEW_KEYS.map((key, i) => ({ key, value: JSON.stringify(values[i]), updatedAt: now })))
    .execute();
}
