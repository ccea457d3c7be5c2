/**
 * The offline base map (t_basemap_feature): the zone's main roads and water as a GeoJSON
 * FeatureCollection in lon-lat, optionally only what crosses a viewport. The public maps draw
 * it under parcels and district outlines when no tile source is configured.
 */
import { BASE_MAP_KINDS, type BaseMapCollection, type BaseMapFeature, type BaseMapKind } from '@land/shared/baseMap';
import type { AnyDb } from '../entities/repository';
import { UNPAGED_LIMIT } from '../lib/pagedQuery';

export { BASE_MAP_KINDS };

export interface BaseMapQuery {
  /** [minLon, minLat, maxLon, maxLat]: features whose box meets it. */
  bbox?: [number, number, number, number];
  kind?: BaseMapKind;
}

export async function baseMapFeatures(db: AnyDb, query: BaseMapQuery = {}): Promise<BaseMapCollection> {
  let q = db.selectFrom('t_basemap_feature').select(['id', 'kind', 'name', 'geometry']);
  if (query.kind) q = q.where('kind', '=', query.kind);
  if (query.bbox) {
    const [minLon, minLat, maxLon, maxLat] = query.bbox;
    q = q.where('maxLon', '>=', minLon).where('minLon', '<=', maxLon).where('maxLat', '>=', minLat).where('minLat', '<=', maxLat);
  }
  // Water first, then roads: the order they are drawn in, bottom to top.
  const rows = await q.orderBy('kind', 'desc').orderBy('displayorder').orderBy('id').limit(UNPAGED_LIMIT).execute();
  const features: BaseMapFeature[] = [];
  for (const row of rows) {
    let geometry: unknown;
    try {
      geometry = JSON.parse(String(row.geometry));
    } catch {
      // A damaged row is left out rather than breaking every map.
      continue;
    }
    features.push({ type: 'Feature', id: String(row.id), geometry, properties: { kind: row.kind as BaseMapKind, name: String(row.name) } });
  }
  return { type: 'FeatureCollection', features };
}
