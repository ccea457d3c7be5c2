/**
 * GeoJSON geometry types for land parcels (RFC 7946 subset). Coordinates are lon-lat degrees on
 * CGCS2000 (EPSG:4490), which web maps treat as WGS84; a projected position is [easting, northing].
 */

/** [x, y] or [x, y, z]; x = longitude (or easting), y = latitude (or northing). */
export type Position = [number, number] | [number, number, number];

/** A closed linear ring: first and last positions equal, at least 4 positions. */
export type Ring = Position[];

export interface PolygonGeometry {
  type: 'Polygon';
  /** First ring is the exterior (shell), the others are holes. */
  coordinates: Ring[];
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Ring[][];
}

export type ParcelGeometry = PolygonGeometry | MultiPolygonGeometry;

/** [minX, minY, maxX, maxY] */
export type BBox = [number, number, number, number];

export type FeatureValue = string | number | boolean | null;
export type FeatureProperties = Record<string, FeatureValue>;

/** A GeoJSON Feature whose geometry is a parcel polygon. */
export interface ParcelFeature {
  type: 'Feature';
  id?: string | number;
  geometry: ParcelGeometry;
  properties: FeatureProperties;
}

/** The polygons of a geometry as arrays of rings, whatever its type. */
export function polygonsOf(g: ParcelGeometry): Ring[][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

/** Applies `fn` to every position, keeping the geometry's structure. */
export function mapPositions(g: ParcelGeometry, fn: (p: Position) => Position): ParcelGeometry {
  const mapRing = (ring: Ring): Ring => ring.map((p) => fn(p));
  if (g.type === 'Polygon') return { type: 'Polygon', coordinates: g.coordinates.map(mapRing) };
  return { type: 'MultiPolygon', coordinates: g.coordinates.map((poly) => poly.map(mapRing)) };
}

/** Builds a Polygon for one part and a MultiPolygon for several. */
export function geometryFromPolygons(polygons: Ring[][]): ParcelGeometry {
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] }
    : { type: 'MultiPolygon', coordinates: polygons };
}
