/**
 * Map colours (the tables themselves are in @land/shared/mapColors, shared with the server's
 * MapLibre style): land classes by their first-level code (close to the colours of the planning
 * standards: residential yellow, commercial red, industrial brown, warehousing purple, green
 * space green…) and the visitor's three market states. No OpenLayers here, so lists and
 * legends can use them without loading the map library.
 */
import { LAND_CLASS_COLORS, MARKET_STATE_COLORS as SHARED_MARKET_STATE_COLORS, MARKET_STATE_TEXT_COLORS as SHARED_MARKET_STATE_TEXT_COLORS, OTHER_CLASS } from '@land/shared/mapColors';
import type { ParcelMarketState } from './format';

export interface LegendEntry {
  key: string;
  label: string;
  color: string;
}

export { LAND_CLASS_COLORS };

/** Older schemes' first digits (GB/T 21010: 05 商服, 06 工矿仓储) are close enough for colour. */
export function landClassGroup(code: unknown): string {
  const s = typeof code === 'string' ? code : code === null || code === undefined ? '' : String(code);
  return s.slice(0, 2);
}

export function landClassColor(code: unknown): string {
  return (LAND_CLASS_COLORS[landClassGroup(code)] ?? OTHER_CLASS).color;
}

export function landClassGroupLabel(code: unknown): string {
  return (LAND_CLASS_COLORS[landClassGroup(code)] ?? OTHER_CLASS).label;
}

export const MARKET_STATE_COLORS: Record<ParcelMarketState, string> = SHARED_MARKET_STATE_COLORS;
/** The state colours for text and tags (contrast >= 4.5:1 on white). */
export const MARKET_STATE_TEXT_COLORS: Record<ParcelMarketState, string> = SHARED_MARKET_STATE_TEXT_COLORS;

/** Legend of the classes that actually occur, in code order. */
export function landClassLegend(codes: Iterable<unknown>): LegendEntry[] {
  const groups = new Set<string>();
  for (const c of codes) groups.add(landClassGroup(c));
  return [...groups]
    .sort()
    .map((g) => ({ key: g, label: (LAND_CLASS_COLORS[g] ?? OTHER_CLASS).label, color: (LAND_CLASS_COLORS[g] ?? OTHER_CLASS).color }));
}

/** '#rrggbb' with an alpha, for fills. */
export function withAlpha(hex: string, alpha: number): string {
  const h = hex.replace('#', '');
  const r = parseInt(h.slice(0, 2), 16);
  const g = parseInt(h.slice(2, 4), 16);
  const b = parseInt(h.slice(4, 6), 16);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Marker colour per kind of place. */
export const PLACE_COLORS: Record<string, string> = {
  school: '#722ed1',
  hospital: '#f5222d',
  bus: '#13c2c2',
  metro: '#2f54eb',
  shopping: '#fa8c16',
  bank: '#faad14',
  park: '#52c41a',
  hotel: '#eb2f96',
  restaurant: '#fa541c',
  talentHousing: '#a0d911',
  government: '#1677ff',
  gasStation: '#8c8c8c',
  airport: '#0b3d91',
  railway: '#0b3d91',
  highwayExit: '#0b3d91',
  port: '#0b3d91',
  centre: '#0b3d91',
};

export const placeColor = (type: string): string => PLACE_COLORS[type] ?? '#595959';


/** Pipe networks in the usual utility colours. */
export const PIPE_COLORS: Record<string, string> = {
  water: '#1677ff',
  drainage: '#8c6d3f',
  rain: '#13c2c2',
  sewage: '#8c6d3f',
  gas: '#fadb14',
  power: '#f5222d',
  telecom: '#52c41a',
  heat: '#fa8c16',
};
