import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls, ScaleLine } from 'ol/control';
import { defaults as defaultInteractions } from 'ol/interaction';
import type TileLayer from 'ol/layer/Tile';
import { useEffect, useRef, useState } from 'react';
import type { SiteSettings } from '../api';
import { tileBaseLayer, viewSettings } from './base';

export interface OlMapOptions {
  settings: SiteSettings | undefined;
  /** Scroll-wheel zoom (off for small maps inside a scrolling page). */
  wheelZoom?: boolean;
  minZoom?: number;
  maxZoom?: number;
}

/**
 * Creates an OpenLayers map in the returned container ref and disposes it on unmount. The
 * container carries data-moving="1" while the view animates, so tests (and pages) can wait for
 * the map to settle. The configured tile base is added once the settings are known.
 */
export function useOlMap({ settings, wheelZoom = true, minZoom = 8, maxZoom = 20 }: OlMapOptions) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [map, setMap] = useState<OlMap | null>(null);

  useEffect(() => {
    const target = ref.current;
    if (!target) return;
    const { center, zoom } = viewSettings(undefined);
    const instance = new OlMap({
      target,
      view: new View({ center, zoom, minZoom, maxZoom, constrainResolution: false }),
      controls: defaultControls({ attribution: false, rotate: false }).extend([new ScaleLine({ units: 'metric' })]),
      interactions: defaultInteractions({ mouseWheelZoom: wheelZoom, altShiftDragRotate: false, pinchRotate: false }),
    });
    instance.on('movestart', () => target.setAttribute('data-moving', '1'));
    instance.on('moveend', () => target.removeAttribute('data-moving'));
    // A map created inside a hidden (kept-alive) page has no size; follow the container.
    const observer = new ResizeObserver(() => instance.updateSize());
    observer.observe(target);
    setMap(instance);
    return () => {
      observer.disconnect();
      instance.setTarget(undefined);
      instance.dispose();
      setMap(null);
    };
  }, [wheelZoom, minZoom, maxZoom]);

  // The configured view and base layer, once the settings have arrived.
  const baseRef = useRef<TileLayer | null>(null);
  useEffect(() => {
    if (!map || !settings) return;
    const { center, zoom } = viewSettings(settings);
    map.getView().setCenter(center);
    map.getView().setZoom(zoom);
    if (baseRef.current) map.removeLayer(baseRef.current);
    baseRef.current = tileBaseLayer(settings);
    if (baseRef.current) map.getLayers().insertAt(0, baseRef.current);
  }, [map, settings]);

  return { ref, map, hasTiles: Boolean(settings && settings.tileSourceType !== 'none' && settings.tileUrl) };
}

/** The pointer over a map: a hand over something clickable. */
export function setCursor(map: OlMap, cursor: string): void {
  const target = map.getTargetElement();
  if (target) target.style.cursor = cursor;
}
