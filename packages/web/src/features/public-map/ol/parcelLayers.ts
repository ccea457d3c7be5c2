/**
 * Parcels on the map: polygons coloured by land class or by market state, with labels at close
 * zoom, and below CLUSTER_BELOW_ZOOM clustered centre points instead (a parcel is a few pixels
 * there, and hundreds of tiny polygons only cost time). One controller owns both layers and the
 * hover / selection highlight the result list shares.
 */
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type { Pixel } from 'ol/pixel';
import type { Extent } from 'ol/extent';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import type Geometry from 'ol/geom/Geometry';
import Point from 'ol/geom/Point';
import type Polygon from 'ol/geom/Polygon';
import type MultiPolygon from 'ol/geom/MultiPolygon';
import VectorLayer from 'ol/layer/Vector';
import Cluster from 'ol/source/Cluster';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { landClassColor, MARKET_STATE_COLORS, withAlpha } from '../colors';
import { marketState } from '../format';
import { lonLat, readGeometry } from './base';

export type ColorMode = 'landClass' | 'state';

/** Below this zoom parcels show as clustered points. */
export const CLUSTER_BELOW_ZOOM = 13.5;
/** From this zoom parcels carry their names. */
export const LABELS_FROM_ZOOM = 15.5;

export interface MapParcel {
  id: string;
  name: string;
  dlcode?: unknown;
  tradeState?: unknown;
  geometry?: unknown;
  /** [lon, lat], used when there is no boundary. */
  centre?: unknown;
}

const FONT = '12px "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif';

function interiorPoint(geometry: Geometry): number[] | null {
  const type = geometry.getType();
  if (type === 'Polygon') return (geometry as Polygon).getInteriorPoint().getCoordinates().slice(0, 2);
  if (type === 'MultiPolygon') {
    // The interior point of the largest part: a label inside the parcel, not in a gap.
    const parts = (geometry as MultiPolygon).getPolygons();
    const biggest = parts.reduce((a, b) => (b.getArea() > a.getArea() ? b : a), parts[0]);
    return biggest ? biggest.getInteriorPoint().getCoordinates().slice(0, 2) : null;
  }
  return null;
}

/** A parcel's polygon: filled in its colour, outlined red when hovered or selected, named at close zoom. */
export function parcelPolygonStyle(color: string, hot: boolean, label: string): Style {
  return new Style({
    fill: new Fill({ color: withAlpha(color, hot ? 0.75 : 0.5) }),
    stroke: new Stroke({ color: hot ? '#ff4d4f' : withAlpha(color, 1), width: hot ? 3 : 1.2 }),
    text: label
      ? new Text({
          text: label,
          font: FONT,
          fill: new Fill({ color: '#1f1f1f' }),
          stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }),
          overflow: false,
        })
      : undefined,
    zIndex: hot ? 10 : 1,
  });
}

export class ParcelLayers {
  readonly polygons: VectorLayer;
  readonly clusters: VectorLayer;
  private readonly polygonSource = new VectorSource();
  private readonly pointSource = new VectorSource();
  private mode: ColorMode = 'landClass';
  private hoverId: string | null = null;
  private selectedId: string | null = null;
  private readonly styleCache = new Map<string, Style>();
  private readonly map: OlMap;

  constructor(map: OlMap, options: { clusterBelowZoom?: number } = {}) {
    this.map = map;
    const below = options.clusterBelowZoom ?? CLUSTER_BELOW_ZOOM;
    this.polygons = new VectorLayer({
      source: this.polygonSource,
      zIndex: 5,
      minZoom: below,
      style: (f, r) => this.polygonStyle(f, r),
      properties: { name: 'parcels' },
      declutter: false,
    });
    this.clusters = new VectorLayer({
      source: new Cluster({ distance: 36, minDistance: 12, source: this.pointSource }),
      zIndex: 6,
      maxZoom: below,
      style: (f) => this.clusterStyle(f),
      properties: { name: 'parcelClusters' },
    });
    map.addLayer(this.polygons);
    map.addLayer(this.clusters);
  }

  dispose(): void {
    this.map.removeLayer(this.polygons);
    this.map.removeLayer(this.clusters);
  }

  setParcels(parcels: MapParcel[]): void {
    const polygons: Feature[] = [];
    const points: Feature[] = [];
    for (const p of parcels) {
      const geometry = readGeometry(p.geometry);
      const props = { parcelId: p.id, name: p.name, dlcode: p.dlcode, tradeState: p.tradeState };
      if (geometry) {
        const f = new Feature({ geometry, ...props });
        f.setId(p.id);
        polygons.push(f);
      }
      const c = Array.isArray(p.centre) ? p.centre : [];
      const at = (geometry && interiorPoint(geometry)) ?? lonLat(c[0], c[1]);
      if (at) {
        const pt = new Feature({ geometry: new Point(at), ...props });
        pt.setId(p.id);
        points.push(pt);
      }
    }
    this.polygonSource.clear(true);
    this.pointSource.clear(true);
    this.polygonSource.addFeatures(polygons);
    this.pointSource.addFeatures(points);
  }

  setColorMode(mode: ColorMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.polygons.changed();
    this.clusters.changed();
  }

  setHover(id: string | null): void {
    if (id === this.hoverId) return;
    this.hoverId = id;
    this.polygons.changed();
    this.clusters.changed();
  }

  setSelected(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.polygons.changed();
  }

  /** The parcel under a pixel: a polygon at close zoom, else a single-parcel cluster. */
  parcelAt(pixel: Pixel): string | null {
    let found: string | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature, layer) => {
        if (layer === this.polygons) {
          found = String(feature.get('parcelId'));
          return true;
        }
        if (layer === this.clusters) {
          const members = (feature.get('features') as Feature[] | undefined) ?? [];
          if (members.length === 1) found = String(members[0].get('parcelId'));
          return true;
        }
        return false;
      },
      { hitTolerance: 3 },
    );
    return found;
  }

  /** The cluster under a pixel (more than one parcel), as an extent to zoom into. */
  clusterExtentAt(pixel: Pixel): Extent | null {
    let extent: Extent | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (feature, layer) => {
        if (layer !== this.clusters) return false;
        const members = (feature.get('features') as Feature[] | undefined) ?? [];
        if (members.length < 2) return false;
        const e = createEmpty();
        for (const m of members) extend(e, m.getGeometry()!.getExtent());
        extent = e;
        return true;
      },
      { hitTolerance: 3 },
    );
    return extent;
  }

  /** A point inside the parcel (for popups and centring), in map coordinates. */
  anchorOf(id: string): number[] | null {
    const pt = this.pointSource.getFeatureById(id);
    const g = pt?.getGeometry();
    return g instanceof Point ? g.getCoordinates() : null;
  }

  extentOf(id: string): Extent | null {
    const f = this.polygonSource.getFeatureById(id) ?? this.pointSource.getFeatureById(id);
    return f?.getGeometry()?.getExtent() ?? null;
  }

  /** Extent of every parcel shown, or null when there are none. */
  fullExtent(): Extent | null {
    const e = createEmpty();
    for (const source of [this.polygonSource, this.pointSource]) {
      const part = source.getExtent();
      if (part) extend(e, part);
    }
    return isEmpty(e) || !Number.isFinite(e[0]) ? null : e;
  }

  /** Centres the parcel in the view, close enough to see its outline. */
  zoomTo(id: string, options: { duration?: number; maxZoom?: number } = {}): Promise<void> {
    const view = this.map.getView();
    const extent = this.extentOf(id);
    const anchor = this.anchorOf(id);
    if (!extent || !anchor) return Promise.resolve();
    const size = this.map.getSize() ?? [800, 600];
    const fitRes = view.getResolutionForExtent(extent, [size[0] * 0.45, size[1] * 0.45]);
    const zoom = Math.min(view.getZoomForResolution(fitRes) ?? 16, options.maxZoom ?? 17);
    // A framing still running (after a new search) would pull the view elsewhere.
    view.cancelAnimations();
    return new Promise((resolve) => {
      view.animate({ center: anchor, zoom: Math.max(zoom, LABELS_FROM_ZOOM - 0.5), duration: options.duration ?? 450 }, () => resolve());
    });
  }

  private colorOf(feature: FeatureLike): string {
    return this.mode === 'state' ? MARKET_STATE_COLORS[marketState(feature.get('tradeState'))] : landClassColor(feature.get('dlcode'));
  }

  private polygonStyle(feature: FeatureLike, resolution: number): Style {
    const id = String(feature.get('parcelId'));
    const color = this.colorOf(feature);
    const hot = id === this.hoverId || id === this.selectedId;
    const zoom = this.map.getView().getZoomForResolution(resolution) ?? 0;
    const label = zoom >= LABELS_FROM_ZOOM || hot ? String(feature.get('name') ?? '') : '';
    const key = `${color}|${hot ? 1 : 0}|${id === this.selectedId ? 1 : 0}|${label}`;
    let style = this.styleCache.get(key);
    if (!style) {
      style = parcelPolygonStyle(color, hot, label);
      this.cacheStyle(key, style);
    }
    return style;
  }

  private clusterStyle(feature: FeatureLike): Style {
    const members = (feature.get('features') as Feature[] | undefined) ?? [];
    const n = members.length;
    const hot = members.some((m) => String(m.get('parcelId')) === this.hoverId);
    const color = n === 1 ? this.colorOf(members[0]) : '';
    // Cached: a new circle style draws its own canvas, and the style function runs for every
    // cluster on every frame (most of the first frame's time on a phone).
    const key = `cluster|${n}|${hot ? 1 : 0}|${color}`;
    let style = this.styleCache.get(key);
    if (style) return style;
    if (n === 1) {
      style = new Style({
        image: new CircleStyle({
          radius: hot ? 8 : 6,
          fill: new Fill({ color }),
          stroke: new Stroke({ color: hot ? '#ff4d4f' : '#fff', width: 2 }),
        }),
      });
    } else {
      const radius = Math.min(10 + Math.sqrt(n) * 2.4, 26);
      style = new Style({
        image: new CircleStyle({
          radius,
          fill: new Fill({ color: hot ? 'rgba(255, 77, 79, 0.9)' : 'rgba(22, 119, 255, 0.85)' }),
          stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
        }),
        text: new Text({ text: String(n), font: `600 ${FONT}`, fill: new Fill({ color: '#fff' }) }),
      });
    }
    this.cacheStyle(key, style);
    return style;
  }

  private cacheStyle(key: string, style: Style): void {
    if (this.styleCache.size > 2000) this.styleCache.clear();
    this.styleCache.set(key, style);
  }
}
