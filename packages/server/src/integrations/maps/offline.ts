import { haversineMeters, pointInPolygon, type Position, type Ring } from '@land/shared/geo/index';
import type { AnyDb } from '../../entities/repository';
import type { DrivingRoute, MapsService, Poi, PoiQuery } from './types';

/**
 * Straight-line distance times this is the usual road distance between two places in a
 * developed zone (grid roads); with the average speed below it gives a drive time estimate.
 */
export const ROAD_FACTOR = 1.3;
export const AVERAGE_SPEED_KMH = 40;

export interface FacilityRow {
  name: string;
  type: string;
  lon: number;
  lat: number;
  address: string | null;
}

/** The enabled entries of the facility dictionary (tFacility). */
export async function loadFacilities(db: AnyDb): Promise<FacilityRow[]> {
  const rows = await db
    .selectFrom('t_facility')
    .select(['name', 'type', 'lon', 'lat', 'address'])
    .where('status', '=', '1')
    .orderBy('type')
    .orderBy('displayorder')
    .orderBy('id')
    .limit(10_000)
    .execute();
  return (rows as Record<string, unknown>[])
    .map((r) => ({ name: String(r.name), type: String(r.type), lon: Number(r.lon), lat: Number(r.lat), address: r.address === null ? null : String(r.address) }))
    .filter((r) => Number.isFinite(r.lon) && Number.isFinite(r.lat));
}

/**
 * The default maps service: answers from the platform's own facility dictionary with
 * straight-line distances, and estimates drive times. It needs no key and no network, so a
 * land office without an online service still fills surroundings and distances in one click.
 */
export class OfflineMapsService implements MapsService {
  readonly source = 'offline' as const;
  readonly remote = false;
  private facilities: Promise<FacilityRow[]> | undefined;

  constructor(private readonly db: AnyDb) {}

  private all(): Promise<FacilityRow[]> {
    this.facilities ??= loadFacilities(this.db);
    return this.facilities;
  }

  private matches(f: FacilityRow, query: PoiQuery): boolean {
    if (query.types?.length && !query.types.includes(f.type)) return false;
    return !query.keywords || query.keywords.split('|').some((k) => k && f.name.includes(k));
  }

  async aroundSearch(center: Position, query: PoiQuery): Promise<Poi[]> {
    const radius = query.radius ?? 3000;
    return (await this.all())
      .filter((f) => this.matches(f, query))
      .map((f) => ({ name: f.name, type: f.type, address: f.address ?? '', lon: f.lon, lat: f.lat, distanceM: Math.round(haversineMeters(center, [f.lon, f.lat])) }))
      .filter((p) => p.distanceM <= radius)
      .sort((a, b) => a.distanceM - b.distanceM)
      .slice(0, query.limit ?? 20);
  }

  async polygonSearch(polygon: Position[], query: PoiQuery): Promise<Poi[]> {
    const ring: Ring = polygon.length && (polygon[0][0] !== polygon[polygon.length - 1][0] || polygon[0][1] !== polygon[polygon.length - 1][1]) ? [...polygon, polygon[0]] : polygon;
    const area = { type: 'Polygon' as const, coordinates: [ring] };
    return (await this.all())
      .filter((f) => this.matches(f, query) && pointInPolygon([f.lon, f.lat], area))
      .slice(0, query.limit ?? 20)
      .map((f) => ({ name: f.name, type: f.type, address: f.address ?? '', lon: f.lon, lat: f.lat, distanceM: null }));
  }

  async drivingRoute(from: Position, to: Position): Promise<DrivingRoute> {
    const distanceM = Math.round(haversineMeters(from, to) * ROAD_FACTOR);
    return { distanceM, durationS: Math.round((distanceM / 1000 / AVERAGE_SPEED_KMH) * 3600), estimated: true };
  }
}
