/** The tile index of /openApi/tiles/meta (or /api/tiles/meta): no OpenLayers, so pages can ask before their map loads. */
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../../lib/request';
import type { SiteSettings } from '../api';

export type TileScope = 'public' | 'staff';
export type TileLayerName = 'parcels' | 'districts' | 'supplyPlan' | 'stockLand';

export interface TileMeta {
  layers: TileLayerName[];
  versions: Record<TileLayerName, number>;
  parcelCount: number;
  /** Lon-lat [w, s, e, n] of the parcels, null when there are none. */
  parcelExtent: number[] | null;
  detailZoom: number;
  maxZoom: number;
}

/** Where a scope's tiles are served. */
export const tileApiPrefix = (scope: TileScope) => (scope === 'staff' ? '/api' : '/openApi');

export const tileMetaQuery = (scope: TileScope) =>
  queryOptions({
    queryKey: ['tiles', 'meta', scope] as const,
    queryFn: async ({ signal }) => (await get<TileMeta>(`${tileApiPrefix(scope)}/tiles/meta`, undefined, { signal })).data,
    staleTime: 60_000,
  });

/** Whether a map should draw parcels from tiles: more parcels than the threshold (0: always). */
export function tilesWanted(meta: TileMeta | undefined, settings: Pick<SiteSettings, 'mapTileThreshold'> | undefined): boolean | undefined {
  if (!meta || !settings) return undefined;
  const threshold = settings.mapTileThreshold ?? 2000;
  return meta.parcelCount > threshold || threshold === 0;
}
