/**
 * The offline base map (/openApi/selectBaseMapFeatures): the zone's main roads and water as a
 * GeoJSON FeatureCollection in lon-lat. The server answers it, the public maps draw it.
 */
export const BASE_MAP_KINDS = ['road', 'water'] as const;
export type BaseMapKind = (typeof BASE_MAP_KINDS)[number];

export interface BaseMapFeature {
  type: 'Feature';
  id: string;
  geometry: unknown;
  properties: { kind: BaseMapKind; name: string };
}

export interface BaseMapCollection {
  type: 'FeatureCollection';
  features: BaseMapFeature[];
}
