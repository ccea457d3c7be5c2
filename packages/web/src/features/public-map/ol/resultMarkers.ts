/**
 * A search's results pinned on a tiled map. With vector tiles the map draws every parcel, so a
 * filtered search would leave the map unchanged: its results (the list's parcels) are marked on
 * top of the tiles instead, hovered and selected with the list, and a new search frames them.
 */
import Feature from 'ol/Feature';
import type OlMap from 'ol/Map';
import type { Extent } from 'ol/extent';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type { Pixel } from 'ol/pixel';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style';
import { lonLat } from './base';

const pin = (hot: boolean) =>
  new Style({
    image: new CircleStyle({
      radius: hot ? 9 : 7,
      fill: new Fill({ color: hot ? '#ff4d4f' : '#1677ff' }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
    zIndex: hot ? 2 : 1,
  });
const PIN = pin(false);
const HOT_PIN = pin(true);

export class ResultMarkers {
  readonly layer: VectorLayer;
  private readonly source = new VectorSource();
  private hoverId: string | null = null;
  private selectedId: string | null = null;
  private readonly map: OlMap;

  constructor(map: OlMap) {
    this.map = map;
    this.layer = new VectorLayer({
      source: this.source,
      // Above the parcel tiles (5) and the outlines.
      zIndex: 8,
      style: (f) => {
        const id = f.getId();
        return id !== undefined && (id === this.hoverId || id === this.selectedId) ? HOT_PIN : PIN;
      },
      properties: { name: 'resultMarkers' },
    });
    map.addLayer(this.layer);
  }

  dispose(): void {
    this.map.removeLayer(this.layer);
    this.layer.dispose();
  }

  /** Pins these parcels (those with a centre, [lon, lat]); an empty list clears the map. */
  set(parcels: { id: string; centre?: unknown }[]): void {
    const features: Feature[] = [];
    for (const p of parcels) {
      const c = Array.isArray(p.centre) ? p.centre : null;
      const at = c && lonLat(c[0], c[1]);
      if (!at) continue;
      const f = new Feature({ geometry: new Point(at) });
      f.setId(p.id);
      features.push(f);
    }
    this.source.clear(true);
    this.source.addFeatures(features);
  }

  count(): number {
    return this.source.getFeatures().length;
  }

  /** The pins' extent in map coordinates, or null when there are none. */
  extent(): Extent | null {
    return this.count() > 0 ? this.source.getExtent() : null;
  }

  /** The parcel whose pin is under this pixel. */
  idAt(pixel: Pixel): string | null {
    let id: string | null = null;
    this.map.forEachFeatureAtPixel(
      pixel,
      (f) => {
        id = String(f.getId());
        return true;
      },
      { hitTolerance: 3, layerFilter: (l) => l === this.layer },
    );
    return id;
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
}
