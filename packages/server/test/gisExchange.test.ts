import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { crsFromEpsg, haversineMeters, polygonsOf, type ParcelGeometry, type Position } from '@land/shared/geo/index';
import { MAX_IMPORT_ROWS } from '../src/entities/excel';
import type { AnyDb } from '../src/entities/repository';
import { buildZip, readZipEntries, toKml, writeDbf, writeShapefileZip } from '../src/gis/index';
import { parcelImportWorkbook } from '../src/scale/workbook';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { multipart, type Part } from './helpers/multipart';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/** ogrinfo (gdal-bin) checks what GIS software reads; CI installs it, so there it must be present. */
function hasOgrinfo(): boolean {
  const found = spawnSync('ogrinfo', ['--version']).status === 0;
  if (!found && process.env.CI === 'true') throw new Error('ogrinfo (gdal-bin) is not installed (CI=true: not skipping)');
  if (!found) console.warn('\n!!! ogrinfo not found: skipping the GDAL checks on this machine (apt-get install gdal-bin)\n');
  return found;
}
const OGR = hasOgrinfo();

function ogrinfo(file: string): string {
  const res = spawnSync('ogrinfo', ['-ro', '-al', `/vsizip/${file}`], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`ogrinfo failed: ${res.stderr}`);
  return res.stdout;
}

function tmpFile(name: string, content: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-gis-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** Largest distance between corresponding vertices of two geometries, metres. */
function maxVertexError(a: ParcelGeometry, b: ParcelGeometry): number {
  const pa = polygonsOf(a).flat(2) as Position[];
  const pb = polygonsOf(b).flat(2) as Position[];
  if (pa.length !== pb.length) return Infinity;
  // Same rings may start at another vertex or run the other way: compare as sets.
  return Math.max(...pa.map((p) => Math.min(...pb.map((q) => haversineMeters(p, q)))));
}

/** A zipped polyline shapefile (type 3) with one two-point line per entry, CGCS2000 lon-lat. */
function polylineShapefile(lines: { coords: number[][]; props: Record<string, string> }[]): Buffer {
  const records = lines.map((l) => 44 + 4 + l.coords.length * 16);
  const shp = new Uint8Array(100 + records.reduce((a, c) => a + 8 + c, 0));
  const shx = new Uint8Array(100 + lines.length * 8);
  const sv = new DataView(shp.buffer);
  const xv = new DataView(shx.buffer);
  for (const [v, len] of [[sv, shp.length], [xv, shx.length]] as const) {
    v.setInt32(0, 9994, false);
    v.setInt32(24, len / 2, false);
    v.setInt32(28, 1000, true);
    v.setInt32(32, 3, true);
  }
  let p = 100;
  lines.forEach((l, i) => {
    xv.setInt32(100 + i * 8, p / 2, false);
    xv.setInt32(104 + i * 8, records[i] / 2, false);
    sv.setInt32(p, i + 1, false);
    sv.setInt32(p + 4, records[i] / 2, false);
    sv.setInt32(p + 8, 3, true);
    sv.setInt32(p + 44, 1, true);
    sv.setInt32(p + 48, l.coords.length, true);
    sv.setInt32(p + 52, 0, true);
    l.coords.forEach(([x, y], k) => {
      sv.setFloat64(p + 56 + k * 16, x, true);
      sv.setFloat64(p + 64 + k * 16, y, true);
    });
    p += 8 + records[i];
  });
  const keys = Object.keys(lines[0].props);
  const dbf = writeDbf(keys.map((k) => ({ name: k, key: k, type: 'C' as const, length: 60, decimals: 0 })), lines.map((l) => l.props));
  const prj = 'GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';
  return Buffer.from(zipSync({ 'pipes.shp': shp, 'pipes.shx': shx, 'pipes.dbf': dbf, 'pipes.prj': strToU8(prj), 'pipes.cpg': strToU8('UTF-8') }));
}

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('坐标');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`GIS exchange [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let published: Row[] = [];
    let drafts: Row[] = [];

    const convert = async (filename: string, content: Buffer | string, fields: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
      const parts: Part[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, content }];
      const body = multipart(parts);
      const res = await t.app.inject({ method: 'POST', url: '/openApi/ConvertController/fileToGeoJson', headers: body.headers, payload: body.payload, remoteAddress });
      return { status: res.statusCode, body: res.json() };
    };
    const publish = async (id: string) => {
      for (const action of ['submit', 'passFirst', 'publish']) {
        const res = await w.call('/api/tLandinfo/transition', { ids: [id], action });
        expect(res.body.code, res.body.msg).toBe('200');
      }
    };

    beforeAll(async () => {
      // The limit test names its addresses in X-Forwarded-For (believed from the local peer), so it does not use up the others' budget.
      t = await createTestApp(dialect, { trustProxy: ['127.0.0.1'] });
      w = await parcelWorld(t);
      for (let i = 0; i < 3; i++) {
        const p = await w.createParcel({ dkmc: `滨江智造园${i + 1}号地块`, location: `智造大道以东${i + 1}号`, owner: '临江土地储备中心', geometry: square(120.5 + i * 0.004, 30.3, 0.0021) });
        await publish(p.id as string);
        published.push(p);
      }
      drafts = [await w.createParcel({ dkmc: '录入中的地块', geometry: square(120.52, 30.31) })];
      published = published.map((p) => ({ ...p, status: 'published' }));
    });
    afterAll(async () => t?.close());

    describe('fileToGeoJson', () => {
      it('reads a zipped shapefile in a Gauss-Krüger zone and answers lon-lat with the CRS', async () => {
        const crs = crsFromEpsg(4528)!;
        const zip = await writeShapefileZip([{ geometry: square(120.5, 30.3) as ParcelGeometry, properties: { 编号: 'A-1', 名称: '测试' } }], { crs });
        const res = await convert('parcels.zip', zip);
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ type: 'FeatureCollection', crs: { epsg: 4528 }, rejected: [] });
        expect(res.body.data.crs.label).toContain('第40带');
        expect(res.body.data.features).toHaveLength(1);
        expect(res.body.data.features[0].properties).toMatchObject({ 编号: 'A-1', 名称: '测试' });
        expect(maxVertexError(res.body.data.features[0].geometry, square(120.5, 30.3) as ParcelGeometry)).toBeLessThan(0.01);
      });

      it('reads GeoJSON, KML and KMZ', async () => {
        const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: '甲' }, geometry: square(120.5, 30.3) }] };
        expect((await convert('a.geojson', JSON.stringify(fc))).body.data.features).toHaveLength(1);
        const kml = toKml([{ type: 'Feature', geometry: square(120.5, 30.3) as ParcelGeometry, properties: { name: '乙' } }]);
        const k = await convert('b.kml', kml);
        expect(k.body.data.features[0].properties.name).toBe('乙');
        expect(k.body.data.crs.epsg).toBe(4326);
        const kmz = Buffer.from(zipSync({ 'doc.kml': strToU8(kml) }));
        expect((await convert('c.kmz', kmz)).body.data.features).toHaveLength(1);
      });

      it('groups CSV rows by parcel code in row order, GBK text included', async () => {
        const csv = [
          '宗地编号,地块名称,点号,经度,纬度',
          'JD-01,一号地,1,120.5,30.3',
          'JD-01,一号地,2,120.502,30.3',
          'JD-01,一号地,3,120.502,30.302',
          'JD-01,一号地,4,120.5,30.302',
          'JD-02,二号地,1,120.51,30.3',
          'JD-02,二号地,2,120.512,30.3',
          'JD-02,二号地,3,120.511,30.302',
        ].join('\r\n');
        const res = await convert('界址点.csv', iconv.encode(csv, 'gbk'));
        expect(res.status).toBe(200);
        const features = res.body.data.features as { properties: Row; geometry: ParcelGeometry }[];
        expect(features.map((f) => f.properties.宗地编号)).toEqual(['JD-01', 'JD-02']);
        expect(features[0].properties).toEqual({ 宗地编号: 'JD-01', 地块名称: '一号地' });
        expect(polygonsOf(features[1].geometry)[0][0]).toHaveLength(4);
        expect(res.body.data.crs).toMatchObject({ epsg: 4490 });
      });

      it('takes projected X/Y with the crs field, and guesses the zone from a zone-numbered easting', async () => {
        const crs = crsFromEpsg(4528)!;
        const ring = square(120.5, 30.3).coordinates[0].slice(0, 4).map(([lon, lat]) => crs.fromLonLat(lon, lat));
        const csv = ['dkbh,x,y', ...ring.map(([x, y]) => `P1,${x},${y}`)].join('\n');
        const given = await convert('xy.csv', csv, { crs: '4528' });
        expect(given.body.data.crs.epsg).toBe(4528);
        expect(maxVertexError(given.body.data.features[0].geometry, square(120.5, 30.3) as ParcelGeometry)).toBeLessThan(0.01);
        const guessed = await convert('xy.csv', csv);
        expect(guessed.body.data.crs.epsg).toBe(4528);
        expect(guessed.body.data.warnings.join()).toContain('未指定坐标系');
        const plain = ['dkbh,x,y', ...ring.map(([x, y]) => `P1,${x - 40_000_000},${y}`)].join('\n');
        const refused = await convert('xy.csv', plain);
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toContain('请选择坐标系');
      });

      it('reads an Excel sheet with a WKT column, one parcel per row', async () => {
        const xlsx = await workbook([
          ['地块名称', 'WKT'],
          ['甲', 'POLYGON ((120.5 30.3, 120.502 30.3, 120.502 30.302, 120.5 30.302, 120.5 30.3))'],
          ['乙', 'MULTIPOLYGON (((120.51 30.3, 120.512 30.3, 120.512 30.302, 120.51 30.3)))'],
          ['丙', 'LINESTRING (120.5 30.3, 120.6 30.4)'],
        ]);
        const res = await convert('边界.xlsx', xlsx);
        expect(res.status).toBe(200);
        expect(res.body.data.features.map((f: { properties: Row }) => f.properties.地块名称)).toEqual(['甲', '乙']);
        expect(res.body.data.rejected).toHaveLength(1);
        expect(res.body.data.rejected[0].message).toContain('不是面');
      });

      it('explains what is wrong with a bad file and never answers 500', async () => {
        const noCoords = await convert('a.csv', '名称,面积\n甲,100\n');
        expect(noCoords).toMatchObject({ status: 400, body: { code: ERROR_CODES.VALIDATION } });
        expect(noCoords.body.msg).toContain('未找到经纬度列');
        const badNumber = await convert('a.csv', '宗地编号,经度,纬度\nA,120.5,30.3\nA,abc,30.3\nA,120.6,30.4\n');
        expect(badNumber.body.msg).toContain('坐标不是数字');
        expect((await convert('a.zip', 'not a zip')).body.msg).toBe('文件不是有效的 zip 压缩包');
        expect((await convert('a.geojson', '{')).body.msg).toContain('GeoJSON 文件格式错误');
        expect((await convert('a.pdf', '%PDF-1.7\n')).body.msg).toContain('不是 GIS 数据');
        expect((await convert('a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).body.msg).toContain('.xlsx');
        expect((await convert('a.zip', zipSync({ 'a.dbf': new Uint8Array(40) }) as unknown as Buffer)).body.msg).toBe(
          '压缩包中缺少 .shp 文件（压缩包中只有 a.dbf）：Shapefile 须将同名的 .shp、.shx、.dbf、.prj（及 .cpg）文件一起压缩为 zip 后上传',
        );
        const badCrs = await convert('a.geojson', '{}', { crs: 'abc' });
        expect(badCrs.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '坐标系应为 EPSG 代码，如 4490 或 4528' });
        const res = await t.app.inject({ method: 'POST', url: '/openApi/ConvertController/fileToGeoJson', payload: { file: 'x' } });
        expect(res.statusCode).toBe(400);
      });

      it('limits each address, and stores nothing', async () => {
        const count = async () => Number((await sql<{ n: number }>`select count(*) as n from t_landinfo`.execute(t.db.db)).rows[0].n);
        const before = await count();
        const fc = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: square(120.5, 30.3) }] });
        let last = 200;
        for (let i = 0; i < 40 && last !== 429; i++) last = (await convert('a.geojson', fc, {}, '203.0.113.9')).status;
        expect(last).toBe(429);
        expect((await convert('a.geojson', fc, {}, '203.0.113.10')).status).toBe(200);
        expect(await count()).toBe(before);
        expect(fs.readdirSync(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
      });
    });

    describe('exportShpfile', () => {
      it('public: published parcels only, public columns only, a zipped shapefile GIS software reads with Chinese values', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/openApi/exportShpfile' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="parcels_\d{4}-\d{2}-\d{2}\.zip"; filename\*=UTF-8''%E5%9C%B0%E5%9D%97_/);
        const zip = res.rawPayload;
        const { unzipSync } = await import('fflate');
        const entries = unzipSync(new Uint8Array(zip));
        expect(Object.keys(entries).sort()).toEqual(['parcels.cpg', 'parcels.dbf', 'parcels.prj', 'parcels.shp', 'parcels.shx', '字段说明.txt']);
        const readme = new TextDecoder().decode(entries['字段说明.txt']);
        expect(readme).toContain('DKMC\t地块名称');
        expect(readme).not.toContain('QSDW');
        if (OGR) {
          const out = ogrinfo(tmpFile('parcels.zip', zip));
          expect(out).toContain(`Feature Count: ${published.length}`);
          for (const p of published) expect(out).toContain(`DKMC (String) = ${String(p.dkmc)}`);
          expect(out).toContain('SSPQ (String) = 测试片区');
          expect(out).toContain('TDYT (String) = 一类工业用地');
          expect(out).not.toContain('录入中的地块');
          expect(out).not.toContain('临江土地储备中心');
          expect(out).toMatch(/GEOGCRS\["China Geodetic Coordinate System 2000"|GCS_China_Geodetic_Coordinate_System_2000|China_2000/);
        }
      });

      it('staff: every state and the internal columns', async () => {
        const res = await t.app.inject({ method: 'POST', url: '/api/tLandinfo/exportShpfile', headers: { token: w.tokens.admin }, payload: {} });
        expect(res.statusCode).toBe(200);
        if (OGR) {
          const out = ogrinfo(tmpFile('all.zip', res.rawPayload));
          expect(out).toContain(`Feature Count: ${published.length + drafts.length}`);
          expect(out).toContain('DKMC (String) = 录入中的地块');
          expect(out).toContain('QSDW (String) = 临江土地储备中心');
          expect(out).toContain('ZT (String) = 录入中');
        }
        expect((await t.app.inject({ method: 'POST', url: '/api/tLandinfo/exportShpfile', payload: {} })).json().code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      });

      it('honours the selectByPage conditions, on public columns only', async () => {
        const one = published[0];
        const params = JSON.stringify([{ column: 'dkbh', type: 'eq', val: one.dkbh }]);
        const res = await t.app.inject({ method: 'GET', url: `/openApi/exportShpfile?format=geojson&params=${encodeURIComponent(params)}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('application/geo+json');
        const fc = res.json();
        expect(fc.features).toHaveLength(1);
        expect(fc.features[0].properties).toMatchObject({ 地块名称: one.dkmc, 所属片区: '测试片区', 土地用途: '一类工业用地' });
        expect(fc.features[0].properties).not.toHaveProperty('状态');
        expect(fc.features[0].properties).not.toHaveProperty('权属单位');
        const refused = await t.call('/openApi/exportShpfile', { params: [{ column: 'owner', type: 'eq', val: '临江土地储备中心' }] });
        expect(refused).toMatchObject({ status: 400, body: { code: ERROR_CODES.VALIDATION, msg: '不支持按字段 owner 查询' } });
        expect((await t.call('/openApi/exportShpfile', { format: 'dwg' })).body.msg).toBe('导出格式 format 只能是 shp、geojson 或 kml');
      });

      it('KML for Google Earth and the like', async () => {
        const res = await t.app.inject({ method: 'POST', url: '/openApi/exportShpfile', payload: { format: 'kml' } });
        expect(res.headers['content-type']).toContain('kml');
        expect(res.body.match(/<Placemark>/g)).toHaveLength(published.length);
        expect(res.body).toContain(`<name>${String(published[0].dkmc)}</name>`);
      });

      it('round trip: export → fileToGeoJson keeps every boundary within 1 cm', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/openApi/exportShpfile?format=shp' });
        const back = await convert('export.zip', res.rawPayload);
        expect(back.status).toBe(200);
        const features = back.body.data.features as { properties: Row; geometry: ParcelGeometry }[];
        expect(features).toHaveLength(published.length);
        for (const p of published) {
          const f = features.find((x) => x.properties.DKBH === p.dkbh)!;
          expect(f.properties.DKMC).toBe(p.dkmc);
          expect(maxVertexError(f.geometry, p.geometry as ParcelGeometry)).toBeLessThan(0.01);
        }
      });

      it('exportGyjhShpfile: supply-plan parcels that have a boundary', async () => {
        const save = (body: Row) => w.call('/api/tGyjsyd/addOrUpdateGyjsyd', body);
        expect((await save({ planYear: 2025, parcelName: '临港物流园供地地块', gdfx: 'storage', areacode: 'T01', planArea: 30000, status: 'planned', geometry: square(120.56, 30.27) })).body.code).toBe('200');
        expect((await save({ planYear: 2025, parcelName: '没有边界的计划', gdfx: 'industrial', planArea: 1000, status: 'planned' })).body.code).toBe('200');
        const res = await t.app.inject({ method: 'GET', url: '/openApi/exportGyjhShpfile' });
        expect(res.statusCode).toBe(200);
        const { unzipSync } = await import('fflate');
        const readme = new TextDecoder().decode(unzipSync(new Uint8Array(res.rawPayload))['字段说明.txt']);
        expect(readme).toContain('要素数：1');
        expect(readme).toContain('另有 1 个符合条件的供地计划地块尚无边界');
        if (OGR) expect(ogrinfo(tmpFile('plan.zip', res.rawPayload))).toContain('GDFX (String) = 仓储物流');
      });
    });

    describe('readWriterExcel', () => {
      const url = '/openApi/ExcelMainDispose/readWriterExcel';
      const upload = async (content: Buffer, token: string | null, query = '') => {
        const body = multipart([{ name: 'file', filename: '地块.xlsx', content }]);
        const headers: Record<string, string> = { ...body.headers };
        if (token) headers.token = token;
        const res = await t.app.inject({ method: 'POST', url: `${url}${query}`, headers, payload: body.payload });
        return { status: res.statusCode, body: res.json() };
      };

      it('needs a staff session although it is under /openApi', async () => {
        expect((await t.call(url, {})).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
        expect((await upload(Buffer.from('x'), null)).body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
        expect((await upload(Buffer.from('x'), w.tokens.readonly)).body).toMatchObject({ code: ERROR_CODES.FORBIDDEN, msg: '只读账号不能导入数据' });
      });

      it('exports parcels with their boundary as WKT and imports them back unchanged', async () => {
        const params = JSON.stringify([{ column: 'dkmc', type: 'like', val: '滨江智造园' }]);
        const res = await t.app.inject({ method: 'GET', url: `${url}?params=${encodeURIComponent(params)}`, headers: { token: w.tokens.editor } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E5%9C%B0%E5%9D%97.xlsx");
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0];
        const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
        const geoCol = header.indexOf('地块边界') + 1;
        expect(geoCol).toBeGreaterThan(0);
        expect(String(ws.getRow(2).getCell(geoCol).value)).toMatch(/^POLYGON \(\(120\.5/);
        expect(header).toContain('所属片区');

        // Change the boundary of a draft-free copy: clear ids so the rows import as new parcels.
        const idCol = header.indexOf('编号') + 1;
        const codeCol = header.indexOf('宗地编号') + 1;
        ws.eachRow((row, n) => {
          if (n === 1) return;
          row.getCell(idCol).value = null;
          row.getCell(codeCol).value = `COPY-${n}`;
        });
        const copy = Buffer.from(await wb.xlsx.writeBuffer());
        const imported = await upload(copy, w.tokens.editor);
        expect(imported.body, imported.body.msg).toMatchObject({ code: '200', data: { created: published.length, updated: 0 } });
        const rows = await w.call('/api/tLandinfo/selectByPage', { pageSize: 50, params: [{ column: 'dkbh', type: 'like', val: 'COPY-' }] });
        expect(rows.body.data.total).toBe(published.length);
        for (const r of rows.body.data.list as Row[]) {
          const original = published.find((p) => p.dkmc === r.dkmc)!;
          expect(maxVertexError(r.geometry as ParcelGeometry, original.geometry as ParcelGeometry)).toBeLessThan(0.001);
          expect(r).toMatchObject({ areacode: 'T01', dlcode: '100101', status: 'draft' });
        }
      });

      it('the template lists only what a clerk fills in; an older one with the server\'s columns imports, those ignored', async () => {
        const headerOf = async (buf: Buffer) => {
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.load(buf as unknown as ArrayBuffer);
          return { wb, ws: wb.worksheets[0], header: (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String) };
        };
        const template = await headerOf((await t.app.inject({ method: 'POST', url, headers: { token: w.tokens.editor }, payload: { template: 1 } })).rawPayload);
        const serverFilled = ['编号', '状态', '交易状态', '发布时间', '最后修改人', '浏览次数', '图形面积（㎡）', '中心经度', '中心纬度', '最小经度', '最大纬度'];
        expect(template.header.filter((h) => serverFilled.includes(h))).toEqual([]);
        expect(template.header).toEqual(expect.arrayContaining(['宗地编号', '地块名称', '所属片区', '土地用途', '地块边界']));
        expect(template.ws.rowCount).toBe(1);

        // The template as it was: every column of an export (here of no parcel), the server's filled in.
        const nothing = JSON.stringify([{ column: 'dkbh', type: 'eq', val: 'NO-SUCH-PARCEL' }]);
        const old = await headerOf((await t.app.inject({ method: 'GET', url: `${url}?params=${encodeURIComponent(nothing)}`, headers: { token: w.tokens.editor } })).rawPayload);
        expect(old.header).toEqual(expect.arrayContaining(serverFilled));
        const put = (values: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(values)) old.ws.getRow(2).getCell(old.header.indexOf(k) + 1).value = v as ExcelJS.CellValue;
        };
        put({ 宗地编号: 'OLD-T1', 地块名称: '旧模板地块', 所属片区: '测试片区', 土地用途: '一类工业用地', 地块边界: JSON.stringify(square(120.62, 30.42)) });
        put({ 状态: '已发布', 发布时间: '2026-01-01 08:00:00', 浏览次数: 999, 最后修改人: '某人', 中心经度: 1, 编号: null });
        const res = await upload(Buffer.from(await old.wb.xlsx.writeBuffer()), w.tokens.editor);
        expect(res.body, res.body.msg).toMatchObject({ code: '200', data: { created: 1, updated: 0 } });
        const [saved] = (await w.call('/api/tLandinfo/selectByPage', { params: [{ column: 'dkbh', type: 'eq', val: 'OLD-T1' }] })).body.data.list as Row[];
        expect(saved).toMatchObject({ dkmc: '旧模板地块', status: 'draft', publishedAt: null, visitcount: 0 });
        expect(Number(saved.centerLon)).toBeCloseTo(120.625, 2);
      });

      it('imports all or nothing with a report per row, and accepts GeoJSON text', async () => {
        const template = await t.app.inject({ method: 'POST', url, headers: { token: w.tokens.editor }, payload: { template: 1 } });
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0];
        const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
        expect(ws.rowCount).toBe(1);
        const col = (label: string) => header.indexOf(label) + 1;
        const put = (n: number, values: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(values)) ws.getRow(n).getCell(col(k)).value = v as ExcelJS.CellValue;
        };
        put(2, { 宗地编号: 'NEW-1', 地块名称: '新地块一', 所属片区: '测试片区', 土地用途: '一类工业用地', 地块边界: JSON.stringify(square(120.6, 30.4)) });
        put(3, { 宗地编号: 'NEW-2', 地块名称: '新地块二', 所属片区: '不存在的片区', 土地用途: '一类工业用地', 地块边界: 'POLYGON ((1 2, 3 4))' });
        put(4, { 宗地编号: 'NEW-3', 地块名称: '新地块三', 所属片区: '测试片区', 土地用途: '一类工业用地', 地块边界: '一块地' });
        const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()), w.tokens.editor);
        expect(res.status).toBe(400);
        const msgs = (res.body.data.errors as { msg: string }[]).map((e) => e.msg);
        expect(msgs.some((m) => m.startsWith('第3行') && m.includes('所属片区'))).toBe(true);
        expect(msgs.some((m) => m.startsWith('第4行') && m.includes('WKT'))).toBe(true);
        expect((await w.call('/api/tLandinfo/selectByPage', { params: [{ column: 'dkbh', type: 'like', val: 'NEW-' }] })).body.data.total).toBe(0);

        for (const n of [3, 4]) ws.getRow(n).eachCell((c) => (c.value = null));
        const good = await upload(Buffer.from(await wb.xlsx.writeBuffer()), w.tokens.editor);
        expect(good.body).toMatchObject({ code: '200', data: { created: 1 } });
      });

      it('runs as a job with progress when asked (async=1)', async () => {
        const started = await t.call(url, { async: 1 }, { token: w.tokens.editor });
        expect(started.body.data.jobId).toMatch(/^[0-9a-f-]{36}$/);
        let status: Row = {};
        for (let i = 0; i < 100; i++) {
          status = (await t.call('/api/jobs/status', { jobId: started.body.data.jobId }, { token: w.tokens.editor })).body.data;
          if (status.state !== 'running') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(status).toMatchObject({ state: 'done', progress: 1 });
        const download = await t.app.inject({ method: 'GET', url: String((status.result as Row).downloadUrl), headers: { token: w.tokens.editor } });
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toContain('spreadsheetml');
        // Someone else's job is not there for them.
        expect((await t.call('/api/jobs/status', { jobId: started.body.data.jobId }, { token: w.tokens.admin })).body.code).toBe(ERROR_CODES.NOT_FOUND);

        const wb = await workbook([['宗地编号', '地块名称'], ['X', '']]);
        const body = multipart([{ name: 'async', value: '1' }, { name: 'file', filename: 'x.xlsx', content: wb }]);
        const failing = (await t.app.inject({ method: 'POST', url, headers: { ...body.headers, token: w.tokens.editor }, payload: body.payload })).json();
        for (let i = 0; i < 100; i++) {
          status = (await t.call('/api/jobs/status', { jobId: failing.data.jobId }, { token: w.tokens.editor })).body.data;
          if (status.state !== 'running') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(status).toMatchObject({ state: 'failed', error: { code: ERROR_CODES.VALIDATION } });
      });

      it('a large import shows its progress while it runs, and the server answers other requests meanwhile', async () => {
        const ROWS = 800;
        const file = await parcelImportWorkbook(t.db.db as unknown as AnyDb, ROWS, { prefix: 'LIVE', perDistrict: ROWS });
        const body = multipart([{ name: 'async', value: '1' }, { name: 'file', filename: 'big.xlsx', content: file }]);
        const started = (await t.app.inject({ method: 'POST', url, headers: { ...body.headers, token: w.tokens.editor }, payload: body.payload })).json();
        const jobId = String(started.data.jobId);
        const poll = async () => (await t.call('/api/jobs/status', { jobId }, { token: w.tokens.editor })).body.data as Row;
        const running: Row[] = [];
        let answeredDuring: { code: unknown; stillRunning: boolean } | undefined;
        let status: Row = {};
        for (let i = 0; i < 6000; i++) {
          status = await poll();
          if (status.state !== 'running') break;
          running.push(status);
          if (!answeredDuring && status.stage !== null && Number(status.processed) > 0) {
            // Another route, reading the parcels, is answered while the import is still going on.
            const page = await t.call('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 10 }, { token: w.tokens.admin });
            answeredDuring = { code: page.body.code, stillRunning: (await poll()).state === 'running' };
          }
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(status.error).toBeUndefined();
        expect(status).toMatchObject({ state: 'done', result: { created: ROWS, updated: 0 } });
        // The poll answered stages with counts before the end, not only 正在准备….
        const staged = running.filter((s) => s.stage !== null && Number(s.processed) > 0);
        expect(staged.length).toBeGreaterThan(0);
        // While the sheet streams in, the rows read so far are both counts (the total is not known yet).
        for (const s of staged) expect(s).toMatchObject(s.stage === 'read' ? { total: s.processed } : { total: ROWS });
        expect(answeredDuring).toEqual({ code: '200', stillRunning: true });
        const count = await (t.db.db as unknown as AnyDb).selectFrom('t_landinfo').select((eb) => eb.fn.countAll<number>().as('n')).where('dkbh', 'like', 'LIVE-%').executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(ROWS);
        // Generous: building and importing the workbook on a busy machine; nothing here is timed.
      }, 300_000);

      it('imports a template of the import limit (10,000 parcels) with the default worker limits', async () => {
        // The limits every server starts with: the workbook's worker must fit them (no env override here).
        expect(t.config.workers).toMatchObject({ memoryMb: 256, jobTimeoutSeconds: 60 });
        const file = await parcelImportWorkbook(t.db.db as unknown as AnyDb, MAX_IMPORT_ROWS, { prefix: 'MAX', perDistrict: 5000 });
        const res = await upload(file, w.tokens.editor);
        expect(res.body.msg).toBe(`导入成功：新增${MAX_IMPORT_ROWS}条，更新0条`);
        expect(res.body.data).toEqual({ created: MAX_IMPORT_ROWS, updated: 0 });
        const count = await (t.db.db as unknown as AnyDb).selectFrom('t_landinfo').select((eb) => eb.fn.countAll<number>().as('n')).where('dkbh', 'like', 'MAX-%').executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(MAX_IMPORT_ROWS);
        // Generous: a workbook of 10,000 boundaries built, read and saved on a busy machine; nothing here is timed.
      }, 900_000);
    });

    describe('pipe networks', () => {
      const importPipes = async (dkid: string, filename: string, content: Buffer, fields: Record<string, string> = {}) => {
        const body = multipart([{ name: 'dkid', value: dkid }, ...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, content }]);
        const res = await t.app.inject({ method: 'POST', url: '/api/tPipenetwork/importFile', headers: { ...body.headers, token: w.tokens.editor }, payload: body.payload });
        return { status: res.statusCode, body: res.json() };
      };
      const line = (coords: number[][], properties: Row) => ({ type: 'Feature', properties, geometry: { type: 'LineString', coordinates: coords } });

      it('imports a line layer with survey attributes, all or nothing', async () => {
        const dkid = String(drafts[0].id);
        const fc = {
          type: 'FeatureCollection',
          features: [
            line([[120.52, 30.31], [120.522, 30.31]], { GXMC: '纬四路给水管', GXLX: 'JS', GJ: 'DN400', 管材: '球墨铸铁' }),
            line([[120.52, 30.312], [120.522, 30.312]], { 管线类型: '燃气', 压力等级: '中压' }),
          ],
        };
        const res = await importPipes(dkid, 'pipes.geojson', Buffer.from(JSON.stringify(fc)));
        expect(res.body, res.body.msg).toMatchObject({ code: '200', data: { total: 2 } });
        const list = (await w.call('/api/tPipenetwork/selectPipeNetworkByDkId', { dkid })).body.data as Row[];
        expect(list).toEqual(expect.arrayContaining([
          expect.objectContaining({ name: '纬四路给水管', type: 'water', diameter: 400, material: '球墨铸铁', geometry: { type: 'LineString', coordinates: [[120.52, 30.31], [120.522, 30.31]] } }),
          expect.objectContaining({ name: '燃气管线2', type: 'gas', pressureClass: 'medium' }),
        ]));

        const bad = { type: 'FeatureCollection', features: [line([[120.52, 30.31], [120.53, 30.31]], { 名称: '甲', 类型: '给水' }), line([[120.52, 30.31], [120.53, 30.31]], { 名称: '乙' })] };
        const refused = await importPipes(dkid, 'pipes.geojson', Buffer.from(JSON.stringify(bad)));
        expect(refused.status).toBe(400);
        expect(refused.body.msg).toMatch(/^第2条：.*管线类型.*未保存任何记录/);
        expect((await w.call('/api/tPipenetwork/selectPipeNetworkByDkId', { dkid })).body.data).toHaveLength(2);
      });

      it('a line shapefile without .prj asks for the coordinate system, likeliest first, and imports with the one chosen', async () => {
        const dkid = String(drafts[0].id);
        const route: Position[] = [[120.52, 30.33], [120.523, 30.33], [120.523, 30.332], [120.52, 30.33]];
        // A polygon layer in CGCS2000 3° zone 40 (no zone number in the easting) made a polyline
        // layer: the two record layouts are the same, only the shape type differs (5 → 3).
        const zip = await writeShapefileZip([{ geometry: { type: 'Polygon', coordinates: [route] }, properties: { 名称: '测绘给水管', 类型: '给水' } }], { crs: crsFromEpsg(4549)!, baseName: 'gx' });
        const entries = await readZipEntries(zip, (n) => !n.endsWith('.prj'), { maxUncompressedBytes: 1e8, maxEntries: 100 });
        const shp = Buffer.from(entries.get('gx.shp')!);
        const shx = Buffer.from(entries.get('gx.shx')!);
        shp.writeInt32LE(3, 32);
        shp.writeInt32LE(3, 108);
        shx.writeInt32LE(3, 32);
        const lines = buildZip({ ...Object.fromEntries(entries), 'gx.shp': shp, 'gx.shx': shx });

        const refused = await importPipes(dkid, 'gx.zip', lines);
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '缺少 .prj 文件，无法确定坐标系，请选择文件所用的坐标系' });
        const readings = refused.body.data.crsReadings as { epsg: number; swapXY: boolean; label: string; lonLat: Position }[];
        // Any zone may be meant: the one landing nearest the office's map centre comes first.
        expect(readings[0]).toMatchObject({ epsg: 4549, swapXY: false });
        expect(readings[0].label).toMatch(/^CGCS2000 3度带.*第40带/);
        expect(readings.length).toBeGreaterThan(30);
        expect((await w.call('/api/tPipenetwork/selectPipeNetworkByDkId', { dkid })).body.data.some((p: Row) => p.name === '测绘给水管')).toBe(false);

        const chosen = await importPipes(dkid, 'gx.zip', lines, { crs: String(readings[0].epsg) });
        expect(chosen.body, chosen.body.msg).toMatchObject({ code: '200', data: { total: 1, crs: { epsg: 4549 } } });
        const saved = ((await w.call('/api/tPipenetwork/selectPipeNetworkByDkId', { dkid })).body.data as Row[]).find((p) => p.name === '测绘给水管');
        expect(saved).toMatchObject({ type: 'water', geometry: { type: 'LineString' } });
        const coords = (saved!.geometry as { coordinates: Position[] }).coordinates;
        expect(coords).toHaveLength(route.length);
        for (const p of route) expect(Math.min(...coords.map((q) => haversineMeters(p, q)))).toBeLessThan(0.01);
      });

      it('imports the pipe-network Excel template with the route as WKT', async () => {
        const dkid = String(drafts[0].id);
        const wb = await workbook([
          ['管线名称', '管线类型', '管径（mm）', '管线走向'],
          ['经三路污水管', '污水', 600, 'LINESTRING (120.52 30.318, 120.53 30.318)'],
        ]);
        const res = await importPipes(dkid, '管网.xlsx', wb);
        expect(res.body, res.body.msg).toMatchObject({ code: '200', data: { created: 1, updated: 0 } });
        const list = (await w.call('/api/tPipenetwork/selectPipeNetworkByDkId', { dkid })).body.data as Row[];
        expect(list.find((p) => p.name === '经三路污水管')).toMatchObject({ type: 'sewage', diameter: 600, dkid, geometry: { type: 'LineString', coordinates: [[120.52, 30.318], [120.53, 30.318]] } });
      });

      it('reads polyline shapefiles and refuses polygon layers', async () => {
        const dkid = String(drafts[0].id);
        const polygons = await writeShapefileZip([{ geometry: square(120.5, 30.3) as ParcelGeometry, properties: { 类型: '给水' } }]);
        const refused = await importPipes(dkid, 'p.zip', polygons);
        expect(refused.body.msg).toBe('不是线图层：文件中只有面，没有线。请上传线图层（LineString 或 MultiLineString）');
        const shp = polylineShapefile([{ coords: [[120.52, 30.315], [120.521, 30.316], [120.523, 30.316]], props: { GXMC: '雨水干管', GXLX: 'YS', GJ: '800' } }]);
        const res = await importPipes(dkid, 'pipes.zip', shp);
        expect(res.body, res.body.msg).toMatchObject({ code: '200', data: { total: 1, crs: { epsg: 4490 } } });
        expect(res.body.data.list[0]).toMatchObject({ name: '雨水干管', type: 'rain', diameter: 800, geometry: { type: 'LineString' } });
        const missing = await importPipes('nope', 'p.geojson', Buffer.from('{}'));
        expect(missing.body.code).toBe(ERROR_CODES.NOT_FOUND);
      });
    });
  });
}
