/**
 * Map colours: land classes by their first-level code (close to the colours of the planning
 * standards: residential yellow, commercial red, industrial brown, warehousing purple, green
 * space green…) and the visitor's three market states. No OpenLayers here, so lists and
 * legends can use them without loading the map library.
 */
import type { ParcelMarketState } from './format';

export interface LegendEntry {
  key: string;
  label: string;
  color: string;
}

/** First-level classes of the 2023 用地用海分类 and their map colours. */
export const LAND_CLASS_COLORS: Record<string, { label: string; color: string }> = {
  '01': { label: '耕地', color: '#d9e6a1' },
  '02': { label: '园地', color: '#b8d98a' },
  '03': { label: '林地', color: '#5fa35f' },
  '04': { label: '草地', color: '#a6d96a' },
  '05': { label: '湿地', color: '#7fc8c0' },
  '06': { label: '农业设施建设用地', color: '#c9b97f' },
  '07': { label: '居住用地', color: '#f3d23b' },
  '08': { label: '公共管理与公共服务用地', color: '#e0609d' },
  '09': { label: '商业服务业用地', color: '#e5483d' },
  '10': { label: '工矿用地', color: '#a86f3c' },
  '11': { label: '仓储用地', color: '#8e6fd8' },
  '12': { label: '交通运输用地', color: '#8c8c8c' },
  '13': { label: '公用设施用地', color: '#2f7fc1' },
  '14': { label: '绿地与开敞空间用地', color: '#38a84a' },
  '15': { label: '特殊用地', color: '#5b7f63' },
  '16': { label: '留白用地', color: '#cfcfcf' },
  '17': { label: '陆地水域', color: '#5cb8e6' },
  '23': { label: '其他土地', color: '#bfb5a0' },
};

const OTHER_CLASS = { label: '其他', color: '#9aa5b1' };

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

export const MARKET_STATE_COLORS: Record<ParcelMarketState, string> = {
  available: '#1677ff',
  listed: '#fa8c16',
  deal: '#8c8c8c',
};

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
