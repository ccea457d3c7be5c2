import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { SYSTEM_FIELDS } from '@land/shared/entity';
import { MESSAGES } from '@land/shared/validation';
import { ENTITIES, entityByName } from '@land/shared/entities/index';
import { MAX_IMPORT_ROWS, SHEET_BATCH_ROWS, XLSX_MIME, excelColumns, importWorkbook, readSheet as readImportSheet } from '../src/entities/excel';
import type { AnyDb } from '../src/entities/repository';
import { saveRecord } from '../src/entities/routes';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { multipart } from './helpers/multipart';
import { sampleVisitor, sampleWithRefs } from './helpers/samples';
import { workbook } from './helpers/workbook';

type Row = Record<string, unknown>;

const AREA_HEADER = ['编号', '片区名称', '片区编码', '行政区划代码', '片区类型', '状态', '排序', '规划面积（平方公里）', '主导产业', '地址'];
/** The import template: what a clerk fills in, without the record id the server makes. */
const AREA_TEMPLATE_HEADER = AREA_HEADER.slice(1);

async function readSheet(buf: Buffer): Promise<{ header: string[]; rows: unknown[][]; ws: ExcelJS.Worksheet }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: unknown[][] = [];
  ws.eachRow((row, n) => {
    const values = row.values as unknown[];
    if (n > 1) rows.push(header.map((_, i) => values[i + 1] ?? null));
  });
  return { header, rows, ws };
}

/** Stored fields of a record without the bookkeeping that an import legitimately changes. */
function content(row: Row): Row {
  const out: Row = { ...row };
  for (const k of ['updatedAt', 'updatedBy', 'version']) delete out[k];
  return out;
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`Excel export and import [${dialect}]`, () => {
    let t: TestApp;
    let token: string;

    const exportFile = async (entity: string, body: Row = {}) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/${entity}/exportExcel`, headers: { token }, payload: body });
      return res;
    };
    const importFile = async (entity: string, content: Buffer | string, filename = '导入.xlsx', opts: { token?: string | null } = {}) => {
      const body = multipart([{ name: 'file', filename, content, contentType: XLSX_MIME }]);
      const headers: Record<string, string> = { ...body.headers };
      if (opts.token !== null) headers.token = opts.token ?? token;
      const res = await t.app.inject({ method: 'POST', url: `/api/${entity}/importExcel`, headers, payload: body.payload });
      return { status: res.statusCode, body: res.json() };
    };
    const all = async (entity: string): Promise<Row[]> => {
      const res = await t.call(`/api/${entity}/selectByPage`, { pageNo: 0, pageSize: 0, params: [{ column: 'id', type: 'orderAsc' }] }, { token });
      expect(res.body.code).toBe('200');
      return res.body.data.list;
    };
    const count = async (table: string) => Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db.db)).rows[0].n);
    const save = async (entity: string, record: Row) => {
      const res = await t.call(`/api/${entity}/${entity === 'tDl' ? 'addOrUpdateDl' : 'addOrUpdate'}`, record, { token });
      expect(res.body, JSON.stringify(record)).toMatchObject({ code: '200' });
      return res.body.data as Row;
    };
    const clear = async (...tables: string[]) => {
      for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(t.db.db);
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
    });
    afterAll(async () => t?.close());
    beforeEach(async () => clear('t_jd', 't_area'));

    describe('export', () => {
      it('the template has the Chinese header and no rows, as an RFC 5987 attachment', async () => {
        for (const res of [
          await exportFile('tArea', { template: 1 }),
          await t.app.inject({ method: 'GET', url: '/api/tArea/exportExcel?template=1', headers: { token } }),
        ]) {
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe(XLSX_MIME);
          expect(res.headers['content-disposition']).toBe(
            `attachment; filename="tArea-template.xlsx"; filename*=UTF-8''${encodeURIComponent('片区导入模板.xlsx')}`,
          );
          const { header, rows } = await readSheet(res.rawPayload);
          expect(header).toEqual(AREA_TEMPLATE_HEADER);
          expect(rows).toEqual([]);
        }
      });

      it('exports the current query with labels for options, numbers as numbers, no JSON or HTML columns', async () => {
        await save('tArea', { areaname: '临江产业园', areacode: 'A01', type: 'industry', status: '1', displayorder: 2, planArea: 12.5, introduction: '<p>介绍</p>', images: [{ name: 'a.jpg', url: '/virtualPath/images/202401/a.jpg' }] });
        await save('tArea', { areaname: '滨江物流园', areacode: 'A02', type: 'logistics', status: '0', displayorder: 1 });
        await save('tArea', { areaname: '科创小镇', areacode: 'A03', status: '1', displayorder: 3, cantoncode: '330100' });
        const res = await exportFile('tArea', { params: [{ column: 'status', type: 'eq', val: '1' }] });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('片区.xlsx')}`);
        const { header, rows, ws } = await readSheet(res.rawPayload);
        expect(header).toEqual(AREA_HEADER);
        expect(header.join()).not.toMatch(/片区介绍|片区图片|片区范围/);
        expect(rows.map((r) => r.slice(1, 8))).toEqual([
          ['临江产业园', 'A01', null, '产业园区', '启用', 2, 12.5],
          ['科创小镇', 'A03', '330100', null, '启用', 3, null],
        ]);
        expect(typeof ws.getCell('G2').value).toBe('number');
        expect(typeof ws.getCell('D3').value).toBe('string');
      });

      it('puts a leading apostrophe before every formula-like text cell (= + - @ tab CR), and imports it back unchanged', async () => {
        const risky = ['=HYPERLINK("http://evil.example","点我")', '+1+1', '-2+3', '@SUM(A1:A9)'];
        for (const [i, text] of risky.entries()) await save('tArea', { areaname: `危险${i}`, areacode: `R0${i}`, status: '1', displayorder: i, leadingIndustry: text, address: `安全${i}` });
        const before = await all('tArea');
        const exported = await exportFile('tArea');
        const { header, rows } = await readSheet(exported.rawPayload);
        const column = (label: string) => rows.map((r) => r[header.indexOf(label)]);
        expect(column('主导产业')).toEqual(risky.map((text) => `'${text}`));
        expect(column('地址')).toEqual(risky.map((_, i) => `安全${i}`));
        // Numbers stay numbers (a negative number is not text).
        expect(column('排序')).toEqual(risky.map((_, i) => i));
        const res = await importFile('tArea', exported.rawPayload);
        expect(res.body).toMatchObject({ code: '200', data: { updated: risky.length } });
        expect((await all('tArea')).map(content)).toEqual(before.map(content));

        // Saves trim text, so a leading tab or carriage return can only come from older data.
        await sql`update t_area set ${sql.ref('leadingIndustry')} = ${'\tTAB'} where areacode = 'R00'`.execute(t.db.db);
        await sql`update t_area set ${sql.ref('leadingIndustry')} = ${'\rCR'} where areacode = 'R01'`.execute(t.db.db);
        const again = await readSheet((await exportFile('tArea')).rawPayload);
        const [tab, cr] = again.rows.map((r) => r[again.header.indexOf('主导产业')]);
        expect(tab).toBe("'\tTAB");
        // XML reading turns the carriage return into a line feed; the apostrophe is what matters.
        expect(cr).toMatch(/^'[\r\n]CR$/);
      });

      it('shows refs by the referenced name; the form-encoded call works too', async () => {
        await save('tArea', { areaname: '临江产业园', areacode: 'A01', status: '1' });
        await save('tJd', { jdname: '临江街道', areacode: 'A01', phone: '0571-86001234' });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/tJd/exportExcel',
          headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `params=${encodeURIComponent(JSON.stringify([{ column: 'jdname', type: 'like', val: '临江' }]))}`,
        });
        const { header, rows } = await readSheet(res.rawPayload);
        expect(header).toEqual(['编号', '街道名称', '街道编码', '所属片区', '联系人', '联系电话', '办公地址', '排序']);
        expect(rows[0].slice(1, 6)).toEqual(['临江街道', null, '临江产业园', null, '0571-86001234']);
      });

      it("writes who last edited a parcel by the account's name, never its id", async () => {
        await save('tArea', { areaname: '临江产业园', areacode: 'A01', status: '1' });
        await save('tDl', { code: '97', name: '导出测试地类' });
        const parcel = await save('tLandinfo', { dkbh: 'XLS-EDIT-1', dkmc: '导出测试地块', areacode: 'A01', dlcode: '97', landArea: 10000 });
        const admin = (await sql<{ id: string; userName: string }>`select id, "userName" from t_user where "userAccount" = 'admin'`.execute(t.db.db)).rows[0];
        expect(parcel.editedBy).toBe(admin.id);
        const { header, rows } = await readSheet((await exportFile('tLandinfo', { params: [{ column: 'dkbh', type: 'eq', val: 'XLS-EDIT-1' }] })).rawPayload);
        expect(rows[0][header.indexOf('最后修改人')]).toBe(admin.userName);
        await clear('t_landinfo', 't_dl');
      });

      it('writes the code instead of a name that several referenced records share, so it imports back', async () => {
        await clear('t_dl');
        const classes = [
          { code: '01', name: '农用地' },
          { code: '09', name: '其他' },
          { code: '10', name: '其他' },
          { code: '0101', name: '耕地', parentCode: '01' },
          { code: '0901', name: '空闲地', parentCode: '09' },
          { code: '1001', name: '裸地', parentCode: '10' },
        ];
        for (const c of classes) await save('tDl', { ...c, scheme: '2023' });
        const before = await all('tDl');
        const file = await exportFile('tDl');
        const { header, rows } = await readSheet(file.rawPayload);
        const parentCol = header.indexOf('上级地类');
        expect(Object.fromEntries(rows.map((r) => [r[header.indexOf('地类代码')], r[parentCol]]))).toEqual({
          '01': null,
          '09': null,
          '10': null,
          '0101': '农用地',
          '0901': '09',
          '1001': '10',
        });
        const res = await importFile('tDl', file.rawPayload);
        expect(res.body.data).toEqual({ created: 0, updated: 6 });
        expect((await all('tDl')).map(content)).toEqual(before.map(content));
        await clear('t_dl');
      });

      it('refuses a bad query like selectByPage does, and needs a session', async () => {
        const bad = await exportFile('tArea', { params: [{ column: 'nope', type: 'eq', val: 1 }] });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '不支持按字段 nope 查询' });
        const anon = await t.app.inject({ method: 'POST', url: '/api/tArea/exportExcel', payload: {} });
        expect(anon.json().code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      });
    });

    describe('import', () => {
      it('export → re-import updates every row and leaves them identical', async () => {
        await save('tArea', { areaname: '临江产业园', areacode: 'A01', cantoncode: '330100', type: 'industry', status: '1', displayorder: 2, planArea: 12.5, leadingIndustry: '智能制造', address: '临江大道1号', introduction: '<p>介绍</p>' });
        await save('tArea', { areaname: '滨江物流园', areacode: 'A02', type: 'logistics', status: '0', displayorder: 1, planArea: 0.33 });
        await save('tArea', { areaname: 'Alpha Park', areacode: 'B05', status: '1' });
        const before = await all('tArea');
        const exported = await exportFile('tArea');
        const res = await importFile('tArea', exported.rawPayload);
        expect(res.body).toMatchObject({ code: '200', data: { created: 0, updated: 3 } });
        const after = await all('tArea');
        expect(after.map(content)).toEqual(before.map(content));
        expect(after.every((r) => r.version === 2)).toBe(true);
      });

      it('a template filled in creates records; option labels map back to values', async () => {
        const template = await readSheet((await exportFile('tArea', { template: 1 })).rawPayload);
        const file = await workbook(template.header, [
          ['临江产业园', 'A01', '330100', '产业园区', '启用', 2, 12.5, '智能制造', '临江大道1号'],
          ['滨江物流园', 'A02', null, '物流园区', '停用', null, null, null, null],
          ['科创小镇', 'A03', null, 'innovation', '0', '3', '1.5', null, null],
        ]);
        const res = await importFile('tArea', file);
        expect(res.body).toMatchObject({ code: '200', data: { created: 3, updated: 0 }, msg: '导入成功：新增3条，更新0条' });
        const rows = await all('tArea');
        const byName = Object.fromEntries(rows.map((r) => [r.areaname, r]));
        expect(byName['临江产业园']).toMatchObject({ type: 'industry', status: '1', displayorder: 2, planArea: 12.5, cantoncode: '330100' });
        expect(byName['滨江物流园']).toMatchObject({ type: 'logistics', status: '0', displayorder: 0, planArea: null });
        expect(byName['科创小镇']).toMatchObject({ type: 'innovation', status: '0', displayorder: 3, planArea: 1.5 });
      });

      it('an older template with the 编号 column still imports: left empty it adds, filled it updates', async () => {
        const old = await workbook(AREA_HEADER, [[null, '临江产业园', 'A01', null, '产业园区', '启用', 2, null, null, null], ['', '滨江物流园', 'A02', null, null, '停用', null, null, null, null]]);
        expect((await importFile('tArea', old)).body).toMatchObject({ code: '200', data: { created: 2, updated: 0 } });
        const id = (await all('tArea')).find((r) => r.areaname === '临江产业园')!.id;
        const again = await workbook(AREA_HEADER, [[id, '临江产业园', 'A01', null, '产业园区', '启用', 5, null, null, null]]);
        expect((await importFile('tArea', again)).body).toMatchObject({ code: '200', data: { created: 0, updated: 1 } });
        expect((await all('tArea')).find((r) => r.id === id)).toMatchObject({ displayorder: 5 });
      });

      it('export → clear → import of the sheet without ids recreates the same content', async () => {
        await save('tArea', { areaname: '临江产业园', areacode: 'A01', type: 'industry', status: '1', displayorder: 2, planArea: 12.5, leadingIndustry: '智能制造' });
        await save('tArea', { areaname: '滨江物流园', areacode: 'A02', status: '0', displayorder: 1 });
        const before = await all('tArea');
        const { header, rows } = await readSheet((await exportFile('tArea')).rawPayload);
        await clear('t_area');
        const res = await importFile('tArea', await workbook(header, rows.map((r) => [null, ...r.slice(1)])));
        expect(res.body.data).toEqual({ created: 2, updated: 0 });
        const strip = (r: Row) => Object.fromEntries(Object.entries(r).filter(([k]) => !(SYSTEM_FIELDS as readonly string[]).includes(k)));
        const sortByName = (a: Row, b: Row) => String(a.areaname).localeCompare(String(b.areaname));
        expect((await all('tArea')).map(strip).sort(sortByName)).toEqual(before.map(strip).sort(sortByName));
      });

      it('a row with 编号 updates that record only in the columns present; HTML and images stay', async () => {
        const a = await save('tArea', { areaname: '临江产业园', areacode: 'A01', status: '1', introduction: '<p>介绍</p>', images: [{ name: 'a.jpg', url: '/virtualPath/images/202401/a.jpg' }], leadingIndustry: '旧产业' });
        const file = await workbook(['编号', '片区名称', '主导产业', '规划面积(平方公里)'], [[a.id, '临江产业园（新）', null, 3]]);
        const res = await importFile('tArea', file);
        expect(res.body.data).toEqual({ created: 0, updated: 1 });
        const [row] = await all('tArea');
        expect(row).toMatchObject({ id: a.id, areaname: '临江产业园（新）', areacode: 'A01', leadingIndustry: null, planArea: 3, introduction: '<p>介绍</p>', images: a.images, version: 2 });
      });

      it('one bad row writes nothing and is reported by its Excel row number', async () => {
        await save('tArea', { areaname: '临江产业园', areacode: 'A01', status: '1' });
        const file = await workbook(['街道名称', '所属片区', '联系电话'], [
          ['临江街道', '临江产业园', '13905710001'],
          ['滨江街道', 'A01', '12345'],
          ['江东街道', null, '0571-86001234'],
        ]);
        const res = await importFile('tJd', file);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
        expect(res.body.msg).toMatch(/^第3行：联系电话格式不正确/);
        expect(res.body.data.errors).toEqual([{ row: 3, field: 'phone', label: '联系电话', value: '12345', msg: '第3行：联系电话格式不正确' }]);
        expect(await count('t_jd')).toBe(0);
      });

      it("applies the entity's two-field checks to each row: a deal without its price, a listing ending before it starts", async () => {
        const before = await count('t_land_jyst');
        const header = ['宗地编号', '交易方式', '交易状态', '挂牌起始日期', '挂牌截止日期', '成交价（万元）', '成交日期', '竞得人'];
        const res = await importFile('tLandJyst', await workbook(header, [
          ['LJ2024-11', '挂牌', '已成交', '2024-04-01', '2024-04-30', null, '2024-05-01', '张三'],
          ['LJ2024-12', '挂牌', '挂牌中', '2024-04-30', '2024-04-01', null, null, null],
        ]));
        expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
        expect(res.body.data.errors.map((e: Row) => [e.row, e.field, e.msg])).toEqual([
          [2, 'dealPrice', '第2行：交易状态为“已成交”时，请输入成交价'],
          [3, 'listingEnd', '第3行：挂牌截止日期不能早于挂牌起始日期'],
        ]);
        expect(await count('t_land_jyst')).toBe(before);
      });

      it('checks the winner’s ID number (SPEC §5) on import: a bad one is its row’s error, nothing is written', async () => {
        const before = await count('t_land_jyst');
        const header = ['宗地编号', '交易方式', '交易状态', '成交价（万元）', '成交日期', '竞得人', '竞得人身份证号码'];
        const bad = await importFile('tLandJyst', await workbook(header, [
          ['LJ2024-01', '挂牌', '已成交', 800, '2024-05-01', '张三', '11010519491231002X'],
          // Wrong check character, then a birth date that does not exist.
          ['LJ2024-02', '挂牌', '已成交', 900, '2024-05-02', '李四', '110105194912310021'],
          ['LJ2024-03', '拍卖', '已成交', 1000, '2024-05-03', '王五', '110105194902301234'],
          ['LJ2024-04', '挂牌', '挂牌中', null, null, null, null],
        ]));
        expect(bad.status).toBe(400);
        expect(bad.body.code).toBe(ERROR_CODES.VALIDATION);
        expect(bad.body.data.errors).toEqual([
          // The row's message names the column before SPEC §5's words, as every import error does.
          { row: 3, field: 'winnerIdNumber', label: '竞得人身份证号码', value: '110105194912310021', msg: `第3行：竞得人身份证号码${MESSAGES.idCard}` },
          { row: 4, field: 'winnerIdNumber', label: '竞得人身份证号码', value: '110105194902301234', msg: `第4行：竞得人身份证号码${MESSAGES.idCard}` },
        ]);
        expect(await count('t_land_jyst')).toBe(before);
        // Corrected, the same rows import.
        const good = await importFile('tLandJyst', await workbook(header, [
          ['LJ2024-01', '挂牌', '已成交', 800, '2024-05-01', '张三', '11010519491231002X'],
          ['LJ2024-04', '挂牌', '挂牌中', null, null, null, null],
        ]));
        expect(good.body.data).toEqual({ created: 2, updated: 0 });
        expect(await count('t_land_jyst')).toBe(before + 2);
      });

      it('reports every failing row: rules, required fields, unknown options and refs, duplicates, missing ids', async () => {
        await save('tArea', { areaname: '已有片区', areacode: 'A00', status: '1' });
        const file = await workbook(['编号', '片区名称', '片区编码', '片区类型', '状态', '排序'], [
          [null, '新片区一', 'N01', '工业区', '启用', 1],
          [null, null, 'N02', null, '启用', 1],
          [null, '新片区三', 'N03', null, '启用', -1],
          [null, '已有片区', 'N04', null, '启用', 1],
          ['nosuchid', '新片区五', 'N05', null, '启用', 1],
          [null, '新片区六', 'N06', null, '启用', 'abc'],
          [null, '好片区', 'N08', null, '启用', 1],
          [null, '好片区', 'N09', null, '启用', 1],
        ]);
        const res = await importFile('tArea', file);
        expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
        const errors = res.body.data.errors as { row: number; field: string; msg: string }[];
        expect(errors.map((e) => [e.row, e.field, e.msg])).toEqual([
          [2, 'type', '第2行：片区类型的取值不在可选范围内'],
          [3, 'areaname', '第3行：请输入片区名称'],
          [4, 'displayorder', '第4行：排序不能为负数'],
          [5, '', '第5行：片区名称“已有片区”已存在'],
          [6, 'id', '第6行：编号“nosuchid”的片区不存在（新增记录请将编号留空）'],
          [7, 'displayorder', '第7行：排序只能是数字'],
          [9, '', '第9行：片区名称“好片区”已存在'],
        ]);
        expect(res.body.msg).toBe('第2行：片区类型的取值不在可选范围内（共7处错误，未导入任何数据）');
        expect(await count('t_area')).toBe(1);
      });

      it('reports each error with its row, column and value, and gives back the failed rows as a workbook with their reasons', async () => {
        const file = await workbook(['片区名称', '片区编码', '片区类型', '状态', '排序'], [
          ['好片区一', 'G01', null, '启用', 1],
          ['坏类型', 'B01', '不存在的类型', '启用', 1],
          ['好片区二', 'G02', null, '启用', 2],
          ['负排序', 'B02', null, '启用', -5],
          [null, 'B03', null, '未知状态', 'abc'],
        ]);
        const res = await importFile('tArea', file);
        expect(res.status).toBe(400);
        expect(res.body.data.errorCount).toBe(5);
        expect(res.body.data.failedRows).toBe(3);
        expect(res.body.data.errors.map((e: Row) => [e.row, e.label, e.value, e.msg])).toEqual([
          [3, '片区类型', '不存在的类型', '第3行：片区类型的取值不在可选范围内'],
          [5, '排序', '-5', '第5行：排序不能为负数'],
          [6, '片区名称', '', '第6行：请输入片区名称'],
          [6, '状态', '未知状态', '第6行：状态的取值不在可选范围内'],
          [6, '排序', 'abc', '第6行：排序只能是数字'],
        ]);
        const sheet = await readSheet(Buffer.from(res.body.data.errorWorkbook as string, 'base64'));
        expect(sheet.header).toEqual(['片区名称', '片区编码', '片区类型', '状态', '排序', '原行号', '错误原因']);
        expect(sheet.rows).toEqual([
          ['坏类型', 'B01', '不存在的类型', '启用', 1, 3, '片区类型的取值不在可选范围内'],
          ['负排序', 'B02', null, '启用', -5, 5, '排序不能为负数'],
          [null, 'B03', null, '未知状态', 'abc', 6, '请输入片区名称；状态的取值不在可选范围内；排序只能是数字'],
        ]);
        expect(await count('t_area')).toBe(0);
        // The corrected failed rows, with the two extra columns left in, import.
        const fixed = await workbook(sheet.header, [
          ['坏类型', 'B01', null, '启用', 1, 3, '片区类型的取值不在可选范围内'],
          ['负排序', 'B02', null, '启用', 5, 5, '排序不能为负数'],
          ['无名', 'B03', null, '启用', 3, 6, '请输入片区名称；状态的取值不在可选范围内；排序只能是数字'],
        ]);
        expect((await importFile('tArea', fixed)).body.data).toEqual({ created: 3, updated: 0 });
      });

      it('values the database cannot store are row errors, not a server error', async () => {
        const file = await workbook(['片区名称', '片区编码', '状态', '排序'], [['大排序', 'X01', '启用', 3_000_000_000]]);
        const res = await importFile('tArea', file);
        expect(res.status).toBe(400);
        expect(res.body.data.errors.map((e: { msg: string }) => e.msg)).toEqual(['第2行：排序超出范围']);
        // Text PostgreSQL cannot store is refused where the request is read (Excel itself cannot hold NUL).
        const nul = await t.call('/api/tArea/addOrUpdate', { areaname: '空字符', areacode: 'X02', status: '1', leadingIndustry: 'a\u0000b' }, { token });
        expect(nul.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '字段“leadingIndustry”包含非法字符（空字符 U+0000），请删除后重试', data: { field: 'leadingIndustry' } });
        expect(await count('t_area')).toBe(0);
      });

      it('maps a ref by name or code and refuses an unknown or ambiguous name', async () => {
        await save('tArea', { areaname: '临江产业园', areacode: 'A01', status: '1' });
        await save('tArea', { areaname: '滨江物流园', areacode: 'A02', status: '1' });
        const ok = await importFile('tJd', await workbook(['街道名称', '所属片区'], [['临江街道', '临江产业园'], ['滨江街道', 'A02']]));
        expect(ok.body.data).toEqual({ created: 2, updated: 0 });
        expect((await all('tJd')).map((r) => [r.jdname, r.areacode])).toEqual([['临江街道', 'A01'], ['滨江街道', 'A02']]);
        const bad = await importFile('tJd', await workbook(['街道名称', '所属片区'], [['江东街道', '不存在的片区']]));
        expect(bad.body.data.errors).toEqual([{ row: 2, field: 'areacode', label: '所属片区', value: '不存在的片区', msg: '第2行：所属片区“不存在的片区”不存在' }]);
        expect(await count('t_jd')).toBe(2);
      });

      it('writes a message\'s 接收用户 as the mobile number and reads it back from the number; an unknown number is its row\'s error', async () => {
        const visitor = await t.call('/openApi/register', { userAccount: '13733330001', password: 'Visit@2024ab', userName: '表格访客', sqdw: '某公司' });
        const userId = visitor.body.data.userId as string;
        const ok = await importFile('tMessageuser', await workbook(['接收用户', '消息标题', '消息类型'], [['13733330001', '现场踏勘安排', '系统通知']]));
        expect(ok.body.data).toEqual({ created: 1, updated: 0 });
        const [saved] = (await all('tMessageuser')).filter((r) => r.title === '现场踏勘安排');
        expect(saved.userId).toBe(userId);
        const { header, rows } = await readSheet((await exportFile('tMessageuser', { params: [{ column: 'id', type: 'eq', val: saved.id }] })).rawPayload);
        expect(rows[0][header.indexOf('接收用户')]).toBe('13733330001');
        const before = await count('t_messageuser');
        const bad = await importFile('tMessageuser', await workbook(['接收用户', '消息标题', '消息类型'], [['13733339999', '现场踏勘安排', '系统通知']]));
        expect(bad.body.data.errors).toEqual([{ row: 2, field: 'userId', label: '接收用户', value: '13733339999', msg: '第2行：接收用户“13733339999”不存在' }]);
        expect(await count('t_messageuser')).toBe(before);
      });

      it('reads values the way people type them: numbers in text columns, dates, formulas, rich text', async () => {
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet('s');
        ws.addRow(['片区名称', '片区编码', '行政区划代码', '排序', '主导产业', '状态']);
        ws.addRow([{ richText: [{ text: '富文本' }, { font: { bold: true }, text: '片区' }] }, 'R01', 330100, { formula: '1+2', result: 3 }, { text: '链接产业', hyperlink: 'https://example.com' }, '启用']);
        const res = await importFile('tArea', Buffer.from(await wb.xlsx.writeBuffer()));
        expect(res.body.data).toEqual({ created: 1, updated: 0 });
        expect((await all('tArea'))[0]).toMatchObject({ areaname: '富文本片区', cantoncode: '330100', displayorder: 3, leadingIndustry: '链接产业' });
      });

      it('refuses files that are not a usable .xlsx, with a clear message and nothing written', async () => {
        const cases: [Buffer | string, string, string][] = [
          ['<html><script>alert(1)</script></html>', 'evil.xlsx', '请上传 Excel（.xlsx）文件'],
          [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'old.xlsx', '不支持旧版 Excel（.xls）文件，请另存为 .xlsx 后再导入'],
          ['a,b\n1,2\n', 'data.csv', '请上传 Excel（.xlsx）文件'],
          [Buffer.from('PK\u0003\u0004broken zip'), 'broken.xlsx', '请上传 Excel（.xlsx）文件'],
          [await workbook(['片区名称'], []), 'empty.xlsx', '文件中没有要导入的数据'],
          [await workbook(['片区名称', '面积大小'], [['x', 1]]), 'unknown.xlsx', '第1行：无法识别的列“面积大小”，请使用导出的模板填写'],
          [await workbook(['街道名称', '联系电话'], [['x', '1']]), 'street.xlsx', '该文件不是片区的导入模板（第1行的列名都无法识别），请下载本页的模板填写'],
          [Buffer.alloc(0), 'zero.xlsx', '文件是空的，请选择填好数据的 Excel（.xlsx）文件'],
          [await workbook(['片区名称', '片区名称'], [['x', 'y']]), 'dup.xlsx', '第1行：列“片区名称”重复'],
          [await workbook([], [[null, 'x']]), 'noheader.xlsx', '第1行应为表头（字段名称），请使用导出的模板填写'],
        ];
        for (const [content, name, msg] of cases) {
          const res = await importFile('tArea', content, name);
          expect({ name, status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ name, status: 400, code: ERROR_CODES.VALIDATION, msg });
        }
        expect(await count('t_area')).toBe(0);
      });

      it('refuses a non-multipart request, a missing file and a missing session', async () => {
        const json = await t.call('/api/tArea/importExcel', { file: 'x' }, { token });
        expect(json.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请以 multipart/form-data 方式上传文件' });
        const body = multipart([{ name: 'note', value: 'no file' }]);
        const none = await t.app.inject({ method: 'POST', url: '/api/tArea/importExcel', headers: { ...body.headers, token }, payload: body.payload });
        expect(none.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请选择要上传的文件' });
        const anon = await importFile('tArea', await workbook(['片区名称'], [['x']]), 'a.xlsx', { token: null });
        expect(anon.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
        expect(await count('t_area')).toBe(0);
      });

      it('bounds the file size and the number of rows', async () => {
        const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(10 * 1024 * 1024 + 10)]);
        const res = await importFile('tArea', big);
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({ code: ERROR_CODES.TOO_LARGE, msg: '文件大小不能超过10MB' });
        const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`片区${i}`, `C${i}`]);
        const many = await importFile('tArea', await workbook(['片区名称', '片区编码'], rows));
        expect(many.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: `一次最多导入${MAX_IMPORT_ROWS}行，请拆分后分批导入` });
        expect(await count('t_area')).toBe(0);
      });
    });

    describe('every entity with Excel calls', () => {
      let parentSeq = 100;
      const visitor = sampleVisitor(() => t);
      for (const def of ENTITIES) {
        if (!def.calls.export?.length || !def.calls.import?.length || def.excel === false) continue;
        it(`${def.name} (${def.label}): export → import round trip leaves the records unchanged`, async () => {
          const saveName = def.calls.save?.[0] ?? def.calls.create![0];
          // Required refs point at parents made for this test (districts are cleared before each).
          const parents = new Map<string, Row>();
          const createParent = async (d: typeof def, record: Row) => {
            const res = await t.call(`/api/${d.name}/${d.calls.save?.[0] ?? d.calls.create![0]}`, record, { token });
            expect(res.body, `${d.name} parent`).toMatchObject({ code: '200' });
            return res.body.data as Row;
          };
          const created: string[] = [];
          for (const n of [1, 2]) {
            const record = await sampleWithRefs(def, n, createParent, parents, () => ++parentSeq, visitor);
            const res = await t.call(`/api/${def.name}/${saveName}`, record, { token });
            expect(res.body, `${def.name} save`).toMatchObject({ code: '200' });
            created.push(res.body.data.id);
          }
          const params = [{ column: 'id', type: 'in', val: created }, { column: 'id', type: 'orderAsc' }];
          const page = async () => (await t.call(`/api/${def.name}/${def.calls.page![0]}`, { pageNo: 0, pageSize: 0, params }, { token })).body.data.list as Row[];
          const before = await page();
          const file = await t.app.inject({ method: 'POST', url: `/api/${def.name}/${def.calls.export![0]}`, headers: { token }, payload: { params } });
          expect(file.statusCode).toBe(200);
          const { header } = await readSheet(file.rawPayload);
          expect(header).toEqual(excelColumns(def).map((c) => c.header));
          const body = multipart([{ name: 'file', filename: `${def.label}.xlsx`, content: file.rawPayload }]);
          const res = await t.app.inject({ method: 'POST', url: `/api/${def.name}/${def.calls.import![0]}`, headers: { ...body.headers, token }, payload: body.payload });
          expect(res.json(), `${def.name} import`).toMatchObject({ code: '200', data: { created: 0, updated: 2 } });
          expect((await page()).map(content)).toEqual(before.map(content));
        });
      }
    });

    describe('progress', () => {
      const areaDef = entityByName('tArea')!;
      const run = async (rows: unknown[][]) => {
        const seen: [number, number, string | undefined][] = [];
        const file = await workbook(AREA_HEADER, rows);
        const db = t.db.db as unknown as AnyDb;
        const sheet = await readImportSheet(file, areaDef);
        const outcome = await importWorkbook(db, areaDef, sheet, null, (trx, raw) => saveRecord(trx, areaDef, raw, null, 'save'), t.app.log, {
          onProgress: (done, total, stage) => seen.push([done, total, stage]),
        }).catch((err: unknown) => err);
        return { seen, outcome };
      };
      const areaRow = (i: number) => [null, `进度片区${i}`, `P${String(i).padStart(3, '0')}`, null, null, '启用', i, null, null, null];

      it('reports the rows read, then checked, then saved, in that order', async () => {
        const { seen, outcome } = await run(Array.from({ length: 250 }, (_, i) => areaRow(i)));
        expect(outcome).toEqual({ created: 250, updated: 0 });
        const stages = seen.map(([, , stage]) => stage);
        // Stages come in order, each at least at its start and its end.
        expect([...new Set(stages)]).toEqual(['read', 'check', 'save']);
        expect(stages.indexOf('check')).toBeGreaterThan(stages.lastIndexOf('read'));
        expect(stages.indexOf('save')).toBeGreaterThan(stages.lastIndexOf('check'));
        expect(seen[0]).toEqual([250, 250, 'read']);
        expect(seen.filter(([, , s]) => s === 'save')).toEqual([[0, 250, 'save'], [100, 250, 'save'], [200, 250, 'save'], [250, 250, 'save']]);
        expect(await count('t_area')).toBe(250);
      });

      it('reports the rows read batch by batch as the worker streams the sheet', async () => {
        const file = await workbook(AREA_HEADER, Array.from({ length: 2 * SHEET_BATCH_ROWS + 7 }, (_, i) => areaRow(i)));
        const read: number[] = [];
        const sheet = await t.app.workers.readSheet({ data: file, entity: areaDef.name, options: {} }, (n) => read.push(n));
        expect(read).toEqual([SHEET_BATCH_ROWS, 2 * SHEET_BATCH_ROWS, 2 * SHEET_BATCH_ROWS + 7]);
        expect(sheet.rows).toHaveLength(2 * SHEET_BATCH_ROWS + 7);
      });

      it('a refused row still rolls every row back, reported by row in order', async () => {
        // Row 3 (the 2nd data row) has a duplicate code (refused on save), row 4 a bad status (refused on check).
        const rows = [areaRow(1), areaRow(1), [...areaRow(2).slice(0, 5), '不存在的状态', ...areaRow(2).slice(6)], areaRow(3)];
        const { seen, outcome } = await run(rows);
        expect(outcome).toMatchObject({ code: ERROR_CODES.VALIDATION });
        const errors = (outcome as { data: { errors: { row: number }[] } }).data.errors;
        expect(errors.map((e) => e.row)).toEqual([3, 4]);
        expect(seen.map(([, , s]) => s)).toContain('save');
        expect(await count('t_area')).toBe(0);
      });
    });
  });
}
