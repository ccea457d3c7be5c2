/**
 * Chart options built from the server's figures: pure functions, one per chart, all in the
 * 20-colour palette of SPEC §9 and with numbers read the Chinese way (万, 亿).
 */
import { CHART_PALETTE } from '@land/shared/constants';
import { formatChineseNumber } from '@land/shared/helpers';
import type { DealsByQuarter, District, ParcelStatistics, PriceTrend, SupplyByQuarter, VisitedParcel } from './api';
import type { ChartOption } from './echarts';

export const DISTRICT_MAP = 'land-districts';

const PALETTE = [...CHART_PALETTE];

/** 12345 → 1.23万; '' stays '' and null is a dash. */
export const num = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '—' : formatChineseNumber(v, digits));
/** An amount in 万元 as 元 with 万/亿: 12500 万元 → 1.25亿元. */
export const wanYuan = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${formatChineseNumber(v * 10_000)}元`);
/** A time in hours the way a person says it: minutes under an hour, days from two days on. */
export const duration = (hours: number) => {
  if (hours < 1 / 60) return '不到1分钟';
  if (hours < 1) return `${Math.round(hours * 60)}分钟`;
  if (hours < 48) return `${formatChineseNumber(hours, 1)}小时`;
  return `${formatChineseNumber(hours / 24, 1)}天`;
};
/** 2016Q1 → 2016年第1季度 (tooltips); years stay as they are. */
export const periodLabel = (p: string) => p.replace(/^(\d{4})Q([1-4])$/, '$1年第$2季度');

// A value that would run into its neighbour on a narrow card (800 and 1,000) is left out.
const axisNumber = { formatter: (v: number) => formatChineseNumber(v, 1), hideOverlap: true };

/** One tooltip line: the series marker, its name and a formatted value. */
interface TooltipItem {
  marker?: unknown;
  seriesName?: string;
  value?: unknown;
  name?: string;
  axisValueLabel?: string;
}

const line = (p: TooltipItem, text: string) => `${String(p.marker ?? '')}${p.seriesName ?? ''}：${text}`;
const valueOf = (p: TooltipItem) => (typeof p.value === 'number' ? p.value : p.value === null || p.value === undefined ? null : Number(p.value));

function axisTooltip(format: (p: TooltipItem) => string, title: (p: TooltipItem) => string = (p) => p.axisValueLabel ?? p.name ?? '') {
  return {
    trigger: 'axis' as const,
    axisPointer: { type: 'shadow' as const },
    // Inside the chart's box: near a phone's edge a tooltip otherwise runs off the screen.
    confine: true,
    formatter: (params: unknown) => {
      const list = (Array.isArray(params) ? params : [params]) as TooltipItem[];
      return [title(list[0] ?? {}), ...list.map((p) => line(p, format(p)))].join('<br/>');
    },
  };
}

const legend = { top: 0, type: 'scroll' as const };
// Room under the legend for the value axes' names (万元/亩 met the legend's line on a phone).
const grid = { left: 12, right: 12, top: 58, bottom: 8 };

/**
 * A category axis whose names are all shown: upright while each has room, slanted when the chart
 * is narrow (a phone) or the names many. ECharts re-applies the media rule on each resize.
 */
function namedCategories(option: ChartOption, names: string[]): ChartOption {
  const longest = Math.max(0, ...names.map((n) => [...n].length));
  // Upright, each category needs its longest name (12 px a character) and a gap; the two value
  // axes and the margins take about 124 px of the chart's width.
  const uprightWidth = names.length * (longest * 12 + 8) + 124;
  return {
    baseOption: { ...option, xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 6 ? 30 : 0 } } },
    media: [{ query: { maxWidth: uprightWidth }, option: { xAxis: { axisLabel: { rotate: 40 } } } }],
  };
}

/**
 * Parcel count and area (亩) per category, on two axes, every category named under its bars;
 * `counted` writes each count above its bar.
 */
function countAndArea(rows: { count: number; landAreaMu: number }[], names: string[], counted = false): ChartOption {
  return namedCategories(
    {
      color: PALETTE,
      legend,
      grid,
      tooltip: axisTooltip((p) => (p.seriesName === '地块数' ? `${num(valueOf(p))} 宗` : `${num(valueOf(p))} 亩`)),
      yAxis: [
        { type: 'value', name: '宗', minInterval: 1, axisLabel: axisNumber },
        { type: 'value', name: '亩', axisLabel: axisNumber, splitLine: { show: false } },
      ],
      series: [
        { name: '地块数', type: 'bar', data: rows.map((r) => r.count), barMaxWidth: 28, ...(counted && { label: { show: true, position: 'top' as const } }) },
        { name: '土地面积', type: 'bar', yAxisIndex: 1, data: rows.map((r) => r.landAreaMu), barMaxWidth: 28 },
      ],
    },
    names,
  );
}

/** 片区地块分布: parcel count and area (亩) per district. */
export function districtOption(s: ParcelStatistics): ChartOption {
  return countAndArea(s.byDistrict, s.byDistrict.map((r) => r.areaname));
}

/** 地块状态分布: parcels and area per lifecycle state. */
export function statusOption(s: ParcelStatistics): ChartOption {
  return countAndArea(s.byStatus, s.byStatus.map((r) => r.label), true);
}

/**
 * 土地用途构成: area per land class as a ring whose sectors' angles (and so their areas) are in
 * proportion to the classes' areas, largest first; a sector carries its class code for the
 * drill-down. (A rose drew the value as the radius, so a class twice as large looked four times.)
 */
export function classOption(s: ParcelStatistics): ChartOption {
  return {
    baseOption: classBaseOption(s),
    // On a phone the ring is smaller, so that the names beside it wrap in whole words' room
    // instead of one character a line (and 19.29 apart from its %).
    media: [{ query: { maxWidth: 450 }, option: { series: [{ radius: ['28%', '46%'] }] } }],
  };
}

function classBaseOption(s: ParcelStatistics): ChartOption {
  return {
    color: PALETTE,
    legend: { ...legend, type: 'scroll' },
    tooltip: {
      confine: true,
      trigger: 'item',
      formatter: (p: unknown) => {
        const item = p as { marker?: string; name: string; percent?: number; data: { count: number; value: number } };
        return `${item.marker ?? ''}${item.name}<br/>面积：${num(item.data.value)} 亩（${item.percent ?? 0}%）<br/>地块：${num(item.data.count)} 宗`;
      },
    },
    series: [
      {
        name: '土地用途',
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '56%'],
        itemStyle: { borderRadius: 4, borderColor: '#fff', borderWidth: 1 },
        // Labels at the chart's edges: a long class name (公共管理与公共服务用地) has the width
        // between the edge and its slice's line, and wraps there rather than losing its end.
        label: { formatter: '{b}\n{d}%', alignTo: 'edge', edgeDistance: 8, overflow: 'break' },
        labelLine: { length: 12, length2: 0 },
        // Clockwise from the top, largest first: the order reads as a ranking.
        data: [...s.byClass].sort((a, b) => b.landAreaMu - a.landAreaMu).map((c) => ({ name: c.name, value: c.landAreaMu, count: c.count, dlcode: c.dlcode })),
      },
    ],
  };
}

/** 供地计划与实际供应: planned and supplied area (亩) per quarter as bars, completion rate as a line. */
export function supplyOption(s: SupplyByQuarter): ChartOption {
  const q = s.quarters;
  return {
    color: PALETTE,
    legend,
    grid,
    tooltip: axisTooltip(
      (p) => (p.seriesName === '完成率' ? (valueOf(p) === null ? '无计划' : `${valueOf(p)}%`) : `${num(valueOf(p))} 亩`),
      (p) => periodLabel(p.axisValueLabel ?? ''),
    ),
    xAxis: { type: 'category', data: q.map((x) => x.period) },
    yAxis: [
      { type: 'value', name: '亩', axisLabel: axisNumber },
      { type: 'value', name: '%', axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
    ],
    series: [
      { name: '计划供应', type: 'bar', data: q.map((x) => x.plannedAreaMu), barMaxWidth: 24 },
      { name: '实际供应', type: 'bar', data: q.map((x) => x.actualAreaMu), barMaxWidth: 24 },
      { name: '完成率', type: 'line', yAxisIndex: 1, data: q.map((x) => x.completionRate), connectNulls: true, smooth: true, symbolSize: 6 },
    ],
  };
}

/** 土地成交: area (亩) and amount (万元) per quarter on two axes. */
export function dealsOption(d: DealsByQuarter): ChartOption {
  const q = d.quarters;
  const counts = new Map(q.map((x) => [x.period, x.count]));
  return {
    color: PALETTE,
    legend,
    grid,
    tooltip: axisTooltip(
      (p) => (p.seriesName === '成交金额' ? `${num(valueOf(p))}元` : `${num(valueOf(p))} 亩`),
      (p) => `${periodLabel(p.axisValueLabel ?? '')}（${counts.get(p.axisValueLabel ?? '') ?? 0} 宗）`,
    ),
    xAxis: { type: 'category', data: q.map((x) => x.period) },
    yAxis: [
      { type: 'value', name: '亩', axisLabel: axisNumber },
      // Amounts are 万元; the axis reads them in 元 so that it says 4亿, not 4万 (万元).
      { type: 'value', name: '元', axisLabel: axisNumber, splitLine: { show: false } },
    ],
    series: [
      { name: '成交面积', type: 'bar', data: q.map((x) => x.landAreaMu), barMaxWidth: 24 },
      { name: '成交金额', type: 'bar', yAxisIndex: 1, data: q.map((x) => x.amount * 10_000), barMaxWidth: 24 },
    ],
  };
}

/** 成交地价走势: average deal price (万元/亩) per first-level class. */
export function priceOption(p: PriceTrend): ChartOption {
  return {
    color: PALETTE,
    legend,
    grid,
    tooltip: {
      ...axisTooltip((x) => (valueOf(x) === null ? '无成交' : `${num(valueOf(x))} 万元/亩`), (x) => periodLabel(x.axisValueLabel ?? '')),
      axisPointer: { type: 'line' },
    },
    xAxis: { type: 'category', data: p.periods, boundaryGap: false },
    yAxis: { type: 'value', name: '万元/亩', axisLabel: axisNumber },
    series: p.series.map((s) => ({ name: s.name, type: 'line', data: s.pricePerMu, connectNulls: true, symbolSize: 6 })),
  };
}

/** 热门地块: the ten most visited parcels, the most visited on top. */
export function topVisitedOption(list: VisitedParcel[]): ChartOption {
  const rows = [...list].reverse();
  return {
    color: PALETTE,
    grid: { left: 12, right: 48, top: 8, bottom: 8 },
    tooltip: {
      ...axisTooltip(
        (p) => `${num(valueOf(p))} 次`,
        (p) => {
          const r = rows.find((x) => x.dkmc === p.name || x.dkmc === p.axisValueLabel);
          return r ? `${r.dkmc}（${r.dkbh}${r.areaname ? `，${r.areaname}` : ''}，${num(r.landAreaMu)} 亩）` : (p.axisValueLabel ?? '');
        },
      ),
    },
    xAxis: { type: 'value', minInterval: 1, axisLabel: axisNumber },
    yAxis: { type: 'category', data: rows.map((r) => r.dkmc), axisLabel: { width: 150, overflow: 'truncate' } },
    series: [
      {
        name: '浏览次数',
        type: 'bar',
        data: rows.map((r, i) => ({ value: r.visitcount, itemStyle: { color: PALETTE[(rows.length - 1 - i) % PALETTE.length] } })),
        barMaxWidth: 18,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** GeoJSON of the districts that have a boundary, named by district, for echarts.registerMap. */
export function districtGeoJson(districts: District[]) {
  return {
    type: 'FeatureCollection' as const,
    features: districts
      .filter((d) => d.boundary && (d.boundary.type === 'Polygon' || d.boundary.type === 'MultiPolygon'))
      .map((d) => ({ type: 'Feature' as const, properties: { name: d.areaname }, geometry: d.boundary })),
  };
}

/** 片区可供地块面积: the districts shaded by the area of published parcels not yet dealt. */
export function mapOption(districts: District[], s: ParcelStatistics): ChartOption {
  const byCode = new Map(s.byDistrict.map((d) => [d.areacode, d]));
  const data = districts.map((d) => {
    const figures = byCode.get(d.areacode);
    return { name: d.areaname, value: figures?.availableAreaMu ?? 0, count: figures?.availableCount ?? 0 };
  });
  const max = Math.max(1, ...data.map((d) => d.value));
  return {
    tooltip: {
      confine: true,
      trigger: 'item',
      formatter: (p: unknown) => {
        const item = p as { name: string; data?: { value: number; count: number } };
        return `${item.name}<br/>可供面积：${num(item.data?.value ?? 0)} 亩<br/>可供地块：${num(item.data?.count ?? 0)} 宗`;
      },
    },
    visualMap: {
      type: 'continuous',
      min: 0,
      max,
      left: 8,
      bottom: 8,
      text: ['多', '少'],
      calculable: true,
      inRange: { color: ['#e6f4ff', PALETTE[12], PALETTE[0]] },
      formatter: (v: unknown) => num(Number(v), 0),
    },
    series: [
      {
        name: '可供面积',
        type: 'map',
        map: DISTRICT_MAP,
        roam: true,
        scaleLimit: { min: 0.5, max: 8 },
        aspectScale: 0.86,
        // Clear of the colour scale on the left.
        left: 96,
        right: 16,
        top: 16,
        bottom: 16,
        label: {
          show: true,
          fontSize: 11,
          color: '#1f1f1f',
          formatter: (p: unknown) => {
            const item = p as { name: string; value?: number };
            return `${item.name}\n${num(Number(item.value ?? 0), 1)} 亩`;
          },
        },
        itemStyle: { borderColor: '#fff', borderWidth: 1.5, areaColor: '#f0f0f0' },
        emphasis: { label: { show: true }, itemStyle: { areaColor: PALETTE[2] } },
        select: { disabled: true },
        data,
      },
    ],
  };
}
