/**
 * What the server and the browser share about one rendered public page: the site's origin (for
 * absolute share-card addresses) and, on the server, the HTTP status a page asks for (a parcel
 * that is not published answers 404) and the chart drawing for the HTML.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { createContext, useContext } from 'react';

export interface RenderContext {
  /** https://host, for og:url and og:image. */
  origin: string;
  /** Set during the server render by <NotFoundStatus/>; unused in the browser. */
  status: number;
  /**
   * Server only: draws an ECharts option as an SVG string (public/chart-svg.ts), so a chart is in
   * the HTML without ECharts in the page's scripts. Absent in the browser: a page keeps the SVG the
   * server sent, or draws the chart itself.
   */
  drawChartSvg?: (option: EChartsCoreOption, width: number, height: number) => string;
}

const Ctx = createContext<RenderContext>({ origin: '', status: 200 });

export const RenderContextProvider = Ctx.Provider;

export function useRenderContext(): RenderContext {
  return useContext(Ctx);
}
