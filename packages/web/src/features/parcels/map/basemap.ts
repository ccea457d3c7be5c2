/**
 * The online basemap configured on the settings screen (tileSourceType xyz | wmts, tileUrl with
 * {tk} replaced by the Tianditu key). Without one, or without internet, the map shows the
 * platform's own vector layers on a plain background.
 */
import { getTopLeft, getWidth } from 'ol/extent';
import { get as getProjection } from 'ol/proj';
import type TileSource from 'ol/source/Tile';
import WMTS from 'ol/source/WMTS';
import XYZ from 'ol/source/XYZ';
import WMTSTileGrid from 'ol/tilegrid/WMTS';
import type { MapSettings } from '../api';

const MAX_ZOOM = 18;

/** WMTS KVP placeholders written as XYZ ones, so one template style serves both. */
function asXyzTemplate(url: string): string {
  return url
    .replace(/\{TileMatrix\}/gi, '{z}')
    .replace(/\{TileRow\}/gi, '{y}')
    .replace(/\{TileCol\}/gi, '{x}');
}

function param(url: URL, name: string): string | undefined {
  for (const [k, v] of url.searchParams) if (k.toLowerCase() === name) return v;
  return undefined;
}

/** A WMTS service given by its KVP address (LAYER, TILEMATRIXSET… in the query), web-mercator tile matrix. */
function wmtsSource(address: string): TileSource | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const layer = param(url, 'layer');
  if (!layer) return null;
  const projection = getProjection('EPSG:3857')!;
  const extent = projection.getExtent();
  const size = getWidth(extent) / 256;
  const resolutions = Array.from({ length: MAX_ZOOM + 1 }, (_, z) => size / 2 ** z);
  const matrixIds = resolutions.map((_, z) => String(z));
  const base = `${url.origin}${url.pathname}`;
  const keep = new URLSearchParams();
  for (const [k, v] of url.searchParams) {
    if (!['service', 'request', 'version', 'layer', 'style', 'tilematrixset', 'format', 'tilematrix', 'tilerow', 'tilecol'].includes(k.toLowerCase())) keep.set(k, v);
  }
  const query = keep.toString();
  return new WMTS({
    url: query ? `${base}?${query}` : base,
    layer,
    matrixSet: param(url, 'tilematrixset') ?? 'w',
    format: param(url, 'format') ?? 'tiles',
    style: param(url, 'style') ?? 'default',
    requestEncoding: 'KVP',
    projection,
    tileGrid: new WMTSTileGrid({ origin: getTopLeft(extent), resolutions, matrixIds }),
    wrapX: true,
    crossOrigin: 'anonymous',
  });
}

/** The tile source of the settings, or null for none (or an address the map cannot use). */
export function tileSourceOf(settings: MapSettings | undefined): TileSource | null {
  if (!settings || settings.tileSourceType === 'none' || !settings.tileUrl) return null;
  const url = settings.tileUrl.replace(/\{tk\}/g, encodeURIComponent(settings.tiandituKey ?? ''));
  const template = asXyzTemplate(url);
  if (/\{z\}/.test(template)) return new XYZ({ url: template, maxZoom: MAX_ZOOM, crossOrigin: 'anonymous' });
  return settings.tileSourceType === 'wmts' ? wmtsSource(url) : null;
}
