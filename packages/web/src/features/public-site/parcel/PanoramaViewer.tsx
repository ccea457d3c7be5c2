/**
 * The parcel's 360° panorama with its hotspots (photo-sphere-viewer). Loaded only when the page
 * shows a panorama, so its WebGL code never reaches other pages; public pages, so the public UI
 * kit, not antd. It fills the box the page reserves for it (420 px high).
 */
import '@photo-sphere-viewer/core/index.css';
import '@photo-sphere-viewer/markers-plugin/index.css';
import { Viewer } from '@photo-sphere-viewer/core';
import { MarkersPlugin } from '@photo-sphere-viewer/markers-plugin';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../public-ui';
import styles from './PanoramaViewer.module.css';

export interface PanoramaMarker {
  id: string;
  title: string;
  content?: string;
  /** Degrees: yaw -180…180 (0 = image centre), pitch -90…90 (up positive). */
  yaw: number;
  pitch: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PIN = `<div style="width:26px;height:26px;border-radius:50%;background:rgba(22,119,255,.9);border:3px solid #fff;box-shadow:0 0 0 4px rgba(22,119,255,.35),0 2px 8px rgba(0,0,0,.4);cursor:pointer"></div>`;

export default function PanoramaViewer({ url, caption, markers }: { url: string; caption: string; markers: PanoramaMarker[] }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!ref.current) return;
    let viewer: Viewer | null = null;
    try {
      viewer = new Viewer({
        container: ref.current,
        panorama: url,
        caption: escapeHtml(caption),
        loadingTxt: '全景加载中…',
        defaultZoomLvl: 20,
        touchmoveTwoFingers: true,
        mousewheelCtrlKey: true,
        navbar: ['zoom', 'move', 'caption', 'fullscreen'],
        lang: {
          zoom: '缩放',
          zoomOut: '缩小',
          zoomIn: '放大',
          moveUp: '上移',
          moveDown: '下移',
          moveLeft: '左移',
          moveRight: '右移',
          fullscreen: '全屏',
          loadError: '全景图加载失败',
          twoFingers: '请用两指移动',
          ctrlZoom: '按住 Ctrl 并滚动鼠标缩放',
        },
        plugins: [
          [
            MarkersPlugin,
            {
              markers: markers.map((m) => ({
                id: m.id,
                position: { yaw: `${m.yaw}deg`, pitch: `${m.pitch}deg` },
                html: PIN,
                size: { width: 26, height: 26 },
                anchor: 'center center',
                tooltip: { content: escapeHtml(m.title), position: 'top center', trigger: 'hover' },
                content: m.content ? `<h3>${escapeHtml(m.title)}</h3><p>${escapeHtml(m.content)}</p>` : undefined,
              })),
            },
          ],
        ],
      });
      viewer.addEventListener('panorama-error', () => setFailed(true));
    } catch {
      setFailed(true);
    }
    return () => viewer?.destroy();
  }, [url, caption, markers]);

  return (
    // The notice lies over the dark box instead of above it: the page keeps its height either way.
    <div className={styles.frame}>
      {failed && (
        <Alert type="warning" className={styles.notice}>
          全景图无法显示（浏览器不支持 WebGL 或图片加载失败）
        </Alert>
      )}
      <div ref={ref} className={styles.viewer} data-testid="panorama" />
    </div>
  );
}
