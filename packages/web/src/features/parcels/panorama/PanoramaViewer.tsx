/**
 * A parcel's 360° panorama with its markers (Photo Sphere Viewer + markers plugin, loaded only
 * with the 全景标注 tab). Clicking the panorama adds a marker where it was clicked; a marker is
 * selected by clicking it and moved by dragging it. Positions go in and out in degrees (yaw
 * -180…180, pitch -90…90), as the marker records store them.
 */
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import { Viewer } from '@photo-sphere-viewer/core';
import type { MarkerConfig } from '@photo-sphere-viewer/markers-plugin';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { useEffect, useRef, useState } from 'react';
import styles from './PanoramaViewer.module.css';

export interface ViewerMarker {
  markerId: string;
  title: string;
  content?: string | null;
  yaw: number;
  pitch: number;
}

export interface PanoramaViewerProps {
  url: string;
  markers: ViewerMarker[];
  selectedId: string | null;
  /** Given: the panorama can be marked (click adds, drag moves). */
  onAdd?: (yaw: number, pitch: number) => void;
  onMove?: (markerId: string, yaw: number, pitch: number) => void;
  onSelect?: (markerId: string | null) => void;
  height?: number;
}

const CAPTURE = 'psv--capture-event';
const DRAG_THRESHOLD_PX = 4;

const toRad = (deg: number) => (deg * Math.PI) / 180;
/** Radians as stored degrees: yaw folded into -180…180, two decimals. */
function toDeg(rad: number, fold: boolean): number {
  let deg = (rad * 180) / Math.PI;
  if (fold) deg = ((((deg + 180) % 360) + 360) % 360) - 180;
  return Math.round(deg * 100) / 100;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function markerConfig(m: ViewerMarker, selected: boolean, editable: boolean): MarkerConfig {
  const title = escapeHtml(m.title || '未命名标注');
  return {
    id: m.markerId,
    position: { yaw: toRad(m.yaw), pitch: toRad(m.pitch) },
    html: `<div class="${styles.marker} ${selected ? styles.selected : ''} ${editable ? `${styles.draggable} ${CAPTURE}` : ''}" data-marker-id="${escapeHtml(m.markerId)}"><span class="${styles.dot}"></span><span class="${styles.label}">${title}</span></div>`,
    anchor: 'center left',
    tooltip: m.content ? { content: escapeHtml(m.content), position: 'top center' } : undefined,
    zIndex: selected ? 20 : 10,
  };
}

const LANG = {
  zoom: '缩放',
  zoomOut: '缩小',
  zoomIn: '放大',
  moveUp: '向上',
  moveDown: '向下',
  moveLeft: '向左',
  moveRight: '向右',
  description: '说明',
  download: '下载',
  fullscreen: '全屏',
  loading: '正在加载全景…',
  menu: '菜单',
  close: '关闭',
  twoFingers: '请用两根手指拖动',
  ctrlZoom: '按住 Ctrl 滚动鼠标缩放',
  loadError: '全景照片无法加载',
  webglError: '浏览器不支持 WebGL，无法显示全景',
};

export default function PanoramaViewer({ url, markers, selectedId, onAdd, onMove, onSelect, height = 420 }: PanoramaViewerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<{ viewer: Viewer; plugin: MarkersPlugin } | null>(null);
  const [ready, setReady] = useState(false);
  const editable = onAdd !== undefined;
  const callbacks = useRef({ onAdd, onMove, onSelect });

  useEffect(() => {
    callbacks.current = { onAdd, onMove, onSelect };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const viewer = new Viewer({
      container,
      panorama: url,
      lang: LANG,
      loadingTxt: '正在加载全景…',
      navbar: ['zoom', 'move', 'fullscreen'],
      defaultZoomLvl: 20,
      mousewheelCtrlKey: true,
      plugins: [[MarkersPlugin, {}]],
    });
    const plugin = viewer.getPlugin<MarkersPlugin>(MarkersPlugin);
    viewerRef.current = { viewer, plugin };
    setReady(false);
    viewer.addEventListener('ready', () => setReady(true), { once: true });
    viewer.addEventListener('click', ({ data }) => {
      if (data.rightclick || data.marker) return;
      callbacks.current.onSelect?.(null);
      callbacks.current.onAdd?.(toDeg(data.yaw, true), toDeg(data.pitch, false));
    });

    // Dragging a marker: the marker element carries the capture class, so the viewer does not
    // rotate; the pointer's position on the sphere becomes the marker's.
    let drag: { id: string; startX: number; startY: number; moved: boolean; yaw: number; pitch: number } | null = null;
    const positionAt = (clientX: number, clientY: number) => {
      const rect = container.getBoundingClientRect();
      return viewer.dataHelper.viewerCoordsToSphericalCoords({ x: clientX - rect.left, y: clientY - rect.top });
    };
    const onDown = (event: MouseEvent) => {
      const el = (event.target as HTMLElement | null)?.closest<HTMLElement>('[data-marker-id]');
      if (!el || !callbacks.current.onAdd) return;
      const id = el.dataset.markerId!;
      drag = { id, startX: event.clientX, startY: event.clientY, moved: false, yaw: 0, pitch: 0 };
      callbacks.current.onSelect?.(id);
      event.preventDefault();
    };
    const onMoveEvent = (event: MouseEvent) => {
      if (!drag) return;
      if (!drag.moved && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_THRESHOLD_PX) return;
      drag.moved = true;
      const p = positionAt(event.clientX, event.clientY);
      drag.yaw = p.yaw;
      drag.pitch = p.pitch;
      plugin.updateMarker({ id: drag.id, position: { yaw: p.yaw, pitch: p.pitch } });
    };
    const onUp = () => {
      if (drag?.moved) callbacks.current.onMove?.(drag.id, toDeg(drag.yaw, true), toDeg(drag.pitch, false));
      drag = null;
    };
    container.addEventListener('mousedown', onDown, true);
    window.addEventListener('mousemove', onMoveEvent);
    window.addEventListener('mouseup', onUp);
    return () => {
      container.removeEventListener('mousedown', onDown, true);
      window.removeEventListener('mousemove', onMoveEvent);
      window.removeEventListener('mouseup', onUp);
      viewerRef.current = null;
      viewer.destroy();
    };
  }, [url]);

  useEffect(() => {
    const current = viewerRef.current;
    if (!current || !ready) return;
    current.plugin.setMarkers(markers.map((m) => markerConfig(m, m.markerId === selectedId, editable)));
  }, [markers, selectedId, editable, ready]);

  return <div ref={containerRef} className={styles.viewer} style={{ height }} data-testid="panorama-viewer" data-ready={ready ? 'true' : 'false'} />;
}
