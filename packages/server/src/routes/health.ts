import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ERROR_CODES } from '@land/shared/api';
import type { AppContext } from '../context';
import { ping } from '../db/database';
import { migrations } from '../db/migrations/index';
import { Gauge, createAppMetrics, metricsText } from '../lib/metrics';
import { nowIso } from '../lib/time';

/**
 * Operations: liveness (/healthz: the process answers and reaches the database), readiness
 * (/readyz: the database is reachable and fully migrated, and the process is not draining for a
 * shutdown) and Prometheus metrics (/metrics: loopback only, or with METRICS_TOKEN).
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerMetrics(app, ctx);

  app.get('/healthz', { schema: { summary: '存活检查：进程在运行且数据库可达时返回 200' } }, async (req, reply) => {
    try {
      await ping(ctx.db);
      return { code: '200', msg: 'ok', data: { database: ctx.dialect } };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.status(503).send({ code: ERROR_CODES.SERVER_ERROR, msg: '数据库不可用', data: null });
    }
  });

  app.get('/readyz', { schema: { summary: '就绪检查：数据库可达、迁移已全部完成且未在停机排空时返回 200，否则 503' } }, async (req, reply) => {
    const notReady = (msg: string) => reply.status(503).send({ code: ERROR_CODES.SERVER_ERROR, msg, data: null });
    if (app.lifecycle.draining) return notReady('服务正在停止');
    let applied: Set<string>;
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(ctx.db);
      applied = new Set(rows.map((r) => r.name));
    } catch (err) {
      req.log.error({ err }, 'readiness check failed');
      return notReady('数据库不可用');
    }
    const pending = Object.keys(migrations).filter((name) => !applied.has(name));
    if (pending.length > 0) return notReady(`数据库迁移未完成（${pending.length} 个待执行）`);
    return { code: '200', msg: 'ok', data: { database: ctx.dialect, migrations: applied.size } };
  });
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends `Authorization: Bearer <token>`;
 * without it, only a client on this machine that did not come through a proxy (req.ip is the
 * peer's address unless TRUST_PROXY names the proxy, so a proxied request carries the client's
 * address or its X-Forwarded-For header).
 */
function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const sent = Buffer.from(String(req.headers.authorization ?? ''));
    const expected = Buffer.from(`Bearer ${token}`);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }
  return LOOPBACK.test(req.ip) && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
}

function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const metrics = createAppMetrics();
  const { registry, requestDuration } = metrics;

  app.addHook('onResponse', (req, reply, done) => {
    requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Read at scrape time; a failing query leaves the figure out rather than failing the scrape.
  const quietly = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      app.log.warn({ err }, `metrics: ${what} unavailable`);
    }
  };
  const pool = ctx.dbPool;
  if (pool) {
    new Gauge({
      name: 'land_db_pool_connections',
      help: 'PostgreSQL connection pool: total, idle, and requests waiting for a connection',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'land_outbox_backlog',
    help: 'Messages in the outbox not yet delivered, by status (pending, sending)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      await quietly('outbox backlog', async () => {
        const { rows } = await sql<{ status: string; n: number | string }>`select status, count(*) as n from t_message_outbox where status in ('pending', 'sending') group by status`.execute(ctx.db);
        this.reset();
        this.set({ status: 'pending' }, 0);
        this.set({ status: 'sending' }, 0);
        for (const row of rows) this.set({ status: row.status }, Number(row.n));
      });
    },
  });
  new Gauge({
    name: 'land_job_lease_held',
    help: 'Scheduled jobs whose lease is held now, by job and holding process (1 per holder)',
    labelNames: ['job', 'owner'] as const,
    registers: [registry],
    async collect() {
      await quietly('job leases', async () => {
        const rows = await ctx.db.selectFrom('t_job_lease').select(['name', 'owner']).where('expiresAt', '>', nowIso()).execute();
        this.reset();
        for (const row of rows) this.set({ job: row.name, owner: row.owner }, 1);
      });
    },
  });

  app.get('/metrics', { schema: { summary: 'Prometheus 监控指标（仅本机，或携带 METRICS_TOKEN）', hide: true } }, async (req, reply) => {
    if (!mayReadMetrics(req, ctx.config.metricsToken)) {
      return reply.status(403).send({ code: ERROR_CODES.FORBIDDEN, msg: '无权读取监控指标', data: null });
    }
    const { contentType, body } = await metricsText(metrics);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
