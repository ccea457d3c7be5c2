/**
 * How areas are shown in the back office's tables and the parcel editor. A module of its own, not
 * in helpers: helpers is in every public page's first load (the app-common chunk), and the public
 * pages show no area column.
 */
import { groupThousands, round } from './helpers';

/** Units of area (㎡, 亩, 公顷): their values are shown with the same decimals throughout a column. */
export const AREA_UNITS: readonly string[] = ['㎡', 'm²', '平方米', '亩', '公顷', 'ha'];

export const isAreaUnit = (unit: string | undefined): boolean => unit !== undefined && AREA_UNITS.includes(unit);

/**
 * An area with thousands separators and always `digits` decimals (12.50 and 12.35 in one column,
 * never 12.5 beside 12.3456), rounded half away from zero; '' for non-numeric input.
 */
export const formatArea = (value: number | string | null | undefined, digits = 2): string => {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  const r = round(n, digits);
  return `${r < 0 ? '-' : ''}${groupThousands(Math.abs(r).toFixed(digits))}`;
};
