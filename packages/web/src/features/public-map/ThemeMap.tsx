/**
 * A thematic map of coloured areas (supply-plan parcels, stock land) over the district outlines,
 * in step with a list beside it: hover highlights, a click selects and shows a popup. Given a
 * tile layer and more parcels than the threshold (mapTileThreshold, as the map search), the areas
 * are drawn from vector tiles, coloured and filtered by the list's features.
 */
import { useQuery } from '@tanstack/react-query';
import Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import type Layer from 'ol/layer/Layer';
import { unByKey } from 'ol/Observable';
import Overlay from 'ol/Overlay';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { districtOutlinesQuery, useSiteSettings } from './api';
import { withAlpha } from './colors';
import { outlineLayer, readGeometry } from './ol/base';
import { setCursor, useOlMap } from './ol/useOlMap';
import { themeTileLayer, tileFeatureId, tileMetaQuery, tilesWanted } from './ol/tiles';

/** How far a popup carried off the map is brought back from its edge. */
const POPUP_MARGIN = 40;

export interface ThemeFeature {
  id: string;
  name: string;
  color: string;
  geometry: unknown;
}

interface ThemeMapProps {
  features: ThemeFeature[];
  hoverId: string | null;
  selectedId: string | null;
  onHover: (id: string | null) => void;
  onSelect: (id: string | null) => void;
  /** Popup content of the selected feature. */
  popup?: ReactNode;
  children?: ReactNode;
  /** The server's tile layer of these areas, used above the parcel-count threshold. */
  tiles?: 'supplyPlan' | 'stockLand';
}

export function ThemeMap({ features, hoverId, selectedId, onHover, onSelect, popup, children, tiles }: ThemeMapProps) {
  const settings = useSiteSettings().data;
  const tileMeta = useQuery({ ...tileMetaQuery('public'), enabled: tiles !== undefined });
  // Undefined until the tile index is known (the map then waits, instead of drawing twice).
  const tiled = tiles === undefined || tileMeta.isError ? false : tilesWanted(tileMeta.data, settings);
  // The list's colours by id: tile features not in the (filtered) list are not drawn.
  const colors = useRef(new Map<string, string>());
  colors.current = useMemo(() => new Map(features.map((f) => [f.id, f.color])), [features]);
  const outlines = useQuery(districtOutlinesQuery).data;
  const { ref, map } = useOlMap({ settings, inPage: 'phone' });
  const source = useMemo(() => new VectorSource(), []);
  const hot = useRef({ hoverId, selectedId });
  hot.current = { hoverId, selectedId };
  const popupEl = useMemo(() => document.createElement('div'), []);
  const layerRef = useRef<Layer | null>(null);
  const overlayRef = useRef<Overlay | null>(null);
  const callbacks = useRef({ onHover, onSelect });
  callbacks.current = { onHover, onSelect };

  useEffect(() => {
    if (!map || tiled === undefined) return;
    const idOf = (f: FeatureLike) => tileFeatureId(f) || String(f.getId());
    const style = (f: FeatureLike, resolution: number) => {
      const id = idOf(f);
      const isHot = id === hot.current.hoverId || id === hot.current.selectedId;
      const color = colors.current.get(id);
      if (!color) return undefined;
      return new Style({
        fill: new Fill({ color: withAlpha(color, isHot ? 0.75 : 0.5) }),
        stroke: new Stroke({ color: isHot ? '#ff4d4f' : color, width: isHot ? 3 : 1.2 }),
        text:
          resolution < 4 || isHot
            ? new Text({ text: String(f.get('name') ?? ''), font: '12px sans-serif', stroke: new Stroke({ color: '#fff', width: 3 }) })
            : undefined,
        zIndex: isHot ? 10 : 1,
      });
    };
    // Tiles draw the areas; the source keeps the list's features for the popup and the framing.
    const layer = tiles && tiled ? themeTileLayer(tiles, style) : new VectorLayer({ source, zIndex: 5, style });
    map.addLayer(layer);
    layerRef.current = layer;
    const overlay = new Overlay({ element: popupEl, positioning: 'bottom-center', offset: [0, -12], autoPan: { margin: POPUP_MARGIN } });
    map.addOverlay(overlay);
    overlayRef.current = overlay;
    // The card stands above the toolbar and the legend: across a phone's short map they covered its name.
    const cards = map.getOverlayContainerStopEvent();
    if (cards) cards.style.zIndex = '3';
    const pick = (pixel: number[]) => map.forEachFeatureAtPixel(pixel, (f, l) => (l === layer ? idOf(f) : undefined), { hitTolerance: 3 }) ?? null;
    const onMove = (evt: { pixel: number[]; dragging: boolean }) => {
      if (evt.dragging) return;
      const id = pick(evt.pixel);
      setCursor(map, id ? 'pointer' : '');
      callbacks.current.onHover(id);
    };
    const onClick = (evt: { pixel: number[] }) => callbacks.current.onSelect(pick(evt.pixel));
    map.on('pointermove', onMove);
    map.on('singleclick', onClick);
    return () => {
      map.un('pointermove', onMove);
      map.un('singleclick', onClick);
      map.removeLayer(layer);
      map.removeOverlay(overlay);
      layer.dispose();
      layerRef.current = null;
    };
  }, [map, source, popupEl, tiles, tiled]);

  useEffect(() => {
    if (!map) return;
    const layer = outlineLayer((outlines ?? []).map((d) => ({ id: d.id, name: d.areaname, geometry: d.boundary })));
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, outlines]);

  useEffect(() => {
    source.clear(true);
    for (const f of features) {
      const geometry = readGeometry(f.geometry);
      if (!geometry) continue;
      const feature = new Feature({ geometry, name: f.name, color: f.color });
      feature.setId(f.id);
      source.addFeature(feature);
    }
    const extent = source.getExtent();
    if (!map || !settings || source.getFeatures().length === 0 || !extent) return;
    map.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: 16, duration: 300 });
  }, [features, map, settings, source]);

  useEffect(() => layerRef.current?.changed(), [hoverId, selectedId, features]);

  useEffect(() => {
    const f = selectedId ? source.getFeatureById(selectedId) : null;
    const g = f?.getGeometry();
    if (!g || !map) {
      overlayRef.current?.setPosition(undefined);
      return;
    }
    const e = g.getExtent();
    const centre = [(e[0] + e[2]) / 2, (e[1] + e[3]) / 2];
    overlayRef.current?.setPosition(centre);
    const view = map.getView();
    const size = map.getSize();
    if (size) {
      const visible = view.calculateExtent(size);
      if (!(centre[0] > visible[0] && centre[0] < visible[2] && centre[1] > visible[1] && centre[1] < visible[3])) view.animate({ center: centre, duration: 300 });
    }
    // A map that has just loaded for a record picked in the list (a phone's) is still framing the
    // features, which carries the popup off: once the view stops, it comes back into view.
    if (!view.getAnimating()) return;
    const key = map.once('moveend', () => overlayRef.current?.panIntoView({ margin: POPUP_MARGIN, animation: { duration: 250 } }));
    return () => unByKey(key);
    // `tiled`: the popup's overlay is made with the layer, once the tile index is known; a record
    // picked before the map had loaded gets its popup then.
  }, [selectedId, source, map, features, tiled]);

  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <div ref={ref} style={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg,#f4f6f0,#eef1ea)' }} data-testid="theme-map" data-parcel-source={tiled ? 'tiles' : 'geojson'} />
      {children}
      {createPortal(selectedId ? popup : null, popupEl)}
    </div>
  );
}
