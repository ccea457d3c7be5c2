/**
 * The deals chart with tooltips, drawn by ECharts on a canvas; echarts loads with this module only.
 * The page shows the server's SVG drawing of the same option until the visitor points at, focuses
 * or taps the chart (LandDealPage DealsChartBox).
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { YearDeals } from '../api';
import { dealsChartOption } from './deals-chart-option';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export default function DealsChart({ years }: { years: YearDeals[] }) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    chart.setOption(dealsChartOption(years));
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [years]);
  return <div ref={ref} style={{ width: '100%', height: 300 }} data-testid="deals-chart" />;
}
