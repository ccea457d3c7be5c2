/**
 * ECharts (about 180 KiB gzipped) loads with the first chart, not with the analysis screen's
 * code: the screen's filters and headline figures show while the charts arrive. One promise,
 * so code that registers a map before a chart draws runs in the order it asked.
 */
type EChartsModule = typeof import('./echarts');

let loading: Promise<EChartsModule> | null = null;

export function loadEcharts(): Promise<EChartsModule> {
  loading ??= import('./echarts');
  return loading;
}
