/**
 * The deals chart's ECharts option, shared by the server's SVG drawing (public/chart-svg.ts) and
 * the interactive chart (DealsChart.tsx), so that the two look the same. No ECharts code here: the
 * page imports this module, and ECharts must stay out of its first load.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { num } from '../../public-map/format';
import type { YearDeals } from '../api';

/**
 * The plot starts 56 px down so that the axis names sit below the legend, which spans the whole
 * width on a phone; the tooltip stays inside the chart's box (which clips what overflows it).
 */
export function dealsChartOption(years: YearDeals[]): EChartsCoreOption {
  return {
    color: ['#1677ff', '#fa8c16', '#52c41a'],
    tooltip: { trigger: 'axis', confine: true },
    legend: { top: 0 },
    grid: { left: 48, right: 56, top: 56, bottom: 28 },
    xAxis: { type: 'category', data: years.map((y) => `${y.year}年`) },
    // 宗数 (a few a year) on an axis of its own, not shown: on the 亩 axis its bars were a few pixels
    // high. Its bars carry their figure instead.
    yAxis: [
      { type: 'value', name: '亩' },
      { type: 'value', name: '万元', splitLine: { show: false } },
      { type: 'value', show: false, minInterval: 1 },
    ],
    series: [
      { name: '成交宗数', type: 'bar', yAxisIndex: 2, barMaxWidth: 28, label: { show: true, position: 'top', formatter: '{c}宗' }, data: years.map((y) => y.count) },
      { name: '成交面积（亩）', type: 'bar', barMaxWidth: 28, data: years.map((y) => y.landAreaMu ?? 0) },
      { name: '成交金额（万元）', type: 'line', yAxisIndex: 1, smooth: true, data: years.map((y) => y.amount ?? 0) },
    ],
  };
}

/** What the chart shows, in words: the accessible name of its box. */
export function dealsChartSummary(years: YearDeals[]): string {
  const parts = years.map((y) => `${y.year}年 ${y.count ?? 0} 宗、${num(y.landAreaMu) || '0'} 亩、${num(y.amount) || '0'} 万元`);
  return `近五年成交情况图表：${parts.join('；')}`;
}
