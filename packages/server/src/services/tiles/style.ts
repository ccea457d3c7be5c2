/**
 * The public tiles for any map client: a TileJSON 3.0 document per layer and a MapLibre style
 * (version 8) of the public parcel map with the web map's colours (@land/shared/mapColors):
 * parcels filled by land class and outlined by market state, counted points below the detail
 * zoom, district outlines. QGIS (vector tile layer, "style URL") and MapLibre read both.
 */
import { LAND_CLASS_COLORS, MARKET_STATE_COLORS, OTHER_CLASS } from '@land/shared/mapColors';
import { PUBLIC_TRADE_FILTERS } from '../publicParcels';
import type { TileLayerName } from './store';
import { DETAIL_ZOOM, PUBLIC_TILE_FIELDS } from './tiles';

/** The public map reads tiles up to this zoom and draws deeper zooms from them (over-zoom). */
export const TILEJSON_MAX_ZOOM = 16;

const LAYER_TITLES: Record<TileLayerName, string> = {
  parcels: '已发布地块',
  districts: '片区边界',
  supplyPlan: '供地计划',
  stockLand: '存量可出让土地',
};

/** The public tile URL template the web map uses (routes/tiles.ts). */
export const tileTemplate = (base: string, layer: TileLayerName) => `${base}/openApi/tiles/${layer}/{z}/{x}/{y}.pbf`;
export const tileJsonUrl = (base: string, layer: TileLayerName) => `${base}/openApi/tiles/${layer}/tilejson.json`;

export function tileJson(base: string, layer: TileLayerName, extent: number[] | null, version: number): Record<string, unknown> {
  const bounds = extent ?? [-180, -85.0511, 180, 85.0511];
  return {
    tilejson: '3.0.0',
    name: LAYER_TITLES[layer],
    description: `开发区土地信息平台矢量瓦片（MVT）：${LAYER_TITLES[layer]}`,
    version: `1.0.${version}`,
    attribution: '开发区土地信息平台',
    scheme: 'xyz',
    tiles: [tileTemplate(base, layer)],
    minzoom: 0,
    maxzoom: TILEJSON_MAX_ZOOM,
    bounds,
    center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2, extent ? DETAIL_ZOOM - 2 : 2],
    vector_layers: [{ id: layer, description: LAYER_TITLES[layer], minzoom: 0, maxzoom: TILEJSON_MAX_ZOOM, fields: PUBLIC_TILE_FIELDS[layer] }],
  };
}

/** MapLibre expression: the colour of a feature's land class (first two digits of dlcode). */
function landClassColor(): unknown[] {
  const pairs = Object.entries(LAND_CLASS_COLORS).flatMap(([code, c]) => [code, c.color]);
  return ['match', ['slice', ['to-string', ['coalesce', ['get', 'dlcode'], '']], 0, 2], ...pairs, OTHER_CLASS.color];
}

/** MapLibre expression: the colour of a parcel's market state (未挂牌, 挂牌中, 已成交). */
function marketStateColor(): unknown[] {
  return [
    'match',
    ['get', 'tradeState'],
    PUBLIC_TRADE_FILTERS.listed,
    MARKET_STATE_COLORS.listed,
    PUBLIC_TRADE_FILTERS.deal,
    MARKET_STATE_COLORS.deal,
    MARKET_STATE_COLORS.available,
  ];
}

/** A layer of the parcel tiles: polygons from DETAIL_ZOOM on, cluster points below it. */
function parcelLayer(id: string, type: string, zoom: { minzoom: number } | { maxzoom: number }, geometry: 'Polygon' | 'Point', paint: Record<string, unknown>) {
  return { id, type, source: 'parcels', 'source-layer': 'parcels', ...zoom, filter: ['==', ['geometry-type'], geometry], paint };
}

export function publicMapStyle(base: string): Record<string, unknown> {
  const source = (layer: TileLayerName) => ({ type: 'vector', url: tileJsonUrl(base, layer) });
  return {
    version: 8,
    name: '开发区土地信息平台 · 公开地块地图',
    metadata: { 'land:legend': { landClass: LAND_CLASS_COLORS, marketState: MARKET_STATE_COLORS } },
    sources: { parcels: source('parcels'), districts: source('districts') },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f5f5f0' } },
      {
        id: 'districts-outline',
        type: 'line',
        source: 'districts',
        'source-layer': 'districts',
        paint: { 'line-color': '#1677ff', 'line-width': 1.5, 'line-dasharray': [4, 2] },
      },
      parcelLayer('parcels-fill', 'fill', { minzoom: DETAIL_ZOOM }, 'Polygon', { 'fill-color': landClassColor(), 'fill-opacity': 0.55 }),
      parcelLayer('parcels-outline', 'line', { minzoom: DETAIL_ZOOM }, 'Polygon', { 'line-color': marketStateColor(), 'line-width': 1.5 }),
      parcelLayer('parcels-points', 'circle', { maxzoom: DETAIL_ZOOM }, 'Point', {
        'circle-color': landClassColor(),
        'circle-radius': ['interpolate', ['linear'], ['coalesce', ['get', 'count'], 1], 1, 3, 50, 8],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      }),
    ],
  };
}
