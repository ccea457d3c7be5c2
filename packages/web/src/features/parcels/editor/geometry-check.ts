/** What the editor says about a boundary: valid or why not, and its area on the ellipsoid. */
import { areaMu, geodesicArea, validateParcelGeometry } from '@land/shared/geo/index';
import type { ParcelGeometry } from '@land/shared/geo/types';
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

/** 12,345.67 */
export function formatArea(n: number): string {
  return n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Relative difference above which the drawn and the entered area are said to disagree. */
export const AREA_TOLERANCE = 0.05;
export const AREA_MISMATCH_MESSAGE = '图形面积与填写面积相差超过5%';

export function areasDisagree(geometryArea: number, entered: number): boolean {
  if (geometryArea <= 0) return false;
  return Math.abs(entered - geometryArea) / geometryArea > AREA_TOLERANCE;
}
