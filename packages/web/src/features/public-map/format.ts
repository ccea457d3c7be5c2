/**
 * How the public site writes figures: areas in ㎡ with 亩 beside them, money in 万元, planning
 * indicators as ranges, and the Chinese labels of coded values. Kept free of the entity
 * definitions (they pull zod and the validators into the page chunks); the labels below are
 * the options of those definitions, as visitors read them.
 */
import { formatDate, formatThousands, m2ToMu, round } from '@land/shared/helpers';
import { TRADE_STATE_LABELS, type TradeState } from '@land/shared/lifecycle';

export const isBlank = (v: unknown): boolean => v === null || v === undefined || v === '';

export function toNumber(v: unknown): number | null {
  if (isBlank(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

export function text(v: unknown): string {
  return isBlank(v) ? '' : String(v);
}

/**
 * 12,345.67 — grouping and at most `digits` decimals, trailing zeros dropped. Without Intl: a phone
 * spent 140 ms (4× throttled) building its first zh-CN number format inside the page's hydration,
 * and the server and the browser now print the same.
 */
/** Whether a record's longitude and latitude place it on the map (0, 0 is an unset position). */
export function hasPosition(lon: unknown, lat: unknown): boolean {
  const x = Number(lon);
  const y = Number(lat);
  return Number.isFinite(x) && Number.isFinite(y) && !(x === 0 && y === 0);
}

export function num(v: unknown, digits = 2): string {
  const n = toNumber(v);
  if (n === null) return '';
  return formatThousands(round(n, digits));
}

/** A number with its unit, or '—'. */
export function withUnit(v: unknown, unit: string, digits = 2): string {
  const s = num(v, digits);
  return s === '' ? '—' : `${s}${unit ? ` ${unit}` : ''}`;
}

/** Area in 亩 from the record's 亩 field, else worked out from ㎡. */
export function muOf(m2: unknown, mu?: unknown): number | null {
  const direct = toNumber(mu);
  if (direct !== null) return direct;
  const sq = toNumber(m2);
  return sq === null ? null : round(m2ToMu(sq), 2);
}

/** 23,178.82 ㎡（34.77 亩） */
export function areaText(m2: unknown, mu?: unknown): string {
  const sq = toNumber(m2);
  const m = muOf(m2, mu);
  if (sq === null && m === null) return '—';
  if (sq === null) return `${num(m)} 亩`;
  return `${num(sq)} ㎡（${num(m)} 亩）`;
}

/** 34.77 亩 */
export function muText(m2: unknown, mu?: unknown): string {
  const m = muOf(m2, mu);
  return m === null ? '—' : `${num(m)} 亩`;
}

export function wanText(v: unknown): string {
  return withUnit(v, '万元');
}

export function dateText(v: unknown): string {
  return formatDate(text(v)) || text(v).slice(0, 10) || '—';
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * How long a listing still runs, by calendar days in China time (the server and the browser say
 * the same): 剩 8 天 on the 7th for a listing ending on the 15th, 今日截止 on its last day, then
 * 已截止; '' without a date.
 */
export function listingDaysLeft(end: unknown, now = Date.now()): string {
  const last = Date.parse(`${text(end).slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(last)) return '';
  const today = Date.parse(`${new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10)}T00:00:00Z`);
  const days = Math.round((last - today) / 86_400_000);
  return days < 0 ? '已截止' : days === 0 ? '今日截止' : `剩 ${days} 天`;
}

/** A planning range: ≥1 且 ≤2.2, ≥45%, ≤10%, or '—'. */
export function rangeText(min: unknown, max: unknown, unit = ''): string {
  const lo = num(min);
  const hi = num(max);
  const u = unit === '%' ? '%' : unit ? ` ${unit}` : '';
  if (lo && hi) return lo === hi ? `${lo}${u}` : `≥${lo}${u} 且 ≤${hi}${u}`;
  if (lo) return `≥${lo}${u}`;
  if (hi) return `≤${hi}${u}`;
  return '—';
}

export const optionLabel = (options: Record<string, string>, v: unknown): string => options[text(v)] ?? text(v);

export const ZYLX_LABELS: Record<string, string> = { transfer: '出让地块', stock: '存量地块', standard: '标准地', reserve: '储备地块' };

export const SUPPLY_METHOD_LABELS: Record<string, string> = {
  tender: '招标',
  auction: '拍卖',
  listing: '挂牌',
  agreement: '协议',
  allocation: '划拨',
};

export const TRANSACTION_TYPE_LABELS: Record<string, string> = { listing: '挂牌', auction: '拍卖', tender: '招标', agreement: '协议' };
export const TRANSACTION_STATUS_LABELS: Record<string, string> = { listing: '挂牌中', dealt: '已成交', failed: '流拍', terminated: '终止' };

export const NOTICE_TYPE_LABELS: Record<string, string> = { transfer: '出让公告', deal: '成交公示', notice: '通知', announcement: '公告' };

export const EVENT_TYPE_LABELS: Record<string, string> = { promotion: '招商推介会', signing: '项目签约', policy: '政策发布', news: '新闻动态' };

export const REGULATION_CATEGORY_LABELS: Record<string, string> = { national: '国家', provincial: '省级', municipal: '市级', zone: '开发区' };

export const PROBLEM_CATEGORY_LABELS: Record<string, string> = {
  landPolicy: '用地政策',
  investment: '招商政策',
  approval: '项目审批',
  transaction: '土地交易',
  other: '其他',
};
export const PROBLEM_STATUS_LABELS: Record<string, string> = { '0': '待回复', '1': '已回复', '2': '已关闭' };

export const PROJECT_STAGE_LABELS: Record<string, string> = { signed: '签约', started: '开工', building: '在建', completed: '竣工', producing: '投产' };

export const LEASE_TYPE_LABELS: Record<string, string> = { factory: '标准厂房', warehouse: '仓库', office: '办公楼', land: '土地' };
export const LEASE_STATUS_LABELS: Record<string, string> = { available: '可租', leased: '已租' };

export const SECOND_MARKET_TYPE_LABELS: Record<string, string> = { transfer: '转让', lease: '出租', mortgage: '抵押' };
export const SECOND_MARKET_STATUS_LABELS: Record<string, string> = {
  pending: '待审核',
  published: '已发布',
  dealt: '已成交',
  withdrawn: '已撤回',
};

export const STOCK_STATUS_LABELS: Record<string, string> = { unsupplied: '批而未供', unused: '供而未用', revitalized: '已盘活' };

export const SUPPLY_DIRECTION_LABELS: Record<string, string> = {
  industrial: '工业',
  storage: '仓储物流',
  commercial: '商服',
  residential: '住宅',
  public: '公共管理与公共服务',
};
export const SUPPLY_PLAN_STATUS_LABELS: Record<string, string> = { planned: '计划', supplied: '已供应', adjusted: '调整' };

export const DISTRICT_TYPE_LABELS: Record<string, string> = { industry: '产业园区', logistics: '物流园区', innovation: '科创园区', town: '综合片区' };

export const MESSAGE_TYPE_LABELS: Record<string, string> = {
  leaseExpiry: '租期到期提醒',
  landNotice: '出让公告提醒',
  dealNotice: '成交公示提醒',
  consultReply: '咨询回复通知',
  savedSearch: '搜索订阅提醒',
  system: '系统通知',
};

export const FACILITY_TYPE_LABELS: Record<string, string> = {
  school: '学校',
  hospital: '医院',
  bus: '公交站',
  metro: '地铁站',
  shopping: '商业',
  bank: '银行',
  park: '公园',
  hotel: '酒店',
  restaurant: '餐饮',
  talentHousing: '人才公寓',
  government: '政务服务',
  gasStation: '加油站',
  airport: '机场',
  railway: '高铁站/火车站',
  highwayExit: '高速出口',
  port: '港口',
  centre: '市中心',
};

export const PIPE_TYPE_LABELS: Record<string, string> = {
  water: '给水',
  drainage: '排水',
  rain: '雨水',
  sewage: '污水',
  gas: '燃气',
  power: '电力',
  telecom: '通信',
  heat: '热力',
};
export const PRESSURE_LABELS: Record<string, string> = { gravity: '重力流', low: '低压', medium: '中压', subHigh: '次高压', high: '高压' };

export const PRICE_TYPE_LABELS: Record<string, string> = { starting: '起始价', appraised: '评估价', deal: '成交价', benchmark: '基准地价' };
export const PRICE_UNIT_LABELS: Record<string, string> = { wan: '万元', yuanPerM2: '元/㎡', wanPerMu: '万元/亩' };

/** 七通一平, in the order land offices list them (shared entity landMatching). */
export const MATCHING_ITEMS: { name: string; label: string }[] = [
  { name: 'water', label: '给水' },
  { name: 'drainage', label: '排水' },
  { name: 'power', label: '供电' },
  { name: 'road', label: '道路' },
  { name: 'gas', label: '燃气' },
  { name: 'telecom', label: '通信' },
  { name: 'heat', label: '供热' },
  { name: 'levelled', label: '场地平整' },
];
export const MATCHING_STATE_LABELS: Record<string, string> = { ready: '已通至红线', nearby: '周边可接入', planned: '规划建设中', none: '暂无' };

export const INDICATOR_LABELS: Record<string, { label: string; unit: string }> = {
  plotRatio: { label: '容积率', unit: '' },
  buildingDensity: { label: '建筑密度', unit: '%' },
  greenRatio: { label: '绿地率', unit: '%' },
  heightLimit: { label: '建筑限高', unit: 'm' },
  investmentIntensity: { label: '投资强度', unit: '万元/亩' },
  buildingCoefficient: { label: '建筑系数', unit: '%' },
  supportingLandRatio: { label: '行政办公及生活服务设施用地比例', unit: '%' },
  taxPerMu: { label: '亩均税收', unit: '万元/亩' },
};

/** The visitor's view of a parcel's state: on offer (published, not traded), listed or dealt. */
export type ParcelMarketState = 'available' | 'listed' | 'deal';

export const MARKET_STATE_LABELS: Record<ParcelMarketState, string> = {
  available: '可供地',
  listed: TRADE_STATE_LABELS.listed,
  deal: TRADE_STATE_LABELS.deal,
};

export function marketState(tradeState: unknown): ParcelMarketState {
  const t = text(tradeState) as TradeState;
  return t === 'listed' ? 'listed' : t === 'deal' ? 'deal' : 'available';
}

/** The detail page of a parcel for its market state (SPEC §2 detail routes). */
export function parcelDetailPath(id: string, tradeState?: unknown): string {
  const state = marketState(tradeState);
  if (state === 'listed') return `/mapMoreGpggDetails/${encodeURIComponent(id)}`;
  if (state === 'deal') return `/landTransactionDetails/${encodeURIComponent(id)}`;
  return `/mapMoreDetails/${encodeURIComponent(id)}`;
}

/** Plain text of sanitised rich text (for summaries). */
export function stripHtml(html: unknown): string {
  return text(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
