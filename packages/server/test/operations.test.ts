/**
 * Operations: readiness apart from liveness, Prometheus metrics and who may read them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { isoPlus, nowIso } from '../src/lib/time';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { createTestApp, type TestApp } from './helpers/app';

for (const dialect of DIALECTS) {
  describe(`operations (${dialect})`, () => {
    let t: TestApp | undefined;

    beforeAll(async () => {
      if (!(await dialectAvailable(dialect))) return;
      t = await createTestApp(dialect, { metricsToken: undefined });
    });
    afterAll(async () => t?.close());

    it('is ready with a migrated database, and not ready while draining or with a migration missing', async () => {
      if (!t) return;
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ code: '200', data: { database: dialect } });

      t.app.lifecycle.draining = true;
      try {
        const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(draining.statusCode).toBe(503);
        expect(draining.json()).toMatchObject({ code: ERROR_CODES.SERVER_ERROR, msg: '服务正在停止' });
        // Liveness is another question: the process is still alive while it drains.
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        t.app.lifecycle.draining = false;
      }

      const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db.db);
      const { name, timestamp } = last.rows[0];
      await sql`delete from kysely_migration where name = ${name}`.execute(t.db.db);
      try {
        const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
        expect(behind.statusCode).toBe(503);
        expect(behind.json().msg).toBe('数据库迁移未完成（1 个待执行）');
      } finally {
        await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(t.db.db);
      }
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });

    it('serves Prometheus metrics on loopback: requests per route, outbox backlog, job leases, tile cache', async () => {
      if (!t) return;
      const token = await t.login();
      for (let i = 0; i < 3; i++) await t.call('/api/currentUser', {}, { token });
      await t.app.inject({ method: 'GET', url: '/openApi/tiles/parcels/3/6/3.pbf' });
      await t.app.inject({ method: 'GET', url: '/openApi/tiles/parcels/3/6/3.pbf' });
      await t.db.db.insertInto('t_job_lease').values({ name: 'metricsProbe', owner: 'host-a:1:abc', expiresAt: isoPlus(60_000), lastRunAt: null, lastResult: null }).execute();
      await t.db.db.insertInto('t_job_lease').values({ name: 'metricsIdle', owner: 'host-b:2:def', expiresAt: isoPlus(-60_000), lastRunAt: null, lastResult: null }).execute();

      // A backlog: two messages waiting, one being sent, one delivered (not counted).
      const outbox = (id: string, status: 'pending' | 'sending' | 'sent') => {
        const now = nowIso();
        return { id, messageId: 'metricsMessage', channel: 'inbox' as const, recipientKey: id, title: '监控测试', type: 'notice', status, nextAttemptAt: now, createdAt: now, updatedAt: now };
      };
      await t.db.db.insertInto('t_message_outbox').values([outbox('mo1', 'pending'), outbox('mo2', 'pending'), outbox('mo3', 'sending'), outbox('mo4', 'sent')]).execute();

      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      // Counted by the registered route pattern, with method and status.
      const count = new RegExp(`land_http_request_duration_seconds_count\\{method="POST",route="/api/currentUser",status_code="200"\\} (\\d+)`).exec(text);
      expect(count, text.slice(0, 2000)).not.toBeNull();
      expect(Number(count![1])).toBeGreaterThanOrEqual(3);
      expect(text).toMatch(/land_http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/api\/currentUser",status_code="200"\} \d+/);
      expect(text).toContain('land_outbox_backlog{status="pending"} 2');
      expect(text).toContain('land_outbox_backlog{status="sending"} 1');
      expect(text).toContain('land_job_lease_held{job="metricsProbe",owner="host-a:1:abc"} 1');
      expect(text).not.toContain('metricsIdle');
      expect(text).toMatch(/land_tile_cache_lookups_total\{result="hit"\} [1-9]/);
      expect(text).toMatch(/land_tile_cache_lookups_total\{result="miss"\} [1-9]/);
      expect(text).toContain('process_resident_memory_bytes');
      // The PostgreSQL pool (SQLite has none).
      if (dialect === 'postgres') expect(text).toMatch(/land_db_pool_connections\{state="total"\} [1-9]/);
      else expect(text).not.toContain('land_db_pool_connections');
    });

    it('refuses metrics to anyone but this machine without a proxy in between', async () => {
      if (!t) return;
      const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json()).toMatchObject({ code: ERROR_CODES.FORBIDDEN, msg: '无权读取监控指标' });
      expect(remote.body).not.toContain('land_');
      // A local reverse proxy passing on an outside request.
      const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.statusCode).toBe(403);
    });
  });
}

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { metricsToken: 'scrape-secret-1234' });
  });
  afterAll(async () => t?.close());

  it('answers only with the bearer token, from anywhere', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer scrape-secret-1234' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('land_http_request_duration_seconds');
  });
});
