/**
 * A drawn preview of a map (shapes and places as SVG), rendered on the server with the page and
 * shown until OpenLayers has loaded: on a phone the interactive map loads only when asked for
 * (查看地图, see useMapWanted), so the first screen shows where things are without its script.
 * Web Mercator like the map, framed on what it shows; no tiles, no script of its own.
 */
import { memo, useMemo } from 'react';
import { Button, Spin } from '../../public-ui';
import { EnvironmentOutlined } from '../../public-ui/icons/EnvironmentOutlined';
import { geometryOf } from './api';
import styles from './MapPreview.module.css';

export interface PreviewShape {
  id: string;
  geometry: unknown;
  color?: string;
}

export interface PreviewPoint {
  id: string;
  lon: unknown;
  lat: unknown;
  color?: string;
}

/** Size of the drawing's longer side in viewBox units; coordinates are rounded to 0.1 of them. */
const SIZE = 1000;
const DEFAULT_COLOR = '#0958d9';

type Ring = number[][];

/** Rings (polygons) and lines of a GeoJSON geometry, as [lon, lat] lists. */
function linesOf(value: unknown): { rings: Ring[]; open: Ring[] } {
  const g = geometryOf(value);
  const rings: Ring[] = [];
  const open: Ring[] = [];
  if (!g) return { rings, open };
  const c = g.coordinates as unknown;
  switch (g.type) {
    case 'Polygon':
      rings.push(...(c as Ring[]));
      break;
    case 'MultiPolygon':
      for (const polygon of c as Ring[][]) rings.push(...polygon);
      break;
    case 'LineString':
      open.push(c as Ring);
      break;
    case 'MultiLineString':
      open.push(...(c as Ring[]));
      break;
    default:
      break;
  }
  return { rings, open };
}

/** Web Mercator's y of a latitude, in degrees' scale (so x = longitude). */
const mercatorY = (lat: number) => (Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 180) / Math.PI;

const valid = (lon: number, lat: number) => Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lat) < 85 && !(lon === 0 && lat === 0);

/** What the drawing is framed on: everything, or the shapes (a parcel) with the places near it. */
export type PreviewFrame = 'all' | 'shapes';

export interface PreviewDrawing {
  viewBox: string;
  shapes: { id: string; d: string; color: string }[];
  /** One path per colour: every point a zero-length segment drawn with a round cap. */
  points: { color: string; d: string }[];
}

/**
 * The SVG paths of `shapes` and `points`, with a margin, framed on all of them or (`frame`
 * 'shapes') on the shapes with the ground around them, the points beyond cut off; null when there
 * is nothing to draw.
 */
export function previewDrawing(shapes: PreviewShape[], points: PreviewPoint[], frame: PreviewFrame = 'all'): PreviewDrawing | null {
  const drawn = shapes.map((s) => ({ ...s, ...linesOf(s.geometry) }));
  const spots = points.map((p) => ({ ...p, x: Number(p.lon), y: Number(p.lat) })).filter((p) => valid(p.x, p.y));
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const take = (lon: number, lat: number) => {
    if (!valid(lon, lat)) return;
    const y = mercatorY(lat);
    if (lon < minX) minX = lon;
    if (lon > maxX) maxX = lon;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  };
  for (const s of drawn) for (const line of [...s.rings, ...s.open]) for (const [lon, lat] of line) take(lon, lat);
  if (frame === 'all' || minX === Infinity) for (const p of spots) take(p.x, p.y);
  if (minX === Infinity) return null;
  // A single place (or a tiny parcel) is shown with some ground around it; a parcel framed on
  // itself with about three times its size around it.
  const around = frame === 'shapes' ? 3 : 1;
  const span = Math.max((maxX - minX) * around, (maxY - minY) * around, frame === 'shapes' ? 0.012 : 0.004);
  const margin = span * 0.08;
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const w = Math.max(maxX - minX, span * (frame === 'shapes' ? 1 : 0.5)) + 2 * margin;
  const h = Math.max(maxY - minY, span * (frame === 'shapes' ? 0.6 : 0.5)) + 2 * margin;
  const k = SIZE / Math.max(w, h);
  const x0 = cx - w / 2;
  const y1 = cy + h / 2;
  const px = (lon: number) => Math.round((lon - x0) * k * 10) / 10;
  const py = (lat: number) => Math.round((y1 - mercatorY(lat)) * k * 10) / 10;
  const pathOf = (line: Ring, close: boolean) => {
    const pts = line.filter(([lon, lat]) => valid(lon, lat)).map(([lon, lat]) => `${px(lon)} ${py(lat)}`);
    return pts.length < 2 ? '' : `M${pts.join('L')}${close ? 'Z' : ''}`;
  };
  const byColor = new Map<string, string>();
  for (const p of spots) {
    const color = p.color ?? DEFAULT_COLOR;
    byColor.set(color, `${byColor.get(color) ?? ''}M${px(p.x)} ${py(p.y)}h0`);
  }
  return {
    viewBox: `0 0 ${Math.round(w * k)} ${Math.round(h * k)}`,
    shapes: drawn
      .map((s) => ({ id: s.id, color: s.color ?? DEFAULT_COLOR, d: [...s.rings.map((r) => pathOf(r, true)), ...s.open.map((r) => pathOf(r, false))].join('') }))
      .filter((s) => s.d),
    points: [...byColor].map(([color, d]) => ({ color, d })),
  };
}

interface MapPreviewProps {
  shapes?: PreviewShape[];
  points?: PreviewPoint[];
  /** What the drawing shows, for screen readers (e.g. 地块位置示意图). */
  label: string;
  /** The visitor asked for the map: it is loading. */
  asked?: boolean;
  /** Asks for the interactive map (查看地图, shown on phones only). */
  onAsk?: () => void;
  /** Fill of the shapes, 0–1. */
  fillOpacity?: number;
  frame?: PreviewFrame;
}

/** The preview filling its (positioned) box. */
export const MapPreview = memo(function MapPreview({ shapes = [], points = [], label, asked = false, onAsk, fillOpacity = 0.25, frame = 'all' }: MapPreviewProps) {
  const drawing = useMemo(() => previewDrawing(shapes, points, frame), [shapes, points, frame]);
  return (
    <div className={styles.preview} data-testid="map-preview">
      {drawing && (
        <svg className={styles.svg} viewBox={drawing.viewBox} preserveAspectRatio="xMidYMid meet" role="img" aria-label={label}>
          {drawing.shapes.map((s) => (
            <path key={s.id} d={s.d} fill={s.color} fillOpacity={fillOpacity} fillRule="evenodd" stroke={s.color} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
          ))}
          {drawing.points.map((p) => (
            <path key={p.color} d={p.d} stroke={p.color} strokeWidth={9} strokeLinecap="round" vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
      )}
      {asked ? (
        <div className={styles.overlay}>
          <Spin label="地图加载中" />
        </div>
      ) : (
        onAsk && (
          <Button kind="primary" icon={<EnvironmentOutlined />} className={styles.ask} onClick={onAsk} data-testid="show-map">
            查看地图
          </Button>
        )
      )}
    </div>
  );
});
