/**
 * Parcels from the server's vector tiles (/openApi/tiles, or /api/tiles for staff), for maps
 * with more parcels than the configured threshold (setting mapTileThreshold): only what is in
 * view is loaded, and the browser never holds every boundary. Below the tiles' detail zoom a
 * tile holds one counted point per few pixels instead of polygons. Styled like ParcelLayers
 * (colour by land class or market state, names at close zoom, hover and selection).
 */
import type OlMap from 'ol/Map';
import type { Parcel } from '../api';
import type { Extent } from 'ol/extent';
import type { Pixel } from 'ol/pixel';
import type Projection from 'ol/proj/Projection';
import type { FeatureLike } from 'ol/Feature';
import type RenderFeature from 'ol/render/Feature';
import MVT from 'ol/format/MVT';
import VectorTileLayer from 'ol/layer/VectorTile';
import VectorTileSource, { defaultLoadFunction } from 'ol/source/VectorTile';
import { toLonLat } from 'ol/proj';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import type { StyleFunction } from 'ol/style/Style';
import type VectorTile from 'ol/VectorTile';
import { getToken } from '../../../lib/session';
import { landClassColor, MARKET_STATE_COLORS, withAlpha } from '../colors';
import { marketState } from '../format';
import { LABELS_FROM_ZOOM, parcelPolygonStyle, type ColorMode } from './parcelLayers';
import { takeFirstTile, tileUrlTemplate, type TileLayerName, type TileScope } from './tileMeta';

// The tile index (which layers, how many parcels) has no OpenLayers in it: pages ask for it
// before their map (and OpenLayers) has loaded.
export { tileMetaQuery, tilesWanted, type TileLayerName, type TileMeta, type TileScope } from './tileMeta';

/** A parcel as a tile knows it: enough for the popup's heading and figures. */
export interface TileParcel {
  id: string;
  name: string;
  dlcode?: string;
  dlname?: string;
  tradeState?: string;
  status?: string;
  areaMu?: number;
  areacode?: string;
  areaname?: string;
  /** Where it was clicked, lon-lat. */
  at: [number, number];
}

/** A parcel clicked on a tile, in the shape the maps' popups and cards read. */
export function parcelFromTile(p: TileParcel): Parcel {
  return { id: p.id, dkmc: p.name, dlcode: p.dlcode, dlname: p.dlname, tradeState: p.tradeState, landAreaMu: p.areaMu ?? null, areacode: p.areacode, areaname: p.areaname, centre: p.at };
}

/** Reads a tile's bytes into it, in the map's projection. */
function setTileBytes(vt: VectorTile<RenderFeature>, buf: ArrayBuffer, extent: Extent, projection: Projection): void {
  vt.setFeatures(vt.getFormat().readFeatures(buf, { extent, featureProjection: projection }) as RenderFeature[]);
}

function tileSource(scope: TileScope, layer: TileLayerName): VectorTileSource {
  const source = new VectorTileSource({
    format: new MVT(),
    url: tileUrlTemplate(scope, layer),
    // The server's cells are 4 px of a 256 px tile; beyond z16 tiles are drawn over-zoomed.
    tileSize: 256,
    maxZoom: 16,
  });
  if (scope === 'staff') {
    // Staff tiles need the session token, which an <img>-style request cannot carry.
    source.setTileLoadFunction((tile, src) => {
      const vt = tile as VectorTile<RenderFeature>;
      vt.setLoader((extent, _resolution, projection) => {
        void fetch(src, { headers: { token: getToken() } })
          .then(async (res) => setTileBytes(vt, res.status === 200 ? await res.arrayBuffer() : new ArrayBuffer(0), extent, projection))
          .catch(() => vt.onError());
      });
    });
  }
  return source;
}

/** The id a tile's feature carries (its `id` attribute), '' when none (a counted cell). */
export const tileFeatureId = (feature: FeatureLike): string => String(feature.get('id') ?? '');

/**
 * A layer of tiles other than the parcels (supply plan, stock land, districts), styled by the
 * caller; its features carry the record's id and the attributes the server put in the tile.
 */
export function themeTileLayer(layer: Exclude<TileLayerName, 'parcels'>, style: StyleFunction, options: { scope?: TileScope; zIndex?: number } = {}): VectorTileLayer {
  return new VectorTileLayer({
    source: tileSource(options.scope ?? 'public', layer),
    zIndex: options.zIndex ?? 5,
    renderMode: 'hybrid',
    style,
    properties: { name: `${layer}Tiles` },
  });
}

export interface ParcelTileOptions {
  scope?: TileScope;
  zIndex?: number;
  /** Replaces the colouring of parcel outlines (not of the counted points); undefined hides one. */
  polygonStyle?: (feature: FeatureLike, resolution: number) => Style | undefined;
}

export class ParcelTileLayer {
  readonly layer: VectorTileLayer;
  private mode: ColorMode = 'landClass';
  private hoverId: string | null = null;
  private selectedId: string | null = null;
  private readonly styleCache = new Map<string, Style>();
  private readonly map: OlMap;
  private loadedFeatures = 0;

  private readonly polygonStyle: ParcelTileOptions['polygonStyle'];

  constructor(map: OlMap, options: ParcelTileOptions = {}) {
    this.map = map;
    this.polygonStyle = options.polygonStyle;
    const source = tileSource(options.scope ?? 'public', 'parcels');
    if ((options.scope ?? 'public') === 'public') {
      // The first view's tiles were asked for before OpenLayers had loaded (first-tiles.ts): drawn
      // from those answers, not asked for again. The map element counts them (tests read it).
      let early = 0;
      source.setTileLoadFunction((tile, src) => {
        const vt = tile as VectorTile<RenderFeature>;
        const answer = takeFirstTile(src);
        if (!answer) {
          defaultLoadFunction(vt, src);
          return;
        }
        vt.setLoader((extent, _resolution, projection) => {
          void answer
            .then(async (buf) => {
              if (buf) {
                early += 1;
                map.getTargetElement()?.setAttribute('data-first-tiles-used', String(early));
                return buf;
              }
              // The early request failed: asked again.
              const res = await fetch(src, { credentials: 'same-origin' });
              return res.ok ? res.arrayBuffer() : new ArrayBuffer(0);
            })
            .then((buf) => setTileBytes(vt, buf, extent, projection))
            .catch(() => vt.onError());
        });
      });
    }
    source.on('tileloadend', (e) => {
      const tile = (e as unknown as { tile: VectorTile<RenderFeature> }).tile;
      this.loadedFeatures += tile.getFeatures()?.length ?? 0;
    });
    this.layer = new VectorTileLayer({
      source,
      zIndex: options.zIndex ?? 5,
      declutter: false,
      renderMode: 'hybrid',
      style: (f, r) => this.style(f, r),
      properties: { name: 'parcelTiles' },
    });
    map.addLayer(this.layer);
    // The map element says when parcels are first on screen (tests and the browser bench wait for it).
    const onRender = () => {
      if (this.loadedFeatures === 0) return;
      map.getTargetElement()?.setAttribute('data-parcels-drawn', '1');
      this.layer.un('postrender', onRender);
    };
    this.layer.on('postrender', onRender);
  }

  dispose(): void {
    this.map.removeLayer(this.layer);
    this.layer.dispose();
  }

  setColorMode(mode: ColorMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.layer.changed();
  }

  setHover(id: string | null): void {
    if (id === this.hoverId) return;
    this.hoverId = id;
    this.layer.changed();
  }

  setSelected(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.layer.changed();
  }

  /** What is under a pixel: a parcel (polygon, or a point of one parcel) or a group to zoom into. */
  hit(pixel: Pixel): { parcel: TileParcel } | { group: number[] } | null {
    let out: { parcel: TileParcel } | { group: number[] } | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature) => {
        const count = Number(feature.get('count') ?? 1);
        const id = feature.get('id') as string | undefined;
        const coordinate = this.map.getCoordinateFromPixel(pixel);
        if (count > 1 || !id) {
          out = { group: coordinate };
          return true;
        }
        const [lon, lat] = toLonLat(coordinate);
        out = {
          parcel: {
            id: String(id),
            name: String(feature.get('name') ?? ''),
            dlcode: feature.get('dlcode') as string | undefined,
            dlname: feature.get('dlname') as string | undefined,
            tradeState: feature.get('tradeState') as string | undefined,
            status: feature.get('status') as string | undefined,
            areaMu: feature.get('areaMu') as number | undefined,
            areacode: feature.get('areacode') as string | undefined,
            areaname: feature.get('areaname') as string | undefined,
            at: [lon, lat],
          },
        };
        return true;
      },
      { hitTolerance: 3, layerFilter: (l) => l === this.layer },
    );
    return out;
  }

  private colorOf(feature: FeatureLike): string {
    return this.mode === 'state' ? MARKET_STATE_COLORS[marketState(feature.get('tradeState'))] : landClassColor(feature.get('dlcode'));
  }

  private style(feature: FeatureLike, resolution: number): Style | undefined {
    const color = this.colorOf(feature);
    const id = String(feature.get('id') ?? '');
    const hot = id !== '' && (id === this.hoverId || id === this.selectedId);
    if (feature.getGeometry()?.getType() === 'Point') {
      const count = Number(feature.get('count') ?? 1);
      const key = `pt|${color}|${count}|${hot ? 1 : 0}`;
      let style = this.styleCache.get(key);
      if (!style) {
        // Cells are 4 px apart: small dots, a little larger where many parcels share one.
        const radius = count === 1 ? 2.5 : Math.min(4.5, 2.5 + Math.log2(count) * 0.5);
        style = new Style({
          image: new CircleStyle({
            radius: hot ? radius + 3 : radius,
            fill: new Fill({ color: withAlpha(color, 0.8) }),
            stroke: hot ? new Stroke({ color: '#ff4d4f', width: 2 }) : undefined,
          }),
        });
        this.cacheStyle(key, style);
      }
      return style;
    }
    if (this.polygonStyle) return this.polygonStyle(feature, resolution);
    const zoom = this.map.getView().getZoomForResolution(resolution) ?? 0;
    const label = zoom >= LABELS_FROM_ZOOM || hot ? String(feature.get('name') ?? '') : '';
    const key = `pg|${color}|${hot ? 1 : 0}|${label}`;
    let style = this.styleCache.get(key);
    if (!style) {
      style = parcelPolygonStyle(color, hot, label);
      this.cacheStyle(key, style);
    }
    return style;
  }

  private cacheStyle(key: string, style: Style): void {
    if (this.styleCache.size > 2000) this.styleCache.clear();
    this.styleCache.set(key, style);
  }
}
