/**
 * The map's frame: Web Mercator view centred as configured (SPEC settings mapCenterLon/Lat,
 * mapZoom) and the base layer. With no tile source configured (or no internet) the base is the
 * zone's own vector data on a plain background; an XYZ or WMTS source replaces it.
 */
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type Geometry from 'ol/geom/Geometry';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import WMTS from 'ol/source/WMTS';
import XYZ from 'ol/source/XYZ';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { hasPosition } from '../format';
import { getTopLeft, getWidth } from 'ol/extent';
import { get as getProjection } from 'ol/proj';
import WMTSTileGrid from 'ol/tilegrid/WMTS';
import type { SiteSettings } from '../api';
import { geometryOf } from '../api';

const geojson = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });

/** A lon-lat GeoJSON geometry (object or JSON text) as an OpenLayers geometry in Web Mercator, or null. */
export function readGeometry(value: unknown): Geometry | null {
  const g = geometryOf(value);
  if (!g) return null;
  try {
    return geojson.readGeometry(g) as Geometry;
  } catch {
    return null;
  }
}

export function lonLat(lon: unknown, lat: unknown): number[] | null {
  return hasPosition(lon, lat) ? fromLonLat([Number(lon), Number(lat)]) : null;
}

export interface ViewSettings {
  center: number[];
  zoom: number;
}

export function viewSettings(settings: SiteSettings | undefined): ViewSettings {
  const lon = settings?.mapCenterLon ?? 120.25;
  const lat = settings?.mapCenterLat ?? 30.25;
  return { center: fromLonLat([lon, lat]), zoom: settings?.mapZoom ?? 12 };
}

function fillKey(url: string, settings: SiteSettings): string {
  return url.replace(/\{tk\}/g, encodeURIComponent(settings.tiandituKey ?? ''));
}

/** WMTS KVP address → a source on the Google-compatible 3857 grid, reading layer/style/set from the query. */
function wmtsSource(url: string): WMTS | XYZ {
  // A RESTful template with {TileMatrix}/{TileRow}/{TileCol} works as XYZ.
  if (/\{TileMatrix\}/i.test(url)) {
    return new XYZ({
      url: url.replace(/\{TileMatrix\}/gi, '{z}').replace(/\{TileRow\}/gi, '{y}').replace(/\{TileCol\}/gi, '{x}'),
      crossOrigin: 'anonymous',
    });
  }
  const parsed = new URL(url);
  const param = (name: string) => {
    for (const [k, v] of parsed.searchParams) if (k.toLowerCase() === name) return v;
    return '';
  };
  const base = `${parsed.origin}${parsed.pathname}`;
  const projection = getProjection('EPSG:3857')!;
  const extent = projection.getExtent();
  const size = getWidth(extent) / 256;
  const resolutions = Array.from({ length: 21 }, (_, z) => size / 2 ** z);
  const matrixIds = resolutions.map((_, z) => String(z));
  const tk = param('tk');
  return new WMTS({
    url: tk ? `${base}?tk=${tk}` : base,
    layer: param('layer') || 'vec',
    style: param('style') || 'default',
    matrixSet: param('tilematrixset') || 'w',
    format: param('format') || 'tiles',
    projection,
    tileGrid: new WMTSTileGrid({ origin: getTopLeft(extent), resolutions, matrixIds }),
    crossOrigin: 'anonymous',
  });
}

/** The configured online base map, or null when none is configured. */
export function tileBaseLayer(settings: SiteSettings | undefined): TileLayer | null {
  if (!settings || settings.tileSourceType === 'none' || !settings.tileUrl) return null;
  const url = fillKey(settings.tileUrl, settings);
  try {
    const source = settings.tileSourceType === 'wmts' && !/\{z\}/.test(url) ? wmtsSource(url) : new XYZ({ url, crossOrigin: 'anonymous' });
    return new TileLayer({ source, zIndex: 0, properties: { name: 'base' } });
  } catch {
    return null;
  }
}

export interface Outline {
  id: string;
  name: string;
  geometry: unknown;
}

/** District outlines: the base of the offline map and the frame of every map. */
export function outlineLayer(outlines: Outline[], options: { labels?: boolean; filled?: boolean } = {}): VectorLayer {
  const source = new VectorSource();
  for (const o of outlines) {
    const geometry = readGeometry(o.geometry);
    if (!geometry) continue;
    const f = new Feature({ geometry, name: o.name });
    f.setId(`district:${o.id}`);
    source.addFeature(f);
  }
  const stroke = new Stroke({ color: 'rgba(11, 61, 145, 0.75)', width: 1.6, lineDash: [8, 5] });
  const fill = new Fill({ color: options.filled ? 'rgba(255, 255, 255, 0.9)' : 'rgba(22, 119, 255, 0.03)' });
  const plain = new Style({ stroke, fill });
  // One style per district name, made once (the style function runs for each outline on every frame).
  const named = new Map<string, Style>();
  const labelled = (name: string) => {
    let style = named.get(name);
    if (!style) {
      style = new Style({
        stroke,
        fill,
        text: new Text({
          text: name,
          font: '600 13px "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif',
          fill: new Fill({ color: 'rgba(11, 61, 145, 0.8)' }),
          stroke: new Stroke({ color: '#fff', width: 3 }),
          overflow: true,
        }),
      });
      named.set(name, style);
    }
    return style;
  };
  return new VectorLayer({
    source,
    zIndex: 1,
    properties: { name: 'districts' },
    style: (feature, resolution) => (options.labels !== false && resolution < 80 ? labelled(String(feature.get('name') ?? '')) : plain),
  });
}
