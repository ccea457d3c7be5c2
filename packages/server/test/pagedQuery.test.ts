import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_CODES, QUERY_TYPE_ALIASES, type QueryType } from '@land/shared/api';
import { runPagedQuery, pagedQuerySchema, type QueryColumns } from '../src/lib/pagedQuery';
import { parseInput } from '../src/lib/call';
import { AppError } from '../src/lib/errors';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

/** Districts with values chosen to tell the conditions apart: LIKE wildcards, quotes, nulls. */
const AREAS = [
  { areaname: '临江产业园', areacode: 'A01', cantoncode: '330100', type: 'industry', status: '1', displayorder: 3, planArea: 12.5, leadingIndustry: '智能制造' },
  { areaname: '滨江物流园', areacode: 'A02', type: 'logistics', status: '1', displayorder: 1, planArea: 8, leadingIndustry: '现代物流' },
  { areaname: '科创小镇', areacode: 'A03', type: 'innovation', status: '0', displayorder: 2, planArea: 3.25 },
  { areaname: '100%达标片区', areacode: 'A_04', type: 'town', status: '1', displayorder: 5, leadingIndustry: '50%_混合' },
  { areaname: 'Alpha Park', areacode: 'B05', status: '1', displayorder: 4, planArea: 20, leadingIndustry: 'IT' },
  { areaname: "O'Brien片区", areacode: 'B06', type: 'industry', status: '0', displayorder: 6, planArea: 1, leadingIndustry: 'a\\b' },
];

type Cond = { column: string; type: string; val?: unknown };

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`paged query language [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    const idOf: Record<string, string> = {};

    const page = (body: Record<string, unknown>, opts: { form?: boolean; method?: 'GET' | 'POST' } = {}) =>
      t.call('/api/tArea/selectByPage', body, { token, ...opts });
    /** Names of the matching districts, in the order the server returned them. */
    const names = async (params: Cond[], extra: Record<string, unknown> = {}) => {
      const res = await page({ pageNo: 0, pageSize: 0, params, ...extra });
      expect(res.body, JSON.stringify(params)).toMatchObject({ code: '200' });
      return (res.body.data.list as { areaname: string }[]).map((r) => r.areaname);
    };
    const sorted = async (params: Cond[]) => (await names(params)).sort();
    const refused = async (body: Record<string, unknown>, msg: string | RegExp, opts: { form?: boolean; method?: 'GET' | 'POST' } = {}) => {
      const res = await page(body, opts);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
      else expect(res.body.msg).toMatch(msg);
      return res;
    };
    const countAreas = async () => {
      const r = await sql<{ n: number | string }>`select count(*) as n from t_area`.execute(t.db.db);
      return Number(r.rows[0].n);
    };
    const snapshot = async () =>
      (await sql<{ id: string; areaname: string; version: number }>`select id, areaname, version from t_area order by id`.execute(t.db.db)).rows;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
      for (const a of AREAS) {
        const res = await t.call('/api/tArea/addOrUpdate', a, { token });
        expect(res.body, a.areaname).toMatchObject({ code: '200' });
        idOf[a.areaname] = res.body.data.id;
      }
    });
    afterAll(async () => t?.close());

    describe('comparisons', () => {
      it('eq and ne (ne keeps rows without a value)', async () => {
        expect(await sorted([{ column: 'areacode', type: 'eq', val: 'A02' }])).toEqual(['滨江物流园']);
        expect(await sorted([{ column: 'type', type: 'eq', val: 'industry' }])).toEqual(["O'Brien片区", '临江产业园'].sort());
        const ne = await sorted([{ column: 'type', type: 'ne', val: 'industry' }]);
        expect(ne).toEqual(['100%达标片区', 'Alpha Park', '滨江物流园', '科创小镇'].sort());
        expect(ne).toContain('Alpha Park'); // type is null there
      });

      it('eq on a number column compares numerically; number text must be decimal', async () => {
        expect(await sorted([{ column: 'displayorder', type: 'eq', val: '3' }])).toEqual(['临江产业园']);
        expect(await sorted([{ column: 'planArea', type: 'eq', val: 3.25 }])).toEqual(['科创小镇']);
        await refused({ params: [{ column: 'planArea', type: 'eq', val: 'abc' }] }, '查询条件 planArea 只能是数字');
        await refused({ params: [{ column: 'displayorder', type: 'eq', val: '0x03' }] }, '查询条件 displayorder 只能是数字');
        await refused({ params: [{ column: 'displayorder', type: 'gt', val: '1e400' }] }, '查询条件 displayorder 只能是数字');
      });

      it('values an integer column cannot hold compare as numbers instead of failing (PostgreSQL types the parameter)', async () => {
        expect(await names([{ column: 'displayorder', type: 'gt', val: '99999999999999' }])).toEqual([]);
        expect(await names([{ column: 'displayorder', type: 'lt', val: -3e9 }])).toEqual([]);
        expect(await names([{ column: 'displayorder', type: 'eq', val: '1.5' }])).toEqual([]);
        expect(await sorted([{ column: 'displayorder', type: 'between', val: [0.5, 2.5] }])).toEqual(['滨江物流园', '科创小镇'].sort());
        expect(await sorted([{ column: 'displayorder', type: 'in', val: [1, 2.5, 1e12] }])).toEqual(['滨江物流园']);
        expect(await sorted([{ column: 'planArea', type: 'gt', val: '1e308' }])).toEqual([]);
      });

      it('refuses a NUL character in a text value (PostgreSQL cannot compare it)', async () => {
        // Refused where every call's input is read, naming the field.
        const res = await refused({ params: [{ column: 'areaname', type: 'eq', val: 'a\u0000b' }] }, '字段“params.0.val”包含非法字符（空字符 U+0000），请删除后重试');
        expect(res.body.data.field).toBe('params.0.val');
        await refused({ params: [{ column: 'areaname', type: 'like', val: '\u0000' }] }, /U\+0000/);
        // Sent as JSON text in a query string, it is found once the text is parsed.
        await refused({ params: [{ column: 'areaname', type: 'eq', val: 'a\u0000b' }] }, /U\+0000/, { method: 'GET' });
      });

      it('gt, ge, lt, le and between on numbers', async () => {
        const col = 'planArea';
        expect(await sorted([{ column: col, type: 'gt', val: 8 }])).toEqual(['Alpha Park', '临江产业园'].sort());
        expect(await sorted([{ column: col, type: 'ge', val: '8' }])).toEqual(['Alpha Park', '临江产业园', '滨江物流园'].sort());
        expect(await sorted([{ column: col, type: 'lt', val: 8 }])).toEqual(["O'Brien片区", '科创小镇'].sort());
        expect(await sorted([{ column: col, type: 'le', val: 8 }])).toEqual(["O'Brien片区", '滨江物流园', '科创小镇'].sort());
        const between = ['临江产业园', '滨江物流园', '科创小镇'].sort();
        expect(await sorted([{ column: col, type: 'between', val: [3, 12.5] }])).toEqual(between);
        expect(await sorted([{ column: col, type: 'between', val: '3,12.5' }])).toEqual(between);
        expect(await sorted([{ column: col, type: 'between', val: '[3,12.5]' }])).toEqual(between);
        await refused({ params: [{ column: col, type: 'between', val: [3] }] }, '查询条件 planArea 的区间需要两个值');
        await refused({ params: [{ column: col, type: 'between', val: [1, 2, 3] }] }, '查询条件 planArea 的区间需要两个值');
      });

      it('text comparisons and date columns compare as text', async () => {
        expect(await sorted([{ column: 'areacode', type: 'ge', val: 'B' }])).toEqual(["O'Brien片区", 'Alpha Park'].sort());
        expect(await names([{ column: 'createdAt', type: 'ge', val: '2000-01-01' }])).toHaveLength(AREAS.length);
        expect(await names([{ column: 'createdAt', type: 'lt', val: '2000-01-01' }])).toEqual([]);
      });

      it('in and notIn take an array, JSON text or comma-separated text; notIn keeps rows without a value', async () => {
        const two = ['临江产业园', '科创小镇'].sort();
        expect(await sorted([{ column: 'areacode', type: 'in', val: ['A01', 'A03'] }])).toEqual(two);
        expect(await sorted([{ column: 'areacode', type: 'in', val: 'A01,A03' }])).toEqual(two);
        expect(await sorted([{ column: 'areacode', type: 'in', val: '["A01","A03"]' }])).toEqual(two);
        expect(await sorted([{ column: 'displayorder', type: 'in', val: [3, '2'] }])).toEqual(two);
        expect(await sorted([{ column: 'areacode', type: 'in', val: [] }])).toEqual([]);
        const notIndustry = await sorted([{ column: 'type', type: 'notIn', val: ['industry', 'town'] }]);
        expect(notIndustry).toEqual(['Alpha Park', '滨江物流园', '科创小镇'].sort());
        expect(await names([{ column: 'areacode', type: 'notIn', val: [] }])).toHaveLength(AREAS.length);
        await refused({ params: [{ column: 'areacode', type: 'in', val: Array.from({ length: 1001 }, (_, i) => `c${i}`) }] }, '查询条件 areacode 的取值不能超过1000个');
        await refused({ params: [{ column: 'displayorder', type: 'in', val: [1, 'x'] }] }, '查询条件 displayorder 只能是数字');
      });

      it('isNull and isNotNull need no value', async () => {
        expect(await sorted([{ column: 'leadingIndustry', type: 'isNull' }])).toEqual(['科创小镇']);
        expect(await sorted([{ column: 'planArea', type: 'isNull', val: 'ignored' }])).toEqual(['100%达标片区']);
        expect(await names([{ column: 'type', type: 'isNotNull' }])).toHaveLength(AREAS.length - 1);
      });

      it('a value condition with an empty value is no condition (untouched search box, 全部片区)', async () => {
        for (const val of ['', null, undefined]) {
          expect(await names([{ column: 'areacode', type: 'eq', val }])).toHaveLength(AREAS.length);
          expect(await names([{ column: 'areaname', type: 'like', val }])).toHaveLength(AREAS.length);
        }
      });

      it('conditions combine with AND', async () => {
        expect(
          await sorted([
            { column: 'status', type: 'eq', val: '1' },
            { column: 'areaname', type: 'like', val: '园' },
            { column: 'displayorder', type: 'lt', val: 3 },
          ]),
        ).toEqual(['滨江物流园']);
      });
    });

    describe('like', () => {
      it('matches Chinese text anywhere in the value', async () => {
        expect(await sorted([{ column: 'areaname', type: 'like', val: '园' }])).toEqual(['临江产业园', '滨江物流园'].sort());
        expect(await sorted([{ column: 'areaname', type: 'like', val: '江产' }])).toEqual(['临江产业园']);
        expect(await sorted([{ column: 'leadingIndustry', type: 'like', val: '物流' }])).toEqual(['滨江物流园']);
      });

      it('ignores case on both databases', async () => {
        expect(await sorted([{ column: 'areaname', type: 'like', val: 'alpha' }])).toEqual(['Alpha Park']);
        expect(await sorted([{ column: 'areaname', type: 'like', val: 'PARK' }])).toEqual(['Alpha Park']);
      });

      it('treats % and _ and \\ in the value literally', async () => {
        expect(await sorted([{ column: 'areaname', type: 'like', val: '%' }])).toEqual(['100%达标片区']);
        expect(await sorted([{ column: 'areacode', type: 'like', val: '_' }])).toEqual(['100%达标片区']);
        expect(await sorted([{ column: 'leadingIndustry', type: 'like', val: '%_' }])).toEqual(['100%达标片区']);
        expect(await sorted([{ column: 'areacode', type: 'like', val: 'A_' }])).toEqual(['100%达标片区']);
        expect(await sorted([{ column: 'leadingIndustry', type: 'like', val: 'a\\b' }])).toEqual(["O'Brien片区"]);
        expect(await sorted([{ column: 'leadingIndustry', type: 'like', val: '\\' }])).toEqual(["O'Brien片区"]);
      });

      it('finds a quote as a plain character', async () => {
        expect(await sorted([{ column: 'areaname', type: 'like', val: "O'B" }])).toEqual(["O'Brien片区"]);
        expect(await sorted([{ column: 'areaname', type: 'eq', val: "O'Brien片区" }])).toEqual(["O'Brien片区"]);
      });

      it('works on number columns too (matches the digits)', async () => {
        expect(await sorted([{ column: 'displayorder', type: 'like', val: '5' }])).toEqual(['100%达标片区']);
      });
    });

    describe('ordering', () => {
      it('defaults to the definition order (displayorder asc)', async () => {
        expect(await names([])).toEqual(['滨江物流园', '科创小镇', '临江产业园', 'Alpha Park', '100%达标片区', "O'Brien片区"]);
      });

      it('orderAsc and orderDesc come before the default order', async () => {
        expect(await names([{ column: 'displayorder', type: 'orderDesc' }])).toEqual(
          ["O'Brien片区", '100%达标片区', 'Alpha Park', '临江产业园', '科创小镇', '滨江物流园'],
        );
        expect(await names([{ column: 'status', type: 'orderAsc' }, { column: 'displayorder', type: 'orderDesc' }])).toEqual(
          ["O'Brien片区", '科创小镇', '100%达标片区', 'Alpha Park', '临江产业园', '滨江物流园'],
        );
      });

      it('puts rows without a value last in both directions, on both databases', async () => {
        const asc = await names([{ column: 'planArea', type: 'orderAsc' }]);
        expect(asc).toEqual(["O'Brien片区", '科创小镇', '滨江物流园', '临江产业园', 'Alpha Park', '100%达标片区']);
        const desc = await names([{ column: 'planArea', type: 'orderDesc' }]);
        expect(desc).toEqual(['Alpha Park', '临江产业园', '滨江物流园', '科创小镇', "O'Brien片区", '100%达标片区']);
      });

      it('accepts every alias of QUERY_TYPE_ALIASES with the meaning of its type', async () => {
        const probe: Record<QueryType, Cond> = {
          eq: { column: 'areacode', type: 'eq', val: 'A01' },
          ne: { column: 'areacode', type: 'ne', val: 'A01' },
          gt: { column: 'displayorder', type: 'gt', val: 3 },
          ge: { column: 'displayorder', type: 'ge', val: 3 },
          lt: { column: 'displayorder', type: 'lt', val: 3 },
          le: { column: 'displayorder', type: 'le', val: 3 },
          orderAsc: { column: 'planArea', type: 'orderAsc' },
          orderDesc: { column: 'planArea', type: 'orderDesc' },
          like: { column: 'areaname', type: 'like', val: '园' },
          in: { column: 'areacode', type: 'in', val: ['A01'] },
          notIn: { column: 'areacode', type: 'notIn', val: ['A01'] },
          between: { column: 'displayorder', type: 'between', val: [2, 4] },
          isNull: { column: 'planArea', type: 'isNull' },
          isNotNull: { column: 'planArea', type: 'isNotNull' },
        };
        const aliases = Object.entries(QUERY_TYPE_ALIASES);
        expect(aliases.length).toBeGreaterThan(0);
        for (const [alias, type] of aliases) {
          const canonical = await names([probe[type]]);
          const viaAlias = await names([{ ...probe[type], type: alias }]);
          expect({ alias, list: viaAlias }).toEqual({ alias, list: canonical });
          // The alias must mean something: the list differs from the unfiltered default order.
          expect({ alias, same: canonical.join() === (await names([])).join() }).toEqual({ alias, same: false });
        }
      });
    });

    describe('paging and totals', () => {
      it('pages in the listed order with the total of all matches', async () => {
        const res = await page({ pageNo: 2, pageSize: 2 });
        expect(res.body.data).toMatchObject({ total: AREAS.length, pageNo: 2, pageSize: 2 });
        expect(res.body.data.list.map((r: { areaname: string }) => r.areaname)).toEqual(['临江产业园', 'Alpha Park']);
        const last = await page({ pageNo: 3, pageSize: 4 });
        expect(last.body.data).toMatchObject({ total: AREAS.length, list: [] });
        const filtered = await page({ pageNo: 1, pageSize: 1, params: [{ column: 'status', type: 'eq', val: '1' }] });
        expect(filtered.body.data.total).toBe(4);
        expect(filtered.body.data.list).toHaveLength(1);
      });

      it('pageNo 0 with pageSize 0 means no paging', async () => {
        const res = await page({ pageNo: 0, pageSize: 0, params: [{ column: 'status', type: 'eq', val: '1' }, { column: 'displayorder', type: 'orderAsc' }] });
        expect(res.body.data).toMatchObject({ total: 4, pageNo: 0, pageSize: 0 });
        expect(res.body.data.list.map((r: { areacode: string }) => r.areacode)).toEqual(['A02', 'A01', 'B05', 'A_04']);
      });

      it('defaults to the first page of 10; pageSize 0 alone gives 10', async () => {
        const res = await page({});
        expect(res.body.data).toMatchObject({ pageNo: 1, pageSize: 10, total: AREAS.length });
        const zero = await page({ pageNo: 1, pageSize: 0 });
        expect(zero.body.data.pageSize).toBe(10);
      });

      it('the area dropdown query of SPEC §9 (status 1, displayorder asc, no paging) as form and as GET', async () => {
        const params = [{ column: 'status', type: 'eq', val: '1' }, { column: 'displayorder', type: 'orderAsc' }];
        const form = await page({ pageNo: '0', pageSize: '0', params: JSON.stringify(params) }, { form: true });
        const get = await page({ pageNo: 0, pageSize: 0, params }, { method: 'GET' });
        const json = await page({ pageNo: 0, pageSize: 0, params });
        for (const res of [form, get, json]) {
          expect(res.body.code).toBe('200');
          expect(res.body.data.list.map((r: { areaname: string }) => r.areaname)).toEqual(['滨江物流园', '临江产业园', 'Alpha Park', '100%达标片区']);
        }
      });

      it('refuses bad paging values with a Chinese message', async () => {
        await refused({ pageSize: 501 }, '每页条数不能超过500');
        await refused({ pageSize: 'abc' }, '每页条数必须是数字');
        await refused({ pageNo: -1 }, '页码不能为负数');
        await refused({ pageNo: 1.5 }, '页码必须是整数');
        await refused({ pageNo: 1_000_001 }, '页码不能超过1000000');
        await refused({ pageNo: 'x' }, '页码必须是数字', { form: true });
        const far = await page({ pageNo: 1_000_000, pageSize: 500 });
        expect(far.body.data).toMatchObject({ list: [], total: AREAS.length });
      });
    });

    describe('refused conditions', () => {
      it('unknown or unqueryable columns', async () => {
        await refused({ params: [{ column: 'nope', type: 'eq', val: 1 }] }, '不支持按字段 nope 查询');
        await refused({ params: [{ column: 'introduction', type: 'like', val: 'x' }] }, '不支持按字段 introduction 查询');
        await refused({ params: [{ column: 'boundary', type: 'isNull' }] }, '不支持按字段 boundary 查询');
        await refused({ params: [{ column: '__proto__', type: 'eq', val: 1 }] }, '不支持按字段 __proto__ 查询');
        await refused({ params: [{ column: 'createdBy', type: 'eq', val: 1 }] }, '不支持按字段 createdBy 查询');
      });

      it('unknown types, including names inherited from Object.prototype', async () => {
        await refused({ params: [{ column: 'areaname', type: 'regex', val: '.*' }] }, '不支持的查询条件类型：regex');
        for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
          await refused({ params: [{ column: 'areaname', type, val: 'x' }] }, `不支持的查询条件类型：${type}`);
        }
      });

      it('malformed params', async () => {
        await refused({ params: '[{"column":' }, '查询条件 params 必须是数组', { form: true });
        await refused({ params: '{"column":"areaname"}' }, '查询条件 params 必须是数组', { form: true });
        await refused({ params: { column: 'areaname', type: 'eq', val: 'x' } }, '查询条件 params 必须是数组');
        await refused({ params: ['areaname'] }, '查询条件格式不正确，每一项应为 {column, type, val}');
        await refused({ params: [{ column: 'areaname' }] }, '查询条件缺少类型 type');
        await refused({ params: [{ type: 'eq', val: 'x' }] }, '查询条件缺少字段名 column');
        await refused({ params: [{ column: 'areaname', type: 'eq', val: { a: 1 } }] }, '查询条件 areaname 的值格式不正确');
        await refused({ params: [{ column: 'areaname', type: 'eq', val: 'x'.repeat(501) }] }, '查询条件 areaname 的值过长');
        await refused({ params: [{ column: 'x'.repeat(65), type: 'eq', val: 'x' }] }, '查询条件的字段名 column 过长');
      });

      it('too many conditions', async () => {
        const params = Array.from({ length: 51 }, () => ({ column: 'areaname', type: 'like', val: '园' }));
        await refused({ params }, '查询条件不能超过50个');
        const fifty = await page({ params: params.slice(0, 50) });
        expect(fifty.body.data.total).toBe(2);
      });

      it('no session gets A0006 and no data', async () => {
        const res = await t.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10 });
        expect(res.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
        expect(res.body.data).toBeNull();
      });
    });

    describe('injection attempts leave the data intact', () => {
      const attempts: { label: string; params: Cond[]; expect: 'refused' | string[] }[] = [
        { label: 'statement in column', params: [{ column: 'id; drop table t_area', type: 'eq', val: 1 }], expect: 'refused' },
        { label: 'quote in column', params: [{ column: 'areaname"--', type: 'eq', val: 1 }], expect: 'refused' },
        { label: 'quoted identifier escape', params: [{ column: 'areaname" = areaname or "1', type: 'eq', val: 1 }], expect: 'refused' },
        { label: 'order by injection', params: [{ column: 'displayorder desc; delete from t_area; --', type: 'orderAsc' }], expect: 'refused' },
        { label: 'statement in type', params: [{ column: 'areaname', type: "eq'; drop table t_area; --", val: 'x' }], expect: 'refused' },
        { label: 'tautology in val', params: [{ column: 'areaname', type: 'eq', val: "' or 1=1 --" }], expect: [] },
        { label: 'tautology in like', params: [{ column: 'areaname', type: 'like', val: "%' or '1'='1" }], expect: [] },
        { label: 'union in like', params: [{ column: 'areaname', type: 'like', val: "%' union select id, userAccount from t_user --" }], expect: [] },
        { label: 'drop in in-list', params: [{ column: 'areacode', type: 'in', val: ["A01'); drop table t_area; --", 'A02'] }], expect: ['滨江物流园'] },
        { label: 'statement in number', params: [{ column: 'displayorder', type: 'gt', val: '1; drop table t_area' }], expect: 'refused' },
        { label: 'statement in between', params: [{ column: 'areacode', type: 'between', val: ["' or 1=1 --", "' or 1=1 --"] }], expect: [] },
        { label: 'delete in ne', params: [{ column: 'areaname', type: 'ne', val: "x'; delete from t_area; --" }], expect: AREAS.map((a) => a.areaname).sort() },
      ];

      for (const attempt of attempts) {
        it(attempt.label, async () => {
          const before = await snapshot();
          const res = await page({ pageNo: 0, pageSize: 0, params: attempt.params });
          if (attempt.expect === 'refused') {
            expect(res.status).toBe(400);
            expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
            expect(res.body.msg).toMatch(/^(不支持|查询条件)/);
          } else {
            expect(res.body.code).toBe('200');
            expect(res.body.data.list.map((r: { areaname: string }) => r.areaname).sort()).toEqual(attempt.expect);
          }
          expect(JSON.stringify(res.body)).not.toMatch(/syntax|SQLITE|relation|passwordHash/i);
          // The form route takes the same params as text.
          await page({ pageNo: 0, pageSize: 0, params: JSON.stringify(attempt.params) }, { form: true });
          expect(await countAreas()).toBe(AREAS.length);
          expect(await snapshot()).toEqual(before);
        });
      }

      it('t_area and t_user are still there and unchanged afterwards', async () => {
        expect(await countAreas()).toBe(AREAS.length);
        const users = await sql<{ n: number | string }>`select count(*) as n from t_user`.execute(t.db.db);
        expect(Number(users.rows[0].n)).toBe(1);
        const one = await t.call('/api/tArea/selectById', { id: idOf['临江产业园'] }, { token });
        expect(one.body.data).toMatchObject({ areaname: '临江产业园', version: 1 });
      });
    });

    describe('engine on its own table: boolean and date columns', () => {
      const columns: QueryColumns = { id: 'text', name: 'text', flag: 'bool', amount: 'number', day: 'date' };
      const spec = { table: 't_pq_probe', select: ['id', 'name', 'flag', 'amount', 'day'], columns, defaultOrder: [{ column: 'id', direction: 'asc' as const }] };
      const run = (params: Cond[], paging: { pageNo?: number; pageSize?: number } = {}) =>
        runPagedQuery<{ id: string }>(t.db.db, dialect, spec, parseInput(pagedQuerySchema, { pageNo: 0, pageSize: 0, ...paging, params }));
      const ids = async (params: Cond[]) => (await run(params)).list.map((r) => r.id);

      beforeAll(async () => {
        await sql`create table t_pq_probe (id varchar(32) primary key, name varchar(50), flag integer, amount double precision, day varchar(10))`.execute(t.db.db);
        await sql`insert into t_pq_probe (id, name, flag, amount, day) values
          ('a', '甲', 1, 10.5, '2024-01-15'), ('b', '乙', 0, -2, '2024-02-01'), ('c', null, null, null, null), ('d', '丁', 1, 0, '2023-12-31')`.execute(t.db.db);
      });

      it('booleans accept 1/0/true/false and refuse anything else', async () => {
        expect(await ids([{ column: 'flag', type: 'eq', val: 'true' }])).toEqual(['a', 'd']);
        expect(await ids([{ column: 'flag', type: 'eq', val: 1 }])).toEqual(['a', 'd']);
        expect(await ids([{ column: 'flag', type: 'eq', val: '0' }])).toEqual(['b']);
        expect(await ids([{ column: 'flag', type: 'ne', val: 'true' }])).toEqual(['b', 'c']);
        await expect(run([{ column: 'flag', type: 'eq', val: 'maybe' }])).rejects.toThrow('查询条件 flag 只能是 1（是）或 0（否）');
      });

      it('dates compare as yyyy-MM-dd text; numbers handle negatives and zero', async () => {
        expect(await ids([{ column: 'day', type: 'between', val: ['2024-01-01', '2024-01-31'] }])).toEqual(['a']);
        expect(await ids([{ column: 'day', type: 'lt', val: '2024-01-01' }])).toEqual(['d']);
        expect(await ids([{ column: 'amount', type: 'lt', val: '0' }])).toEqual(['b']);
        expect(await ids([{ column: 'amount', type: 'eq', val: 0 }])).toEqual(['d']);
        expect(await ids([{ column: 'amount', type: 'ge', val: '-2' }])).toEqual(['a', 'b', 'd']);
      });

      it('a column outside the allow-list is refused even if the table has it', async () => {
        const err = await run([{ column: 'secret', type: 'eq', val: 'x' }]).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).message).toBe('不支持按字段 secret 查询');
      });

      it('orders empty values last and pages with exact totals', async () => {
        const asc = await run([{ column: 'name', type: 'isNotNull' }, { column: 'amount', type: 'orderAsc' }], { pageNo: 1, pageSize: 2 });
        expect(asc).toMatchObject({ total: 3, pageNo: 1, pageSize: 2 });
        expect(asc.list.map((r) => r.id)).toEqual(['b', 'd']);
        expect((await run([{ column: 'amount', type: 'orderDesc' }])).list.map((r) => r.id)).toEqual(['a', 'd', 'b', 'c']);
        expect((await run([{ column: 'amount', type: 'orderAsc' }])).list.map((r) => r.id)).toEqual(['b', 'd', 'a', 'c']);
      });
    });
  });
}
