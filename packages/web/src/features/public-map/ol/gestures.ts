/**
 * How a map takes drags and the wheel. A map inside a scrolling page leaves the page its gestures.
 */
import type OlMap from 'ol/Map';
import Kinetic from 'ol/Kinetic';
import { noModifierKeys, platformModifierKeyOnly, primaryAction } from 'ol/events/condition';
import DragPan from 'ol/interaction/DragPan';
import MouseWheelZoom from 'ol/interaction/MouseWheelZoom';
import PinchZoom from 'ol/interaction/PinchZoom';
import styles from './gestures.module.css';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Dragging and wheel zoom, for a map made without OpenLayers' own (`dragPan: false,
 * mouseWheelZoom: false`). A map inside a scrolling page (`cooperative()`, the OpenLayers
 * two-finger example) pans by touch with two fingers and zooms with Ctrl or ⌘ and the wheel; one
 * finger or a bare wheel goes to the page, and the map shows for a moment how to move it instead.
 * Otherwise these are OpenLayers' defaults. Returns what removes the hint's listeners.
 */
export function gestures(map: OlMap, target: HTMLElement, cooperative: () => boolean): () => void {
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
