/**
 * A small map of one parcel (or a district) with the places around it as markers: surrounding
 * facilities (周边配套) and the key places distances are measured to. Hovering a marker names it.
 * Loaded lazily by the detail pages, so OpenLayers arrives only with the map.
 */
import Feature from 'ol/Feature';
import Overlay from 'ol/Overlay';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { districtsQuery, useSiteSettings } from './api';
import { placeColor, withAlpha } from './colors';
import { FACILITY_TYPE_LABELS } from './format';
import { lonLat, outlineLayer, readGeometry } from './ol/base';
import { setCursor, useOlMap } from './ol/useOlMap';

export interface MiniMapPlace {
  id: string;
  name: string;
  type: string;
  lon: unknown;
  lat: unknown;
  /** e.g. 800 m, 12.5 公里 · 18 分钟 */
  note?: string;
}

export interface MiniMapShape {
  id: string;
  name: string;
  geometry: unknown;
  color?: string;
}

/** A line on the small map (a pipe network near the parcel). */
export interface MiniMapLine {
  id: string;
  name: string;
  geometry: unknown;
  color: string;
  note?: string;
}

interface ParcelMiniMapProps {
  shapes: MiniMapShape[];
  lines?: MiniMapLine[];
  places?: MiniMapPlace[];
  /** Highlighted place (from the list beside the map). */
  activePlaceId?: string | null;
  height?: number;
  /** Show district outlines around the shapes. */
  districts?: boolean;
  onShapeClick?: (id: string) => void;
}

export default function ParcelMiniMap({ shapes, lines = [], places = [], activePlaceId = null, height = 360, districts = true, onShapeClick }: ParcelMiniMapProps) {
  const settings = useSiteSettings().data;
  const districtRows = useQuery(districtsQuery).data;
  const { ref, map } = useOlMap({ settings, wheelZoom: false });
  const [hover, setHover] = useState<{ name: string; note?: string } | null>(null);
  const tooltipEl = useMemo(() => document.createElement('div'), []);

  const shapeSource = useMemo(() => new VectorSource(), []);
  const placeSource = useMemo(() => new VectorSource(), []);
  const lineSource = useMemo(() => new VectorSource(), []);

  useEffect(() => {
    if (!map) return;
    const shapeLayer = new VectorLayer({
      source: shapeSource,
      zIndex: 5,
      style: (f) => {
        const color = String(f.get('color') ?? '#1677ff');
        return new Style({
          fill: new Fill({ color: withAlpha(color, 0.35) }),
          stroke: new Stroke({ color: '#ff4d4f', width: 2.5 }),
          text:
            shapes.length > 1
              ? new Text({ text: String(f.get('name') ?? ''), font: '12px sans-serif', stroke: new Stroke({ color: '#fff', width: 3 }), overflow: true })
              : undefined,
        });
      },
    });
    // Place styles made once per colour (and name when active): a new circle style draws its own
    // canvas, and the style function runs for every place on every frame.
    const placeStyles = new Map<string, Style>();
    const placeLayer = new VectorLayer({
      source: placeSource,
      zIndex: 6,
      style: (f) => {
        const active = Boolean(f.get('active'));
        const color = placeColor(String(f.get('type')));
        const name = active ? String(f.get('name') ?? '') : '';
        const key = `${color}|${active ? 1 : 0}|${name}`;
        let style = placeStyles.get(key);
        if (!style) {
          style = new Style({
            image: new CircleStyle({
              radius: active ? 9 : 6,
              fill: new Fill({ color }),
              stroke: new Stroke({ color: '#fff', width: 2 }),
            }),
            zIndex: active ? 10 : 1,
            text: active
              ? new Text({
                  text: name,
                  offsetY: -18,
                  font: '600 12px sans-serif',
                  fill: new Fill({ color: '#1f1f1f' }),
                  stroke: new Stroke({ color: '#fff', width: 3 }),
                })
              : undefined,
          });
          placeStyles.set(key, style);
        }
        return style;
      },
    });
    const lineLayer = new VectorLayer({
      source: lineSource,
      zIndex: 4,
      style: (f) =>
        new Style({
          stroke: new Stroke({ color: String(f.get('color') ?? '#1677ff'), width: 3, lineCap: 'round' }),
        }),
    });
    map.addLayer(lineLayer);
    map.addLayer(shapeLayer);
    map.addLayer(placeLayer);
    const tooltip = new Overlay({ element: tooltipEl, positioning: 'bottom-center', offset: [0, -12], stopEvent: false });
    map.addOverlay(tooltip);
    const onMove = (evt: { pixel: number[]; coordinate: number[]; dragging: boolean }) => {
      if (evt.dragging) return;
      const feature = map.forEachFeatureAtPixel(evt.pixel, (f, layer) => (layer === placeLayer || layer === shapeLayer || layer === lineLayer ? f : undefined), {
        hitTolerance: 4,
      });
      if (feature) {
        setHover({ name: String(feature.get('name') ?? ''), note: feature.get('note') as string | undefined });
        tooltip.setPosition(evt.coordinate);
      } else {
        setHover(null);
        tooltip.setPosition(undefined);
      }
      setCursor(map, feature ? 'pointer' : '');
    };
    const onClick = (evt: { pixel: number[] }) => {
      const feature = map.forEachFeatureAtPixel(evt.pixel, (f, layer) => (layer === shapeLayer ? f : undefined));
      if (feature && onShapeClick) onShapeClick(String(feature.getId()));
    };
    map.on('pointermove', onMove);
    map.on('singleclick', onClick);
    return () => {
      map.un('pointermove', onMove);
      map.un('singleclick', onClick);
      map.removeLayer(lineLayer);
      map.removeLayer(shapeLayer);
      map.removeLayer(placeLayer);
      map.removeOverlay(tooltip);
    };
  }, [map, shapeSource, placeSource, lineSource, tooltipEl, shapes.length, onShapeClick]);

  useEffect(() => {
    if (!map || !districts || !districtRows?.length) return;
    const layer = outlineLayer(districtRows.map((d) => ({ id: d.id, name: d.areaname, geometry: d.boundary })));
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, districts, districtRows]);

  // Shapes and places; the view frames them whenever they change (after the configured view).
  useEffect(() => {
    shapeSource.clear(true);
    placeSource.clear(true);
    lineSource.clear(true);
    for (const l of lines) {
      const geometry = readGeometry(l.geometry);
      if (!geometry) continue;
      const f = new Feature({ geometry, name: l.name, color: l.color, note: l.note });
      f.setId(`line:${l.id}`);
      lineSource.addFeature(f);
    }
    for (const s of shapes) {
      const geometry = readGeometry(s.geometry);
      if (!geometry) continue;
      const f = new Feature({ geometry, name: s.name, color: s.color });
      f.setId(s.id);
      shapeSource.addFeature(f);
    }
    for (const p of places) {
      const at = lonLat(p.lon, p.lat);
      if (!at) continue;
      const f = new Feature({ geometry: new Point(at), name: p.name, type: p.type, note: p.note ?? FACILITY_TYPE_LABELS[p.type] });
      f.setId(p.id);
      placeSource.addFeature(f);
    }
    if (!map || !settings) return;
    const extent = createEmpty();
    const shapeExtent = shapeSource.getExtent();
    if (shapeExtent) extend(extent, shapeExtent);
    // Frame the parcel with its nearby places; far places (airport, port) only widen it a little.
    if (isEmpty(extent) || !Number.isFinite(extent[0])) {
      const placeExtent = placeSource.getExtent();
      if (placeExtent) extend(extent, placeExtent);
    }
    else {
      for (const f of placeSource.getFeatures()) {
        const c = (f.getGeometry() as Point).getCoordinates();
        const dx = Math.max(extent[0] - c[0], c[0] - extent[2], 0);
        const dy = Math.max(extent[1] - c[1], c[1] - extent[3], 0);
        if (Math.hypot(dx, dy) < 2500) extend(extent, [c[0], c[1], c[0], c[1]]);
      }
    }
    if (!isEmpty(extent) && Number.isFinite(extent[0])) {
      map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 17, duration: 0 });
    }
  }, [shapes, lines, places, map, settings, shapeSource, placeSource, lineSource]);

  useEffect(() => {
    for (const f of placeSource.getFeatures()) f.set('active', f.getId() === activePlaceId);
  }, [activePlaceId, placeSource, places]);

  return (
    <div style={{ position: 'relative', height, borderRadius: 8, overflow: 'hidden', border: '1px solid #e8ecf1' }}>
      <div ref={ref} style={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg,#f4f6f0,#eef1ea)' }} data-testid="mini-map" />
      {createPortal(
        hover ? (
          <div style={{ background: 'rgba(0,0,0,.78)', color: '#fff', padding: '4px 8px', borderRadius: 4, fontSize: 12, whiteSpace: 'nowrap', pointerEvents: 'none' }}>
            {hover.note ? `${hover.name} · ${hover.note}` : hover.name}
          </div>
        ) : null,
        tooltipEl,
      )}
    </div>
  );
}
