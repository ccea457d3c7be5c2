/** GeoJSON input and output. */
import {
  epsgFromCrsName,
  polygonsOf,
  rewindRfc7946,
  type FeatureProperties,
  type FeatureValue,
  type ParcelFeature,
  type Position,
  type Ring,
} from '@land/shared/geo/index';
import { GisFileError, wrongLayerError } from './errors';
import type { ShapeKind } from './shp';

/**
 * A feature as read from a file, in file coordinates, not yet reprojected or validated: the
 * polygons of an areal layer, or the parts of a line layer (`lines`, with `polygons` empty).
 */
export interface RawFeature {
  /** position of the feature in the file (0-based) */
  index: number;
  polygons: Ring[][];
  lines?: Position[][];
  properties: FeatureProperties;
  id?: string | number;
}

export const GEOJSON_TYPE_NAMES: Record<string, string> = {
  Point: '点',
  MultiPoint: '多点',
  LineString: '线',
  MultiLineString: '线',
  Polygon: '面',
  MultiPolygon: '面',
  GeometryCollection: '几何集合',
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function toFeatureValue(v: unknown): FeatureValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  return JSON.stringify(v);
}

function properties(v: unknown): FeatureProperties {
  const out: FeatureProperties = {};
  if (isObject(v)) for (const [k, val] of Object.entries(v)) out[k] = toFeatureValue(val);
  return out;
}

/**
 * Polygons of a GeoJSON geometry, or the Chinese name of its type when it is not areal. Members
 * of a GeometryCollection that are not areal are left out and named in `dropped`.
 */
function polygonsOfGeometry(g: unknown, dropped: string[] = []): { polygons: Ring[][] } | { other: string } {
  if (!isObject(g)) return { other: '空' };
  if (g.type === 'Polygon') return { polygons: [g.coordinates as Ring[]] };
  if (g.type === 'MultiPolygon') return { polygons: g.coordinates as Ring[][] };
  if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) {
    const polygons: Ring[][] = [];
    const others: string[] = [];
    for (const member of g.geometries) {
      const r = polygonsOfGeometry(member, others);
      if ('polygons' in r) polygons.push(...r.polygons);
      else others.push(r.other);
    }
    if (polygons.length) {
      dropped.push(...others);
      return { polygons };
    }
  }
  return { other: GEOJSON_TYPE_NAMES[String(g.type)] ?? String(g.type) };
}

/** Line parts of a GeoJSON geometry, or the Chinese name of its type when it is not linear. */
function linesOfGeometry(g: unknown, dropped: string[] = []): { lines: Position[][] } | { other: string } {
  if (!isObject(g)) return { other: '空' };
  if (g.type === 'LineString') return { lines: [g.coordinates as Position[]] };
  if (g.type === 'MultiLineString') return { lines: g.coordinates as Position[][] };
  if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) {
    const lines: Position[][] = [];
    const others: string[] = [];
    for (const member of g.geometries) {
      const r = linesOfGeometry(member, others);
      if ('lines' in r) lines.push(...r.lines);
      else others.push(r.other);
    }
    if (lines.length) {
      dropped.push(...others);
      return { lines };
    }
  }
  return { other: GEOJSON_TYPE_NAMES[String(g.type)] ?? String(g.type) };
}

const KIND_NAMES: Record<ShapeKind, string> = { polygon: '面', line: '线' };

export interface GeoJsonRead {
  features: RawFeature[];
  /** EPSG code named by a `crs` member, if any */
  epsg: number | null;
  crsName: string | null;
  warnings: string[];
}

export function parseGeoJson(text: string, kind: ShapeKind = 'polygon'): GeoJsonRead {
  let doc: unknown;
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new GisFileError('GeoJSON 文件是空的，没有任何内容');
  try {
    doc = JSON.parse(body);
  } catch {
    // JSON.parse speaks English ("Unexpected end of JSON input"): say it in Chinese.
    throw new GisFileError('GeoJSON 文件格式错误：不是有效的 JSON 文本（文件可能不完整或已损坏）');
  }
  if (!isObject(doc)) throw new GisFileError('GeoJSON 文件格式错误：顶层必须是对象');
  let crsName: string | null = null;
  let epsg: number | null = null;
  if (isObject(doc.crs) && isObject(doc.crs.properties)) {
    const p = doc.crs.properties;
    if (typeof p.name === 'string') crsName = p.name;
    else if (p.code !== undefined) crsName = `EPSG:${String(p.code)}`;
    if (crsName) epsg = epsgFromCrsName(crsName);
  }
  let items: { geometry: unknown; properties: unknown; id: unknown }[];
  if (doc.type === 'FeatureCollection' && Array.isArray(doc.features)) {
    items = doc.features.map((f: unknown) => (isObject(f) ? { geometry: f.geometry, properties: f.properties, id: f.id } : { geometry: null, properties: null, id: undefined }));
  } else if (doc.type === 'Feature') {
    items = [{ geometry: doc.geometry, properties: doc.properties, id: doc.id }];
  } else if ((typeof doc.type === 'string' && 'coordinates' in doc) || doc.type === 'GeometryCollection') {
    items = [{ geometry: doc, properties: null, id: undefined }];
  } else {
    throw new GisFileError('GeoJSON 文件格式错误：应为 FeatureCollection、Feature 或几何对象');
  }
  const features: RawFeature[] = [];
  const skipped = new Map<string, number>();
  const warnings: string[] = [];
  const name = KIND_NAMES[kind];
  items.forEach((item, index) => {
    const dropped: string[] = [];
    const r = kind === 'line' ? linesOfGeometry(item.geometry, dropped) : polygonsOfGeometry(item.geometry, dropped);
    if (dropped.length) warnings.push(`第${index + 1}个要素的几何集合中有非${name}部分，已跳过：${dropped.join('、')}`);
    if ('other' in r) {
      skipped.set(r.other, (skipped.get(r.other) ?? 0) + 1);
      return;
    }
    const id = typeof item.id === 'string' || typeof item.id === 'number' ? item.id : undefined;
    const geometry = 'lines' in r ? { polygons: [], lines: r.lines } : { polygons: r.polygons };
    features.push({ index, ...geometry, properties: properties(item.properties), ...(id !== undefined ? { id } : {}) });
  });
  if (features.length === 0 && skipped.size > 0) {
    throw wrongLayerError(kind, [...skipped.keys()]);
  }
  for (const [type, n] of skipped) warnings.push(`跳过了 ${n} 个非${name}要素（几何类型：${type}）`);
  return { features, epsg, crsName, warnings };
}

function roundGeometry(f: ParcelFeature, digits: number): ParcelFeature['geometry'] {
  const k = 10 ** digits;
  const r = (ring: Ring): Ring => ring.map((p) => [Math.round(p[0] * k) / k, Math.round(p[1] * k) / k]);
  const g = rewindRfc7946(f.geometry);
  return g.type === 'Polygon'
    ? { type: 'Polygon', coordinates: g.coordinates.map(r) }
    : { type: 'MultiPolygon', coordinates: polygonsOf(g).map((poly) => poly.map(r)) };
}

export interface GeoJsonOutputOptions {
  /** decimal places of the coordinates, default 9 (≈ 0.1 mm) */
  precision?: number;
}

/** A GeoJSON FeatureCollection (RFC 7946: lon-lat, exterior rings counter-clockwise). */
export function toFeatureCollection(features: ParcelFeature[], options: GeoJsonOutputOptions = {}) {
  const digits = options.precision ?? 9;
  return {
    type: 'FeatureCollection' as const,
    features: features.map((f) => ({
      type: 'Feature' as const,
      ...(f.id !== undefined ? { id: f.id } : {}),
      geometry: roundGeometry(f, digits),
      properties: f.properties,
    })),
  };
}

export function toGeoJson(features: ParcelFeature[], options: GeoJsonOutputOptions = {}): string {
  return JSON.stringify(toFeatureCollection(features, options));
}
