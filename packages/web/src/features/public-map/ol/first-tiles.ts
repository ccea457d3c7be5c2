/**
 * Issue 14 "the map first": the map search's first parcel tiles, asked for as soon as the HTML is
 * parsed, while React and OpenLayers are still on their way. A module of its own with no imports,
 * announced in the page's <head> (the Content-Security-Policy allows no inline script); the map
 * box carries the first view (data-first-tiles, see FirstTilesView), and the map takes the answers
 * from window.landFirstTiles (takeFirstTile) instead of asking again.
 *
 * The tiles are worked out as OpenLayers will: the configured view, or the parcels framed when
 * none are in it; the level whose resolution is the nearest at or above the view's (a vector tile
 * source's zDirection 1); the tiles that cover the box's size.
 */
import type { FirstTilesView } from './tileMeta';

/** Half the width of the Web Mercator world, metres. */
const ORIGIN = 20037508.342789244;
const TILE_PX = 256;
/** More than this is not a first view worth guessing (a huge screen): the map asks itself. */
const MAX_TILES = 24;

const mercator = ([lon, lat]: number[]): [number, number] => [(lon * ORIGIN) / 180, Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * (ORIGIN / Math.PI)];

const resolutionOf = (zoom: number) => (2 * ORIGIN) / TILE_PX / 2 ** zoom;

function firstTileUrls(view: FirstTilesView, width: number, height: number): string[] {
  if (width <= 0 || height <= 0) return [];
  let center = mercator(view.center);
  let resolution = resolutionOf(view.zoom);
  const extentAt = (c: [number, number], r: number) => [c[0] - (r * width) / 2, c[1] - (r * height) / 2, c[0] + (r * width) / 2, c[1] + (r * height) / 2];
  let extent = extentAt(center, resolution);
  if (view.parcelExtent) {
    const [w, s] = mercator(view.parcelExtent.slice(0, 2));
    const [e, n] = mercator(view.parcelExtent.slice(2, 4));
    if (!(w < extent[2] && e > extent[0] && s < extent[3] && n > extent[1])) {
      center = [(w + e) / 2, (s + n) / 2];
      const fit = Math.max((e - w) / Math.max(1, width - 2 * view.padding), (n - s) / Math.max(1, height - 2 * view.padding));
      resolution = Math.max(fit, resolutionOf(view.fitMaxZoom));
    }
  }
  resolution = Math.min(resolutionOf(view.minZoom), Math.max(resolutionOf(view.maxZoom), resolution));
  extent = extentAt(center, resolution);
  let z = 0;
  while (z < view.sourceMaxZoom && resolutionOf(z + 1) >= resolution) z += 1;
  const span = TILE_PX * resolutionOf(z);
  const last = 2 ** z - 1;
  const clamp = (v: number) => Math.max(0, Math.min(last, v));
  const x0 = clamp(Math.floor((extent[0] + ORIGIN) / span));
  const x1 = clamp(Math.ceil((extent[2] + ORIGIN) / span) - 1);
  const y0 = clamp(Math.floor((ORIGIN - extent[3]) / span));
  const y1 = clamp(Math.ceil((ORIGIN - extent[1]) / span) - 1);
  const urls: string[] = [];
  for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) urls.push(view.url.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)));
  return urls.length > MAX_TILES ? [] : urls;
}

/** Resolves once the HTML has been parsed (the script is async: it may run before). */
function parsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('readystatechange', () => resolve(), { once: true }));
}

/**
 * Resolves once the page's stylesheets apply: the map box has no size before. A public page's CSS
 * is inlined; its disabled <link> markers (public/Document.tsx) are never fetched, so never wait for them.
 */
function styled(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].filter((link) => !link.sheet);
  return Promise.all(pending.map((link) => new Promise((resolve) => {
    link.addEventListener('load', resolve, { once: true });
    link.addEventListener('error', resolve, { once: true });
  })));
}

async function start(): Promise<void> {
  await parsed();
  const box = document.querySelector<HTMLElement>('[data-first-tiles]');
  const json = box?.dataset.firstTiles;
  if (!box || !json) return;
  await styled();
  const tiles = new Map<string, Promise<ArrayBuffer | null>>();
  // The map's size as OpenLayers reads it (offsetWidth and offsetHeight of its element, which fills this box).
  for (const url of firstTileUrls(JSON.parse(json) as FirstTilesView, box.offsetWidth, box.offsetHeight)) {
    const answer = fetch(url, { credentials: 'same-origin', priority: 'high' } as RequestInit).then(
      (res) => (res.ok ? res.arrayBuffer() : null),
      () => null,
    );
    tiles.set(url, answer);
  }
  window.landFirstTiles = tiles;
}

void start();
