import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics (prom-client). Process-wide figures (Node's own: CPU, memory, event loop;
 * tile cache lookups) live in `processMetrics`; each app adds its own registry (requests per
 * route, database pool, outbox backlog, job leases: routes/health.ts) and /metrics serves both.
 */
export const processMetrics = new Registry();
// The event loop's delay sampled every 100 ms (prom-client's default, 10 ms, woke an idle server
// 100 times a second: 12 ms of CPU a second doing nothing, 1–2 ms now; bench/startup prints it).
collectDefaultMetrics({ register: processMetrics, eventLoopMonitoringPrecision: 100 });

/** Tile cache lookups by the tile service: result="hit" or "miss". */
export const tileCacheLookups = new Counter({
  name: 'land_tile_cache_lookups_total',
  help: 'Vector tile cache lookups, by result (hit, miss)',
  labelNames: ['result'] as const,
  registers: [processMetrics],
});

export interface AppMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
}

export { Gauge, Registry };

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'land_http_request_duration_seconds',
    help: 'HTTP requests by route (the registered pattern, not the path) and status: count and latency',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return { registry, requestDuration };
}

/** The text a Prometheus scrape gets: the process's figures and the app's. */
export async function metricsText(app: AppMetrics): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([processMetrics, app.registry]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
