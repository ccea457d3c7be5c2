import 'ol/ol.css';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { defaults as defaultControls, ScaleLine } from 'ol/control';
import { noModifierKeys, platformModifierKeyOnly, primaryAction } from 'ol/events/condition';
import Kinetic from 'ol/Kinetic';
import { defaults as defaultInteractions } from 'ol/interaction';
import DragPan from 'ol/interaction/DragPan';
import MouseWheelZoom from 'ol/interaction/MouseWheelZoom';
import PinchZoom from 'ol/interaction/PinchZoom';
import type BaseLayer from 'ol/layer/Base';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { baseMapQuery, type SiteSettings } from '../api';
import { tileBaseLayer, viewSettings } from './base';
import { offlineBaseLayer } from './baseMap';
import { PHONE_QUERY } from '../../../public/use-map-wanted';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from './tileMeta';
import styles from './useOlMap.module.css';

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

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Dragging and wheel zoom. A map inside a scrolling page (`cooperative()`, the OpenLayers
 * two-finger example) pans by touch with two fingers and zooms with Ctrl or ⌘ and the wheel; one
 * finger or a bare wheel goes to the page, and the map shows for a moment how to move it instead.
 * Otherwise these are OpenLayers' defaults. Returns what removes the hint's listeners.
 */
function gestures(map: OlMap, target: HTMLElement, cooperative: () => boolean): () => void {
  const dragPan: DragPan = new DragPan({
    kinetic: new Kinetic(-0.005, 0.05, 100),
    condition: (event) => {
      const pointer = event.originalEvent as PointerEvent;
      if (cooperative() && pointer.pointerType === 'touch') return dragPan.getPointerCount() === 2;
      return noModifierKeys(event) && primaryAction(event);
    },
  });
  // Where OpenLayers' own would be (just before the pinch): the interactions keep their order.
  const interactions = map.getInteractions();
  const pinch = interactions.getArray().findIndex((i) => i instanceof PinchZoom);
  interactions.insertAt(pinch < 0 ? interactions.getLength() : pinch, dragPan);
  map.addInteraction(new MouseWheelZoom({ condition: (event) => !cooperative() || platformModifierKeyOnly(event) }));

  // On the map's viewport (positioned, clipped to the map).
  const viewport = map.getViewport() ?? target;
  const hint = document.createElement('div');
  hint.className = styles.hint;
  hint.setAttribute('aria-hidden', 'true');
  hint.dataset.testid = 'map-gesture-hint';
  viewport.appendChild(hint);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (text: string) => {
    hint.textContent = text;
    hint.dataset.shown = '1';
    clearTimeout(timer);
    timer = setTimeout(() => delete hint.dataset.shown, 1500);
  };
  const touches = new Set<number>();
  const down = (e: PointerEvent) => {
    if (e.pointerType === 'touch') touches.add(e.pointerId);
  };
  const up = (e: PointerEvent) => touches.delete(e.pointerId);
  // One finger moving over the map: the page scrolls (the browser then cancels the pointer).
  const cancel = (e: PointerEvent) => {
    if (cooperative() && e.pointerType === 'touch' && touches.size === 1) show('使用双指移动地图');
    touches.delete(e.pointerId);
  };
  // Two fingers belong to the map from their first move (the page would scroll a little before
  // the map's drag starts).
  const touchMove = (e: TouchEvent) => {
    if (cooperative() && e.touches.length >= 2 && e.cancelable) e.preventDefault();
  };
  const wheel = (e: WheelEvent) => {
    if (cooperative() && !(IS_MAC ? e.metaKey : e.ctrlKey)) show(IS_MAC ? '按住 ⌘ 并滚动滚轮缩放地图' : '按住 Ctrl 并滚动滚轮缩放地图');
  };
  viewport.addEventListener('pointerdown', down);
  viewport.addEventListener('pointerup', up);
  viewport.addEventListener('pointercancel', cancel);
  viewport.addEventListener('touchmove', touchMove, { passive: false });
  viewport.addEventListener('wheel', wheel, { passive: true });
  return () => {
    clearTimeout(timer);
    viewport.removeEventListener('pointerdown', down);
    viewport.removeEventListener('pointerup', up);
    viewport.removeEventListener('pointercancel', cancel);
    viewport.removeEventListener('touchmove', touchMove);
    viewport.removeEventListener('wheel', wheel);
    hint.remove();
  };
}
