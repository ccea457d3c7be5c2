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

/** Half the width of the Web Mercator world, metres. */
const ORIGIN = 20037508.342789244;
const TILE_PX = 256;
/** The parcel tile source's deepest level (ol/tiles.ts); beyond it tiles are drawn over-zoomed. */
const SOURCE_MAX_ZOOM = 16;
/** The view fits the parcels with this padding (MapSearchMap). */
const FIT_PADDING = 48;
const MAX_PREFETCHED = 24;

const mercator = ([lon, lat]: number[]): [number, number] => [
  (lon * Math.PI * ORIGIN) / 180 / Math.PI,
  Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * (ORIGIN / Math.PI),
];

const resolutionOf = (zoom: number) => (2 * ORIGIN) / TILE_PX / 2 ** zoom;

/**
 * The parcel tiles the map search's first view will draw, worked out as OpenLayers will (the
 * configured centre and zoom, or all parcels framed when none are in that view; the nearest tile
 * level), for a map of `size` pixels. Pure arithmetic, no OpenLayers.
 */
export function firstParcelTiles(meta: TileMeta, settings: Pick<SiteSettings, 'mapCenterLon' | 'mapCenterLat' | 'mapZoom'>, size: [number, number]): string[] {
  const [width, height] = size;
  if (width <= 0 || height <= 0) return [];
  let center = mercator([settings.mapCenterLon ?? 120.25, settings.mapCenterLat ?? 30.25]);
  let resolution = resolutionOf(settings.mapZoom ?? 12);
  const view = (c: [number, number], r: number) => [c[0] - (r * width) / 2, c[1] - (r * height) / 2, c[0] + (r * width) / 2, c[1] + (r * height) / 2];
  let extent = view(center, resolution);
  if (meta.parcelExtent) {
    const [w, s] = mercator(meta.parcelExtent.slice(0, 2));
    const [e, n] = mercator(meta.parcelExtent.slice(2, 4));
    if (!(w < extent[2] && e > extent[0] && s < extent[3] && n > extent[1])) {
      center = [(w + e) / 2, (s + n) / 2];
      const fit = Math.max((e - w) / Math.max(1, width - 2 * FIT_PADDING), (n - s) / Math.max(1, height - 2 * FIT_PADDING));
      resolution = Math.max(fit, resolutionOf(17));
      extent = view(center, resolution);
    }
  }
  const z = Math.max(0, Math.min(SOURCE_MAX_ZOOM, Math.round(Math.log2((2 * ORIGIN) / TILE_PX / resolution))));
  const span = TILE_PX * resolutionOf(z);
  const last = 2 ** z - 1;
  const clamp = (v: number) => Math.max(0, Math.min(last, v));
  const x0 = clamp(Math.floor((extent[0] + ORIGIN) / span));
  const x1 = clamp(Math.floor((extent[2] + ORIGIN) / span));
  const y0 = clamp(Math.floor((ORIGIN - extent[3]) / span));
  const y1 = clamp(Math.floor((ORIGIN - extent[1]) / span));
  const urls: string[] = [];
  for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) urls.push(`${tileApiPrefix('public')}/tiles/parcels/${z}/${x}/${y}.pbf`);
  return urls.length > MAX_PREFETCHED ? [] : urls;
}

const prefetched = new Set<string>();

/**
 * Asks for the first view's parcel tiles while OpenLayers is still loading, so the map draws them
 * from the browser's cache (public tiles are cacheable for 30 s) instead of asking only once it
 * runs. Each address once per page load.
 */
export function prefetchFirstParcelTiles(meta: TileMeta, settings: Pick<SiteSettings, 'mapCenterLon' | 'mapCenterLat' | 'mapZoom'>, size: [number, number]): void {
  for (const url of firstParcelTiles(meta, settings, size)) {
    if (prefetched.has(url)) continue;
    prefetched.add(url);
    void fetch(url, { credentials: 'same-origin', priority: 'high' } as RequestInit).catch(() => undefined);
  }
}
