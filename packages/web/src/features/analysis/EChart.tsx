import type { Ref } from 'react';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { ChartOption, echarts } from './echarts';
import { loadEcharts } from './echarts-loader';

export interface ChartHandle {
  /** The chart as a PNG data URL (white background, twice the screen resolution). */
  toPng(): string | null;
  /** A map chart (roam): zoom by this factor about the middle of the chart. */
  zoom(factor: number): void;
  /** A map chart (roam): back to the view the option gives. */
  resetView(): void;
}

export interface ChartClick {
  name: string;
  dataIndex: number;
  data: unknown;
}

interface EChartProps {
  option: ChartOption;
  height?: number;
  onClick?: (event: ChartClick) => void;
  ref?: Ref<ChartHandle>;
  label: string;
  /**
   * The chart pans and zooms (a map): the page still scrolls under it. The wheel zooms only with
   * Ctrl held (as the panorama does) and one finger scrolls the page; a mouse drag pans, two
   * fingers pinch, and a tap still shows the tooltip.
   */
  roam?: boolean;
}

/**
 * One ECharts instance in a div: created on mount, resized with its box, given each new
 * option whole (notMerge, so a series that went away is gone), disposed on unmount.
 */
export function EChart({ option, height = 320, onClick, ref, label, roam = false }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // The library arrives asynchronously; options and handlers wait for the instance.
  const [ready, setReady] = useState(false);
  // The option last given, for resetView.
  const optionRef = useRef(option);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    let instance: echarts.ECharts | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadEcharts().then(
      ({ echarts: lib }) => {
        if (cancelled) return;
        const created = lib.init(el, undefined, { renderer: 'canvas', locale: 'ZH' });
        instance = created;
        chart.current = created;
        observer = new ResizeObserver(() => created.resize());
        observer.observe(el);
        setReady(true);
      },
      // The card shows the failure and its 重试 (useEchartsFailed) in this chart's place.
      () => undefined,
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, []);

  useEffect(() => {
    optionRef.current = option;
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [option, ready]);

  // Events the chart must not take from the page stop here, on their way down to its canvas.
  useEffect(() => {
    const el = box.current;
    if (!el || !roam) return undefined;
    const wheel = (e: WheelEvent) => {
      if (!e.ctrlKey) e.stopPropagation();
    };
    const touchMove = (e: TouchEvent) => {
      if (e.touches.length < 2) e.stopPropagation();
    };
    el.addEventListener('wheel', wheel, { capture: true, passive: true });
    el.addEventListener('touchmove', touchMove, { capture: true, passive: true });
    return () => {
      el.removeEventListener('wheel', wheel, { capture: true });
      el.removeEventListener('touchmove', touchMove, { capture: true });
    };
  }, [roam]);

  useEffect(() => {
    const instance = chart.current;
    if (!ready || !instance || !onClick) return undefined;
    const handler = (params: { name?: string; dataIndex?: number; data?: unknown }) =>
      onClick({ name: params.name ?? '', dataIndex: params.dataIndex ?? -1, data: params.data });
    instance.on('click', handler);
    return () => {
      instance.off('click', handler);
    };
  }, [onClick, ready]);

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) ?? null,
      zoom: (factor) => {
        const instance = chart.current;
        if (instance) instance.dispatchAction({ type: 'geoRoam', seriesIndex: 0, zoom: factor, originX: instance.getWidth() / 2, originY: instance.getHeight() / 2 });
      },
      resetView: () => chart.current?.setOption(optionRef.current, { notMerge: true }),
    }),
    [],
  );

  return <div ref={box} style={{ width: '100%', height }} role="img" aria-label={label} data-chart />;
}
