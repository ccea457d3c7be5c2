import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls, ScaleLine } from 'ol/control';
import { defaults as defaultInteractions } from 'ol/interaction';
import type BaseLayer from 'ol/layer/Base';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { baseMapQuery, type SiteSettings } from '../api';
import { tileBaseLayer, viewSettings } from './base';
import { offlineBaseLayer } from './baseMap';
import { gestures } from './gestures';
import { PHONE_QUERY } from '../../../public/use-map-wanted';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './tileMeta';

export interface OlMapOptions {
  settings: SiteSettings | undefined;
  /**
   * A map inside a page that scrolls: the page keeps one finger and the wheel, so swiping or
   * scrolling past the map never moves it instead. Two fingers move and zoom it, the wheel with
   * Ctrl (⌘ on a Mac) zooms it, a mouse drags it, and a hint on the map says so when needed.
   * 'phone': only in the phone layout, where the page stacks the map under its list.
   */
  inPage?: boolean | 'phone';
  minZoom?: number;
  maxZoom?: number;
}

/**
 * Creates an OpenLayers map in the returned container ref and disposes it on unmount. The
 * container carries data-moving="1" while the view animates, so tests (and pages) can wait for
 * the map to settle. Once the settings are known the base goes in: the configured tile source,
 * or the zone's own roads and water (ol/baseMap.ts); data-basemap on the container says which.
 */
export function useOlMap({ settings, inPage = false, minZoom = MAP_MIN_ZOOM, maxZoom = MAP_MAX_ZOOM }: OlMapOptions) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<OlMap | null>(null);
  // Read by the gestures as they happen (a phone turned sideways may leave the phone layout).
  const cooperative = useRef(false);
  useEffect(() => {
    if (inPage !== 'phone') {
      cooperative.current = inPage;
      return undefined;
    }
    const phone = window.matchMedia(PHONE_QUERY);
    const follow = () => (cooperative.current = phone.matches);
    follow();
    phone.addEventListener('change', follow);
    return () => phone.removeEventListener('change', follow);
  }, [inPage]);

  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    const { center, zoom } = viewSettings(undefined);
    const instance = new OlMap({
      target,
      view: new View({ center, zoom, minZoom, maxZoom, constrainResolution: false }),
      controls: defaultControls({ attribution: false, rotate: false }).extend([new ScaleLine({ units: 'metric' })]),
      interactions: defaultInteractions({ dragPan: false, mouseWheelZoom: false, altShiftDragRotate: false, pinchRotate: false }),
    });
    const stopGestures = gestures(instance, target, () => cooperative.current);
    instance.on('movestart', () => target.setAttribute('data-moving', '1'));
    instance.on('moveend', () => target.removeAttribute('data-moving'));
    // A map created inside a hidden (kept-alive) page has no size; follow the container.
    const observer = new ResizeObserver(() => instance.updateSize());
    observer.observe(target);
    setMap(instance);
    return () => {
      stopGestures();
      observer.disconnect();
      instance.setTarget(undefined);
      instance.dispose();
      setMap(null);
    };
  }, [minZoom, maxZoom]);

  // The configured view, once the settings have arrived.
  useEffect(() => {
    if (!map || !settings) return;
    const { center, zoom } = viewSettings(settings);
    map.getView().setCenter(center);
    map.getView().setZoom(zoom);
  }, [map, settings]);

  // The base: the configured tile source, else (also when its address cannot be used) the
  // zone's own roads and water.
  const tiles = useMemo(() => tileBaseLayer(settings), [settings]);
  const offline = useQuery({ ...baseMapQuery, enabled: Boolean(settings) && !tiles });
  useEffect(() => {
    const target = ref.current;
    if (!map || !settings || !target) return;
    if (!tiles && !offline.data) return;
    const { layer, state }: { layer: BaseLayer; state: string } = tiles ? { layer: tiles, state: 'tiles' } : offlineBaseLayer(offline.data);
    map.getLayers().insertAt(0, layer);
    target.setAttribute('data-basemap', state);
    return () => {
      map.removeLayer(layer);
      target.removeAttribute('data-basemap');
    };
  }, [map, settings, tiles, offline.data]);

  return { ref, map, hasTiles: Boolean(tiles) };
}

/** The pointer over a map: a hand over something clickable. */
export function setCursor(map: OlMap, cursor: string): void {
  const target = map.getTargetElement();
  if (target) target.style.cursor = cursor;
}
