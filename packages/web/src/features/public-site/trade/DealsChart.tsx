/** Deals of the last five years as bars (count) and a line (amount); echarts loads with this chart only. */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { YearDeals } from '../api';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export default function DealsChart({ years }: { years: YearDeals[] }) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption({
      color: ['#1677ff', '#fa8c16', '#52c41a'],
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 56, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: years.map((y) => `${y.year}年`) },
      yAxis: [
        { type: 'value', name: '宗数 / 亩', minInterval: 1 },
        { type: 'value', name: '万元', splitLine: { show: false } },
      ],
      series: [
        { name: '成交宗数', type: 'bar', barMaxWidth: 28, data: years.map((y) => y.count) },
        { name: '成交面积（亩）', type: 'bar', barMaxWidth: 28, data: years.map((y) => y.landAreaMu ?? 0) },
        { name: '成交金额（万元）', type: 'line', yAxisIndex: 1, smooth: true, data: years.map((y) => y.amount ?? 0) },
      ],
    });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [years]);
  return <div ref={ref} style={{ width: '100%', height: 300 }} data-testid="deals-chart" />;
}
