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

// ------------------------------------------------------------------ first tiles, before OpenLayers

/** The address template of a scope's tiles of one layer, as OpenLayers and the early script ask for them. */
export const tileUrlTemplate = (scope: TileScope, layer: TileLayerName) => `${tileApiPrefix(scope)}/tiles/${layer}/{z}/{x}/{y}.pbf`;

/**
 * What the map search's first view is (the data-first-tiles attribute of its map box), for
 * first-tiles.ts: the script that asks for the first parcel tiles as soon as the HTML is parsed.
 * The view is worked out as the map will: the configured centre and zoom, or all parcels framed
 * (with `padding`, at most `fitMaxZoom`) when none are in that view.
 */
export interface FirstTilesView {
  /** Address template with {z}, {x} and {y}. */
  url: string;
  /** Configured centre, lon-lat, and zoom. */
  center: [number, number];
  zoom: number;
  /** Lon-lat [w, s, e, n] of the parcels, null when there are none. */
  parcelExtent: number[] | null;
  padding: number;
  fitMaxZoom: number;
  /** The map's zoom limits (useOlMap): a framing beyond them stops at them. */
  minZoom: number;
  maxZoom: number;
  /** The tile source's deepest level (beyond it tiles are drawn over-zoomed). */
  sourceMaxZoom: number;
}

/** The zoom limits of the site's maps (useOlMap's defaults). */
export const MAP_MIN_ZOOM = 8;
export const MAP_MAX_ZOOM = 20;

/** The parcel tile source's deepest level (tiles.ts). */
export const PARCEL_SOURCE_MAX_ZOOM = 16;
/** The map search frames all parcels with this padding, at most this zoom (MapSearchMap). */
export const FIT_PADDING = 48;
export const FIT_MAX_ZOOM = 17;

export function firstTilesView(meta: TileMeta, settings: Pick<SiteSettings, 'mapCenterLon' | 'mapCenterLat' | 'mapZoom'> | undefined): FirstTilesView {
  return {
    url: tileUrlTemplate('public', 'parcels'),
    center: [settings?.mapCenterLon ?? 120.25, settings?.mapCenterLat ?? 30.25],
    zoom: settings?.mapZoom ?? 12,
    parcelExtent: meta.parcelExtent,
    padding: FIT_PADDING,
    fitMaxZoom: FIT_MAX_ZOOM,
    minZoom: MAP_MIN_ZOOM,
    maxZoom: MAP_MAX_ZOOM,
    sourceMaxZoom: PARCEL_SOURCE_MAX_ZOOM,
  };
}

declare global {
  interface Window {
    /** The first parcel tiles asked for by first-tiles.ts, by address: each answer's bytes, null when it failed. */
    landFirstTiles?: Map<string, Promise<ArrayBuffer | null>>;
  }
}

/** The early answer for a tile address, once: the map draws it instead of asking again. */
export function takeFirstTile(url: string): Promise<ArrayBuffer | null> | undefined {
  const tiles = typeof window === 'undefined' ? undefined : window.landFirstTiles;
  const answer = tiles?.get(url);
  tiles?.delete(url);
  return answer;
}
