/**
 * A small map of one parcel (or a district) with the places around it as markers: surrounding
 * facilities (周边配套) and the key places distances are measured to. A marker is named in a label
 * above it when the pointer is on it, when it is tapped (a phone has no hover), and when the page
 * picks it from its list (`activePlaceId`), which may also bring it into view.
 * Loaded lazily by the detail pages, so OpenLayers arrives only with the map.
 */
import Feature, { type FeatureLike } from 'ol/Feature';
import Overlay from 'ol/Overlay';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';
import { containsCoordinate, createEmpty, extend, isEmpty } from 'ol/extent';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
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
  /** Bring the highlighted place into view when it lies outside (a pick made by a tap, not a passing pointer). */
  revealActive?: boolean;
  /**
   * Makes a place tapped on the map the page's pick (its list marks it, `activePlaceId` names it);
   * a tap elsewhere clears the pick. Without it a tapped place is named by the map alone.
   */
  onPlacePick?: (placeId: string | null) => void;
  height?: number;
  /** Show district outlines around the shapes. */
  districts?: boolean;
}

/** A feature named in the map's label, at the coordinate the label points to. */
interface Named {
  name: string;
  note?: string;
  at: number[];
}

const namedAt = (feature: FeatureLike, at: number[]): Named => {
  const geometry = feature.getGeometry();
  return {
    name: String(feature.get('name') ?? ''),
    note: feature.get('note') as string | undefined,
    // A marker's label points at the marker, a line's or an area's at the pointer.
    at: geometry instanceof Point ? geometry.getCoordinates() : at,
  };
};

export default function ParcelMiniMap({ shapes, lines = [], places = [], activePlaceId = null, height = 360, districts = true, revealActive = false, onPlacePick }: ParcelMiniMapProps) {
  const settings = useSiteSettings().data;
  const districtRows = useQuery(districtsQuery).data;
  const { ref, map } = useOlMap({ settings, inPage: true });
  // What the label names: the feature under the pointer, else the one tapped, else the page's pick.
  const [hover, setHover] = useState<Named | null>(null);
  const [tapped, setTapped] = useState<Named | null>(null);
  const [active, setActive] = useState<Named | null>(null);
  const named = hover ?? tapped ?? active;
  const placePick = useRef(onPlacePick);
  placePick.current = onPlacePick;
  const tooltipEl = useMemo(() => document.createElement('div'), []);
  const tooltip = useMemo(() => new Overlay({ element: tooltipEl, positioning: 'bottom-center', offset: [0, -12], stopEvent: false }), [tooltipEl]);

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
        const key = `${color}|${active ? 1 : 0}`;
        let style = placeStyles.get(key);
        if (!style) {
          style = new Style({
            image: new CircleStyle({
              radius: active ? 9 : 6,
              fill: new Fill({ color }),
              stroke: new Stroke({ color: '#fff', width: 2 }),
            }),
            zIndex: active ? 10 : 1,
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
    map.addOverlay(tooltip);
    const featureAt = (pixel: number[]) =>
      map.forEachFeatureAtPixel(pixel, (f, layer) => (layer === placeLayer || layer === shapeLayer || layer === lineLayer ? f : undefined), { hitTolerance: 4 });
    const onMove = (evt: { pixel: number[]; coordinate: number[]; dragging: boolean; originalEvent: Event }) => {
      // A finger's move is a pan, not a hover: a tap names what it touched (below).
      if (evt.dragging || (evt.originalEvent as PointerEvent).pointerType === 'touch') return;
      const feature = featureAt(evt.pixel);
      setHover(feature ? namedAt(feature, evt.coordinate) : null);
      setCursor(map, feature ? 'pointer' : '');
    };
    const onClick = (evt: { pixel: number[]; coordinate: number[] }) => {
      const feature = featureAt(evt.pixel);
      const place = feature && placeSource.hasFeature(feature as Feature) ? String(feature.getId()) : null;
      if (placePick.current) {
        // The page's pick names a place; a pipe or parcel tapped is named here and clears the pick.
        placePick.current(place);
        setTapped(feature && !place ? namedAt(feature, evt.coordinate) : null);
      } else {
        setTapped(feature ? namedAt(feature, evt.coordinate) : null);
      }
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
  }, [map, shapeSource, placeSource, lineSource, tooltip, shapes.length]);

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

  // The page's pick: drawn larger, named, and (revealActive) brought into view when it lies outside.
  useEffect(() => {
    for (const f of placeSource.getFeatures()) f.set('active', f.getId() === activePlaceId);
    const feature = activePlaceId ? placeSource.getFeatureById(activePlaceId) : null;
    if (!feature) {
      setActive(null);
      return;
    }
    const pick = namedAt(feature, []);
    const at = pick.at;
    setActive(pick);
    setTapped(null);
    if (!map || !revealActive) return;
    const view = map.getView();
    const size = map.getSize();
    if (!size || containsCoordinate(view.calculateExtent(size), at)) return;
    const extent = createEmpty();
    const shapeExtent = shapeSource.getExtent();
    if (shapeExtent && !isEmpty(shapeExtent) && Number.isFinite(shapeExtent[0])) extend(extent, shapeExtent);
    extend(extent, [at[0], at[1], at[0], at[1]]);
    view.fit(extent, { padding: [56, 40, 48, 40], maxZoom: view.getZoom(), duration: 300 });
  }, [activePlaceId, revealActive, placeSource, shapeSource, places, map]);

  // The label sits over its point, leaning right near the map's left edge and left near its right
  // edge, so that a long name (杭州萧山国际机场 · 18.1 公里 · 车程约 30 分钟) stays inside the map.
  useEffect(() => {
    const place = () => {
      tooltip.setPosition(named?.at);
      const pixel = named && map?.getPixelFromCoordinate(named.at);
      const width = map?.getSize()?.[0];
      if (!pixel || !width) return;
      tooltip.setPositioning(pixel[0] < width / 3 ? 'bottom-left' : pixel[0] > (width * 2) / 3 ? 'bottom-right' : 'bottom-center');
    };
    place();
    map?.on('moveend', place);
    return () => map?.un('moveend', place);
  }, [named, tooltip, map]);

  return (
    <div style={{ position: 'relative', height, borderRadius: 8, overflow: 'hidden', border: '1px solid #e8ecf1' }}>
      <div ref={ref} style={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg,#f4f6f0,#eef1ea)' }} data-testid="mini-map" />
      {createPortal(
        named ? (
          <div
            data-testid="mini-map-label"
            style={{ background: 'rgba(0,0,0,.78)', color: '#fff', padding: '4px 8px', borderRadius: 4, fontSize: 12, lineHeight: 1.5, width: 'max-content', maxWidth: 220, pointerEvents: 'none' }}
          >
            {/* Wrapped between phrases, never inside one (车程约 30 分钟). */}
            {[named.name, ...(named.note ? named.note.split(' · ') : [])].map((part, i) => (
              <Fragment key={i}>
                {i > 0 && ' · '}
                <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
              </Fragment>
            ))}
          </div>
        ) : null,
        tooltipEl,
      )}
    </div>
  );
}
