/**
 * Charts drawn on the server (ECharts' "server-side rendering"): an SVG string for the HTML, so a
 * chart in the first screen needs no ECharts download until the visitor asks for its tooltips.
 * Imported by entry-server only (the server build, dist-ssr), and handed to pages through the
 * render context (`drawChartSvg`), so ECharts never enters the browser's first load. A chart type
 * or component a page's option uses must be registered here too.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** Drawings by option and size: the data behind a chart changes rarely, and drawing one takes milliseconds of the render. */
const drawn = new Map<string, string>();
const KEPT = 16;

/**
 * The chart of `option` as an SVG string of `width` × `height` with a viewBox (it scales to its
 * box). Without the entry animation: the HTML shows the final chart, with no CSS keyframes (which
 * would also ignore a visitor's reduced-motion setting).
 */
export function drawChartSvg(option: echarts.EChartsCoreOption, width: number, height: number): string {
  const key = `${width}x${height}:${JSON.stringify(option)}`;
  const cached = drawn.get(key);
  if (cached !== undefined) return cached;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  let svg: string;
  try {
    chart.setOption({ ...option, animation: false });
    svg = chart.renderToSVGString({ useViewBox: true });
  } finally {
    chart.dispose();
  }
  if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, svg);
  return svg;
}
