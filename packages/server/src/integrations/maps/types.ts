import type { Position } from '@land/shared/geo/index';

/**
 * A place found by a maps service, in CGCS2000 / WGS84 lon-lat (converted from the service's
 * own coordinates at the edge). `type` is the platform's facility type (tFacility.type) the
 * search asked for, when it asked for one.
 */
export interface Poi {
  name: string;
  type: string | null;
  address: string;
  lon: number;
  lat: number;
  /** from the search centre, metres; null for polygon searches */
  distanceM: number | null;
}

export interface PoiQuery {
  /** platform facility types (school, hospital, railway…) */
  types?: string[];
  keywords?: string;
  /** metres, around searches only; default 3000 */
  radius?: number;
  /** most places returned; default 20 */
  limit?: number;
}

export interface DrivingRoute {
  distanceM: number;
  durationS: number;
  /** true when estimated from the straight line (no routing service) */
  estimated: boolean;
}

/**
 * The maps service of SPEC §7 "External GETs": around search, polygon search and driving route.
 * Positions in and out are lon-lat on CGCS2000 (≈ WGS84); an implementation talking to a
 * GCJ-02 service converts at its edge.
 */
export interface MapsService {
  /** 'amap' (online web service) or 'offline' (the platform's facility dictionary) */
  readonly source: 'amap' | 'offline';
  /** Whether calls go to a remote service and must be paced (MAPS_REQUEST_DELAY_MS apart). */
  readonly remote: boolean;
  aroundSearch(center: Position, query: PoiQuery): Promise<Poi[]>;
  polygonSearch(polygon: Position[], query: PoiQuery): Promise<Poi[]>;
  drivingRoute(from: Position, to: Position): Promise<DrivingRoute>;
}

/** A failed maps request, with a message an administrator can act on. */
export class MapsServiceError extends Error {}
