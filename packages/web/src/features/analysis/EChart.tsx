import type { Ref } from 'react';
import { useEffect, useImperativeHandle, useRef } from 'react';
import type { ChartOption } from './echarts';
import { echarts } from './echarts';

export interface ChartHandle {
  /** The chart as a PNG data URL (white background, twice the screen resolution). */
  toPng(): string | null;
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
}

/**
 * One ECharts instance in a div: created on mount, resized with its box, given each new
 * option whole (notMerge, so a series that went away is gone), disposed on unmount.
 */
export function EChart({ option, height = 320, onClick, ref, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const instance = echarts.init(el, undefined, { renderer: 'canvas', locale: 'ZH' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onClick) return undefined;
    const handler = (params: { name?: string; dataIndex?: number; data?: unknown }) =>
      onClick({ name: params.name ?? '', dataIndex: params.dataIndex ?? -1, data: params.data });
    instance.on('click', handler);
    return () => {
      instance.off('click', handler);
    };
  }, [onClick]);

  useImperativeHandle(
    ref,
    () => ({
      toPng: () => chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }) ?? null,
    }),
    [],
  );

  return <div ref={box} style={{ width: '100%', height }} role="img" aria-label={label} data-chart />;
}
