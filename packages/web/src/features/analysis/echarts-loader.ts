/**
 * ECharts (about 180 KiB gzipped) loads with the first chart, not with the analysis screen's
 * code: the screen's filters and headline figures show while the charts arrive. One promise,
 * so code that registers a map before a chart draws runs in the order it asked.
 *
 * A load that fails (offline, or a release replaced the file) is not kept: the charts show
 * that they could not load (useEchartsFailed) and 重试 (retryEcharts) asks again.
 */
import { useSyncExternalStore } from 'react';

type EChartsModule = typeof import('./echarts');

let loading: Promise<EChartsModule> | null = null;
let failed = false;
const listeners = new Set<() => void>();

function setFailed(value: boolean): void {
  if (failed === value) return;
  failed = value;
  listeners.forEach((listener) => listener());
}

export function loadEcharts(): Promise<EChartsModule> {
  loading ??= import('./echarts').then(
    (module) => {
      setFailed(false);
      return module;
    },
    (error: unknown) => {
      loading = null;
      setFailed(true);
      throw error;
    },
  );
  return loading;
}

/** Starts a new load after a failed one; every chart waiting on the library draws when it arrives. */
export function retryEcharts(): void {
  setFailed(false);
  loadEcharts().catch(() => undefined);
}

/** Whether the last load of the library failed (and no new one has started). */
export function useEchartsFailed(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failed,
  );
}
