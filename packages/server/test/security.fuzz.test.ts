import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/context';
import { createTestApp, type TestApp } from './helpers/app';
import { multipart } from './helpers/multipart';
import { DIALECTS, dialectAvailable } from './helpers/db';

/**
 * Every route of the route table gets malformed requests from fast-check: wrong types, huge
 * strings, deep nesting, SQL and HTML payloads, invalid UTF-8, wrong content types. The server
 * must never answer 500, never hang, and a refused request must leave the database as it was.
 * CI runs a fixed seed and a few runs per route; bench/fuzz/run.sh runs many more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 1);
const REQUEST_TIMEOUT_MS = 10_000;
/** Tables a refused request may legitimately touch: counters of refusals and failed logins, the audit trail, session touches, spent captchas. */
const VOLATILE_TABLES = new Set(['t_rate_limit', 't_login_lock', 't_audit_log', 't_session', 't_captcha', 't_job_lease', 'kysely_migration', 'kysely_migration_lock']);

const SQL_PAYLOADS = ["' OR '1'='1", "1; DROP TABLE t_user; --", "admin'--", "1' AND SLEEP(5)--", "' UNION SELECT passwordHash FROM t_user --", '"; select pg_sleep(5); --', "1)) OR 1=1 --"];
const HTML_PAYLOADS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', 'javascript:alert(1)', '{{7*7}}${7*7}'];
const KEYS = ['id', 'ids', 'dkid', 'pageNo', 'pageSize', 'params', 'userAccount', 'password', 'keyword', 'searchValue', 'filepath', 'status', 'action', 'column', 'type', 'val', 'list', 'name', '__proto__', 'constructor'];

const deep = (depth: number, asArray: boolean): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...SQL_PAYLOADS, ...HTML_PAYLOADS),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER, '', ' ', '\u0000', '𠮷'.repeat(50), 'NaN', 'null', 'true'),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ min: 1_000, max: 80_000 }).map((n) => 'A'.repeat(n)),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 3000 }).chain((d) => fc.boolean().map((a) => deep(d, a))) },
  { weight: 1, arbitrary: fc.array(fc.record({ column: scalar, type: scalar, val: scalar }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
);
const object = fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), value, { maxKeys: 6 });

interface FuzzRequest {
  body: { contentType?: string; payload?: string | Buffer } | undefined;
  query: Record<string, string>;
  /** Value of every path parameter (:id, :z …). */
  pathParam: string;
}

const invalidUtf8 = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.concat([Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from(bytes)]));
const bodyArb: fc.Arbitrary<FuzzRequest['body']> = fc.oneof(
  fc.constant(undefined),
  object.map((o) => ({ contentType: 'application/json', payload: JSON.stringify(o) })),
  fc.oneof(fc.array(value, { maxLength: 3 }), scalar).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) })),
  object.map((o) => ({
    contentType: 'application/x-www-form-urlencoded',
    payload: Object.entries(o).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`).join('&'),
  })),
  fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'multipart/form-data; boundary=xyz', 'multipart/form-data', 'image/png', 'application/octet-stream')
    .chain((contentType) => fc.oneof(invalidUtf8, fc.constantFrom('{"a":', '%E0%A4%A', '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.shp"\r\n\r\nabc', '[[[[[[[[[[', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).map((payload) => ({ contentType, payload }))),
  fc.integer({ min: 5_000, max: 20_000 }).map((depth) => ({ contentType: 'application/json', payload: '['.repeat(depth) + ']'.repeat(depth) })),
);
const queryArb: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })),
  fc.oneof(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')), fc.constantFrom('%FF%FE', '\uD800', '[object Object]')),
  { maxKeys: 4 },
);
const pathParamArb = fc.oneof(
  fc.constantFrom('1', '0', '-1', '99999999999999999999', '1.5', '..%2F..%2Fetc%2Fpasswd', '%00', '%FF', 'fuzz'),
  fc.string({ maxLength: 20 }).map((v) => encodeURIComponent(v) || 'x'),
);
const requestArb: fc.Arbitrary<FuzzRequest> = fc.record({ body: bodyArb, query: queryArb, pathParam: pathParamArb });

const NUL = 'a\u0000b';

/** A value for a route's input JSON schema in which every string field holds U+0000. */
function nulSample(schema: unknown, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return NUL;
  const s = schema as { type?: unknown; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  const options = s.anyOf ?? s.oneOf;
  if (options) return nulSample(options.find((o) => (o as { type?: unknown }).type === 'string') ?? options[0], depth + 1);
  if (s.properties) return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, nulSample(v, depth + 1)]));
  if (s.type === 'array') return [nulSample(s.items, depth + 1)];
  if (s.type === 'number' || s.type === 'integer') return 1;
  if (s.type === 'boolean') return true;
  return NUL;
}

/** Form and query-string values: strings as they are, anything else as JSON (as the web app sends). */
function asStrings(input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

function uniqueRoutes(routes: RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return routes.filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`fuzzing every route [${dialect}]`, () => {
    let t: TestApp;
    let staff: string;
    let visitor: string;
    let tables: string[];

    /**
     * Whether anything may have been written since the last look: SQLite's change counter of
     * the one connection, PostgreSQL's WAL position (which other databases on the server move
     * too — then the full checksum decides).
     */
    const writeMark = async (): Promise<string> => {
      const query = dialect === 'sqlite' ? sql<{ mark: string }>`select total_changes() as mark` : sql<{ mark: string }>`select pg_current_wal_insert_lsn()::text as mark`;
      return String((await query.execute(t.db.db)).rows[0].mark);
    };

    /** A digest of every non-volatile table's rows. */
    const checksum = async (): Promise<string> => {
      if (dialect === 'postgres') {
        // One round trip: every table's rows as text, in a stable order, digested by the server.
        const parts = tables.map((table) => sql`(select coalesce(md5(string_agg(x::text, '|' order by x::text)), '-') from ${sql.table(table)} x)`);
        const { rows } = await sql<{ digest: string }>`select concat_ws(',', ${sql.join(parts)}) as digest`.execute(t.db.db);
        return rows[0].digest;
      }
      const parts = await Promise.all(
        tables.map(async (table) => {
          const rows = await t.db.db.selectFrom(table as never).selectAll().execute();
          return `${table}:${rows.map((r) => JSON.stringify(r)).sort().join('\n')}`;
        }),
      );
      return createHash('sha256').update(parts.join('\n\n')).digest('hex');
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      staff = await t.login();
      const reg = await t.call('/openApi/register', { userAccount: '13712345678', password: 'Visit@2024ab', userName: '模糊测试', sqdw: '某公司' });
      visitor = reg.body.data.token as string;
      tables = (await t.db.db.introspection.getTables())
        .filter((x) => dialect === 'sqlite' || x.schema === t.db.schema)
        .map((x) => x.name)
        .filter((n) => !VOLATILE_TABLES.has(n))
        .sort();
    });
    afterAll(async () => t?.close());

    it('answers malformed input on every route without a 500 or a hang; refused requests change nothing', async () => {
      // The OpenAPI description and its viewer take no input.
      const routes = uniqueRoutes(t.app.routeTable).filter((r) => ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) && !r.url.startsWith('/docs'));
      expect(routes.length).toBeGreaterThan(300);
      const failures: string[] = [];
      let before = await checksum();
      let mark = await writeMark();
      let requests = 0;
      for (const route of routes) {
        const started = Date.now();
        // Signing out would end the session the other routes are fuzzed with.
        const token = /logout/i.test(route.url) ? undefined : route.url.startsWith('/api/') ? staff : visitor;
        await fc.assert(
          fc.asyncProperty(requestArb, async (input) => {
            const url = route.url.replace(/:(\w+)/g, input.pathParam).replace(/\*$/, `${input.pathParam}.png`);
            const req: InjectOptions = { method: route.method as InjectOptions['method'], url, query: input.query, headers: token ? { token } : {} };
            if (input.body && route.method !== 'GET') {
              req.payload = input.body.payload;
              if (input.body.contentType) req.headers = { ...req.headers, 'content-type': input.body.contentType };
            }
            requests++;
            let timer: NodeJS.Timeout | undefined;
            const res = await Promise.race([
              t.app.inject(req),
              new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS))),
            ]).finally(() => clearTimeout(timer));
            const what = `${route.method} ${route.url} ${JSON.stringify(input).slice(0, 300)}`;
            if (res === 'timeout') {
              failures.push(`hangs: ${what}`);
              return;
            }
            if (res.statusCode >= 500) failures.push(`${res.statusCode}: ${what} → ${res.body.slice(0, 200)}`);
            const nextMark = await writeMark();
            const after = nextMark === mark ? before : await checksum();
            mark = nextMark;
            if (res.statusCode >= 400 && after !== before) failures.push(`refused (${res.statusCode}) but changed the database: ${what}`);
            before = after;
          }),
          { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        );
        if (process.env.FUZZ_DEBUG && Date.now() - started > 300) console.log(`${Date.now() - started} ms ${route.method} ${route.url}`);
      }
      expect(failures).toEqual([]);
      expect(requests).toBe(routes.length * RUNS_PER_ROUTE);
      // The change detection itself sees a write.
      const unchanged = await checksum();
      expect((await t.call('/api/tArea/addOrUpdate', { areaname: '校验片区', areacode: 'JY01', status: '1' }, { token: staff })).body.code).toBe('200');
      expect(await writeMark()).not.toBe(mark);
      expect(await checksum()).not.toBe(unchanged);
    }, Math.max(150_000, RUNS_PER_ROUTE * 150_000));

    it('refuses U+0000 in every string field, query value and path parameter of every route with A0400, never a 5xx', async () => {
      const routes = uniqueRoutes(t.app.routeTable).filter((r) => ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method) && !r.url.startsWith('/docs'));
      expect(routes.length).toBeGreaterThan(300);
      const failures: string[] = [];
      const before = await checksum();
      let requests = 0;
      let nulRefusals = 0;
      const send = async (route: RouteEntry, what: string, req: InjectOptions, expectRefusal: boolean) => {
        // Signing out would end the session the other routes use: those go without a token (no 5xx is all that counts).
        const token = /logout/i.test(route.url) ? undefined : route.url.startsWith('/api/') ? staff : visitor;
        if (!token) expectRefusal = false;
        requests++;
        const res = await t.app.inject({ ...req, method: route.method as InjectOptions['method'], headers: { ...(token && { token }), ...req.headers } });
        const label = `${route.method} ${route.url} (${what})`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode}: ${label} → ${res.body.slice(0, 200)}`);
        else if (expectRefusal) {
          // Refused as bad input: by the U+0000 check, or by the schema when another check comes first.
          const body = res.json() as { code: string; msg: string };
          if (body.code !== 'A0400') failures.push(`not refused: ${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (body.msg.includes('U+0000')) nulRefusals++;
        }
      };
      for (const route of routes) {
        const url = route.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x.png');
        let sample = (route.input ? nulSample(route.input) : {}) as Record<string, unknown>;
        // A hand-written route reads its own keys: give it one more that holds U+0000 too.
        if (typeof sample !== 'object' || sample === null || Array.isArray(sample) || !JSON.stringify(sample).includes('\\u0000')) sample = { ...(sample as object), keyword: NUL };
        if (route.method === 'GET' || route.method === 'DELETE') {
          await send(route, 'query string', { url, query: asStrings(sample) }, true);
        } else {
          await send(route, 'JSON body', { url, payload: JSON.stringify(sample), headers: { 'content-type': 'application/json' } }, true);
          await send(route, 'form body', { url, payload: new URLSearchParams(asStrings(sample)).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }, true);
        }
        if (/[:*]/.test(route.url)) {
          await send(route, 'path parameter', { url: route.url.replace(/:(\w+)/g, '%00').replace(/\*$/, '%00.png') }, true);
        }
      }
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThan(routes.length);
      // Most refusals name U+0000 (the rest failed another check of the schema first).
      expect(nulRefusals).toBeGreaterThan(requests * 0.9);
      // Refused requests changed nothing.
      expect(await checksum()).toBe(before);
    }, 300_000);

    it('refuses U+0000 in the form fields of uploads (multipart) with A0400', async () => {
      const file = { name: 'file', filename: 'a.geojson', content: '{"type":"FeatureCollection","features":[]}', contentType: 'application/geo+json' };
      const pipes = multipart([{ name: 'dkid', value: NUL }, file]);
      const pipeRes = await t.app.inject({ method: 'POST', url: '/api/tPipenetwork/importFile', payload: pipes.payload, headers: { ...pipes.headers, token: staff } });
      expect(pipeRes.json()).toMatchObject({ code: 'A0400', msg: '字段“dkid”包含非法字符（空字符 U+0000），请删除后重试' });
      const convert = multipart([{ name: 'crs', value: `4326${NUL}` }, file]);
      const convertRes = await t.app.inject({ method: 'POST', url: '/openApi/ConvertController/fileToGeoJson', payload: convert.payload, headers: convert.headers });
      expect(convertRes.json().code).toBe('A0400');
    });
  });
}
