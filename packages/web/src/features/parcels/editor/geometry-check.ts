/** What the editor says about a boundary: valid or why not, and its area on the ellipsoid. */
import { areaMu, bbox, centroid, geodesicArea, haversineMeters, validateParcelGeometry } from '@land/shared/geo/index';
import type { BBox, ParcelGeometry, Position } from '@land/shared/geo/types';
import { round } from '@land/shared/helpers';

export type GeometryCheck =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'ok'; geometry: ParcelGeometry; areaM2: number; areaMu: number };

export function checkGeometry(geometry: unknown): GeometryCheck {
  if (geometry === null || geometry === undefined || geometry === '') return { state: 'empty' };
  const result = validateParcelGeometry(geometry);
  if (!result.ok) return { state: 'invalid', message: result.message };
  const m2 = geodesicArea(result.geometry);
  return { state: 'ok', geometry: result.geometry, areaM2: round(m2, 2), areaMu: round(areaMu(m2), 2) };
}


/** Relative difference above which the drawn and the entered area are said to disagree. */
export const AREA_TOLERANCE = 0.05;
export const AREA_MISMATCH_MESSAGE = '图形面积与填写面积相差超过5%';

export function areasDisagree(geometryArea: number, entered: number): boolean {
  if (geometryArea <= 0) return false;
  return Math.abs(entered - geometryArea) / geometryArea > AREA_TOLERANCE;
}

/**
 * Farther than this from the zone, a new boundary is asked about before it is saved: typically a
 * file read in the wrong coordinate system or with X and Y swapped. Not refused, as a zone may
 * have 飞地 (parks detached from it).
 */
export const FAR_FROM_ZONE_KM = 50;

/** Where the zone is, as the platform knows it: its districts' boundaries (boxes), else the map centre. */
export interface ZonePlace {
  boxes: BBox[];
  centre: Position | null;
}

export function zonePlace(districts: readonly Record<string, unknown>[] | undefined, centre: Position | null): ZonePlace {
  const boxes: BBox[] = [];
  for (const d of districts ?? []) {
    let g = d.boundary;
    if (typeof g === 'string') {
      try {
        g = JSON.parse(g);
      } catch {
        continue;
      }
    }
    const type = (g as { type?: unknown } | null)?.type;
    if (type !== 'Polygon' && type !== 'MultiPolygon') continue;
    const box = bbox(g as ParcelGeometry);
    if (box.every(Number.isFinite)) boxes.push(box);
  }
  return { boxes, centre };
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** Kilometres from the boundary's centre to the nearest district (0 within one's box), or to the map centre; null if unknown. */
export function distanceToZoneKm(geometry: ParcelGeometry, zone: ZonePlace): number | null {
  const p = centroid(geometry);
  if (!p.every(Number.isFinite)) return null;
  if (zone.boxes.length > 0) {
    return Math.min(...zone.boxes.map((b) => haversineMeters(p, [clamp(p[0], b[0], b[2]), clamp(p[1], b[1], b[3])]))) / 1000;
  }
  return zone.centre ? haversineMeters(p, zone.centre) / 1000 : null;
}

/** The question asked before saving a boundary that far away, or null when it is near enough (or the zone is unknown). */
export function farFromZoneQuestion(geometry: ParcelGeometry, zone: ZonePlace): string | null {
  const km = distanceToZoneKm(geometry, zone);
  if (km === null || km <= FAR_FROM_ZONE_KM) return null;
  return `边界距园区约 ${Math.round(km)} 公里，请确认坐标系是否正确`;
}
