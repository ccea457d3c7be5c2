/**
 * Overlapping parcels (issue 15, item 1): which parcels a boundary overlaps, and by how much.
 * Candidates come from the spatial index the tiles use (the R*Tree on SQLite, the GiST box index
 * on PostgreSQL); the exact intersection is computed by PostGIS (ST_Intersection) when the
 * extension is present, otherwise by polyclip-ts. Either way the intersection's area is measured
 * by the same code (geodesic, CGCS2000: shared/geo/area.ts), so both databases give the same
 * answers. Touching boundaries (a shared edge or corner) are not an overlap.
 */
import { sql } from 'kysely';
import * as polyclip from 'polyclip-ts';
import { areaMu, bbox, geodesicArea, polygonsOf, validateParcelGeometry, type ParcelGeometry, type Ring } from '@land/shared/geo/index';
import { round } from '@land/shared/helpers';
import type { ParcelOverlap } from '@land/shared/lifecycle';
import type { AnyDb } from '../entities/repository';
import { validationError } from '../lib/errors';
import { isSqlite, pgBox, postgisSchema } from './tiles/store';

/** Smaller intersections are rounding noise along a shared edge, not an overlap. */
const MIN_OVERLAP_M2 = 0.01;

interface Candidate {
  id: string;
  dkmc: string;
  dkbh: string | null;
  status: string;
  tradeState: string | null;
  geometry: unknown;
}

const parseJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
};

/** A boundary as sent or stored, validated; the caller's field name in the message. */
export function overlapGeometry(value: unknown): ParcelGeometry {
  const result = validateParcelGeometry(parseJson(value));
  if (!result.ok) throw validationError('geometry', `地块边界不正确：${result.message}`);
  return result.geometry;
}

/** Parcels whose bounding box meets the box (the tiles' index), other than `excludeId`. */
async function candidates(db: AnyDb, box: [number, number, number, number], excludeId: string | undefined): Promise<Candidate[]> {
  const [w, s, e, n] = box;
  const columns = sql.raw('l.id, l.dkmc, l.dkbh, l.status, l."tradeState", l.geometry');
  const exclude = excludeId ? sql`and l.id <> ${excludeId}` : sql``;
  if (isSqlite(db)) {
    const r = await sql<Candidate>`select ${columns} from t_landinfo_rtree r join t_landinfo l on l.rowid = r.id
      where r."maxLon" >= ${w} and r."minLon" <= ${e} and r."maxLat" >= ${s} and r."minLat" <= ${n} ${exclude}`.execute(db);
    return r.rows;
  }
  const r = await sql<Candidate>`select ${columns} from t_landinfo l
    where ${pgBox('l')} && box(point(${w}, ${s}), point(${e}, ${n})) ${exclude}`.execute(db);
  return r.rows;
}

/** The polygonal part of a GeoJSON geometry (PostGIS may answer a collection). */
function polygonal(value: unknown): Ring[][] {
  const g = parseJson(value) as { type?: string; coordinates?: unknown } | null;
  if (!g) return [];
  if (g.type === 'Polygon') return [g.coordinates as Ring[]];
  if (g.type === 'MultiPolygon') return g.coordinates as Ring[][];
  return [];
}

function measured(c: Candidate, polygons: Ring[][]): ParcelOverlap | null {
  if (polygons.length === 0) return null;
  const geometry: ParcelGeometry = polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] } : { type: 'MultiPolygon', coordinates: polygons };
  const m2 = geodesicArea(geometry);
  if (!(m2 >= MIN_OVERLAP_M2)) return null;
  return { id: c.id, dkmc: c.dkmc, dkbh: c.dkbh ?? null, status: c.status, tradeState: c.tradeState ?? null, areaM2: round(m2, 2), areaMu: round(areaMu(m2), 2), geometry };
}

type Pair = [number, number];
const clipInput = (g: ParcelGeometry) => polygonsOf(g).map((poly) => poly.map((ring) => ring.map((p) => [p[0], p[1]] as Pair)));

/** Exact intersections in the process (SQLite, or PostgreSQL without PostGIS). */
function intersectInProcess(geometry: ParcelGeometry, list: Candidate[]): ParcelOverlap[] {
  const mine = clipInput(geometry);
  const out: ParcelOverlap[] = [];
  for (const c of list) {
    const other = validateParcelGeometry(parseJson(c.geometry));
    if (!other.ok) continue;
    const parts = polyclip.intersection(mine, clipInput(other.geometry)) as Ring[][];
    const found = measured(c, parts);
    if (found) out.push(found);
  }
  return out;
}

async function intersectPostgis(db: AnyDb, postgis: string, geometry: ParcelGeometry, list: Candidate[]): Promise<ParcelOverlap[]> {
  if (list.length === 0) return [];
  const fn = (name: string) => sql.raw(`${JSON.stringify(postgis)}.${name}`);
  const geom = (g: unknown) => sql`${fn('st_setsrid')}(${fn('st_geomfromgeojson')}(${g}::text), 4326)`;
  const r = await sql<{ id: string; part: string | null }>`
    select l.id, ${fn('st_asgeojson')}(${fn('st_collectionextract')}(${fn('st_intersection')}(${geom(sql`l.geometry`)}, ${geom(JSON.stringify(geometry))}), 3), 15) as part
    from t_landinfo l where l.id in (${sql.join(list.map((c) => c.id))})`.execute(db);
  const parts = new Map(r.rows.map((row) => [row.id, row.part]));
  const out: ParcelOverlap[] = [];
  for (const c of list) {
    const found = measured(c, polygonal(parts.get(c.id)));
    if (found) out.push(found);
  }
  return out;
}

/**
 * Every parcel (not deleted: deleted parcels live in the recycle bin) whose boundary overlaps
 * `geometry` by at least 0.01 m², largest overlap first.
 */
export async function findOverlaps(db: AnyDb, geometry: ParcelGeometry, excludeId?: string): Promise<ParcelOverlap[]> {
  const list = (await candidates(db, bbox(geometry), excludeId)).filter((c) => c.geometry);
  const postgis = isSqlite(db) ? null : await postgisSchema(db).catch(() => null);
  const found = postgis ? await intersectPostgis(db, postgis, geometry, list) : intersectInProcess(geometry, list);
  return found.sort((a, b) => b.areaM2 - a.areaM2 || a.dkmc.localeCompare(b.dkmc));
}

/** Published, listed or dealt: what the public sees as taken. */
export function isOfferedParcel(o: Pick<ParcelOverlap, 'status' | 'tradeState'>): boolean {
  return o.status === 'published' || o.tradeState === 'listed' || o.tradeState === 'deal';
}
