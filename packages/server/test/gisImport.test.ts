/**
 * Surveyors' files through fileToGeoJson: a shapefile without .prj asks for the coordinate system
 * (the readings, likeliest first) and, once chosen, matches GDAL's reprojection; coordinates that
 * do not fit the declared system are refused with the readings that would; empty or broken files
 * answer in Chinese; skipped parts are named.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { crsFromEpsg, crsToEsriWkt, haversineMeters, polygonsOf, type ParcelGeometry, type Position } from '@land/shared/geo/index';
import { buildZip, readZipEntries, writeShapefileZip } from '../src/gis/index';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { multipart, type Part } from './helpers/multipart';

const HANGZHOU: ParcelGeometry = {
  type: 'Polygon',
  coordinates: [[[120.301, 30.301], [120.304, 30.301], [120.304, 30.3035], [120.3025, 30.304], [120.301, 30.3035], [120.301, 30.301]]],
};

/** A zipped shapefile of HANGZHOU in `epsg`, with its .prj left out when `prj` is false. */
async function shapefile(epsg: number, prj: boolean): Promise<Buffer> {
  const zip = await writeShapefileZip([{ geometry: HANGZHOU, properties: { DKMC: '测试地块' } }], { crs: crsFromEpsg(epsg)!, baseName: 'zd' });
  const entries = await readZipEntries(zip, (n) => prj || !n.endsWith('.prj'), { maxUncompressedBytes: 1e8, maxEntries: 100 });
  return buildZip(Object.fromEntries(entries));
}

/** GDAL's reading of a zipped shapefile declared as `epsg`, reprojected to CGCS2000 lon-lat. */
function gdalLonLat(zip: Buffer, epsg: number): Position[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gis-import-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.zip'), zip);
    const out = path.join(dir, 'out.geojson');
    const run = spawnSync('ogr2ogr', ['-f', 'GeoJSON', '-s_srs', `EPSG:${epsg}`, '-t_srs', 'EPSG:4490', '-lco', 'COORDINATE_PRECISION=10', out, `/vsizip/${path.join(dir, 'in.zip')}`], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const fc = JSON.parse(fs.readFileSync(out, 'utf8')) as { features: { geometry: ParcelGeometry }[] };
    return polygonsOf(fc.features[0].geometry)[0][0];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Reading {
  epsg: number;
  swapXY: boolean;
  label: string;
  lonLat: Position;
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`surveyors' files through fileToGeoJson [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => {
      await t?.close();
    });

    const convert = async (filename: string, content: Buffer | string, fields: Record<string, string> = {}) => {
      const parts: Part[] = [...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename, content }];
      const body = multipart(parts);
      const res = await t.app.inject({ method: 'POST', url: '/openApi/ConvertController/fileToGeoJson', headers: body.headers, payload: body.payload });
      return { status: res.statusCode, body: res.json() };
    };

    it('a shapefile without .prj asks for the coordinate system, likeliest first, and the chosen one matches GDAL', async () => {
      for (const epsg of [4528, 4549]) {
        // 4528: CGCS2000 3° zone 40 with the zone number in the easting; 4549: the same without.
        const zip = await shapefile(epsg, false);
        const refused = await convert('zd.zip', zip);
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe(ERROR_CODES.VALIDATION);
        expect(refused.body.msg).toBe('缺少 .prj 文件，无法确定坐标系，请选择文件所用的坐标系');
        const readings = refused.body.data.crsReadings as Reading[];
        // With the zone number in the easting, the zone is known: CGCS2000 first. Without it any
        // zone may be meant: all are offered, the zone landing nearest the office's map centre
        // (setting mapCenterLon, 120.25 by default) first.
        const reading = readings[0];
        expect(reading).toMatchObject({ epsg, swapXY: false });
        expect(reading.label).toMatch(/^CGCS2000 3度带.*第40带/);
        if (epsg === 4549) expect(readings.length).toBeGreaterThan(30);
        // Xi'an 80 and Beijing 54 of the same zone are offered too, and each lands in China.
        expect(readings.map((r) => r.epsg)).toEqual(expect.arrayContaining(epsg === 4528 ? [2364, 2416] : [2385, 2437]));
        expect(haversineMeters(reading.lonLat, HANGZHOU.coordinates[0][0] as Position)).toBeLessThan(0.01);

        const chosen = await convert('zd.zip', zip, { crs: String(reading.epsg) });
        expect(chosen.status).toBe(200);
        expect(chosen.body.data.crs.epsg).toBe(epsg);
        const ours = polygonsOf(chosen.body.data.features[0].geometry as ParcelGeometry)[0][0];
        const gdal = gdalLonLat(zip, epsg);
        expect(ours.length).toBe(gdal.length);
        // Same vertices (our output winds RFC 7946 counter-clockwise; compare as sets).
        for (const p of gdal) expect(Math.min(...ours.map((q) => haversineMeters(p, q)))).toBeLessThan(0.005);
      }
    });

    it("coordinates that do not fit the .prj are not accepted: the readings that would fit are offered, nothing is swapped silently", async () => {
      // Xi'an 80 3° zone 40 declared, the northing written as X (Chinese surveying's X).
      const zip = await shapefile(2364, false);
      const entries = await readZipEntries(zip, () => true, { maxUncompressedBytes: 1e8, maxEntries: 100 });
      const shp = Buffer.from(entries.get('zd.shp')!);
      // Swap X and Y of every point and of the bounding boxes (file header at 36, record at 108).
      const swapDoubles = (at: number) => {
        const x = shp.readDoubleLE(at);
        shp.writeDoubleLE(shp.readDoubleLE(at + 8), at);
        shp.writeDoubleLE(x, at + 8);
      };
      swapDoubles(36);
      swapDoubles(52);
      const numPoints = shp.readInt32LE(100 + 8 + 4 + 32 + 4);
      const pointsAt = 100 + 8 + 4 + 32 + 8 + 4 * shp.readInt32LE(100 + 8 + 4 + 32);
      for (let i = 0; i < numPoints; i++) swapDoubles(pointsAt + 16 * i);
      swapDoubles(112);
      swapDoubles(128);
      const bad = buildZip({ 'zd.shp': shp, 'zd.shx': entries.get('zd.shx')!, 'zd.dbf': entries.get('zd.dbf')!, 'zd.prj': new TextEncoder().encode(crsToEsriWkt(crsFromEpsg(2364)!)) });

      const refused = await convert('zd.zip', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toMatch(/^坐标与坐标系不符：按“西安80 3度带.*不在中国范围内/);
      const readings = refused.body.data.crsReadings as Reading[];
      const swapped = readings.find((r) => r.epsg === 2364 && r.swapXY);
      expect(swapped).toBeDefined();
      expect(haversineMeters(swapped!.lonLat, HANGZHOU.coordinates[0][0] as Position)).toBeLessThan(50);
      // The user's choice reads it, saying what was done.
      const chosen = await convert('zd.zip', bad, { crs: '2364', swapXY: '1' });
      expect(chosen.status).toBe(200);
      expect(chosen.body.data.warnings).toContain('已按所选读法将 X、Y 互换');
    });

    it('a ring that crosses itself is refused, and on request repaired into a boundary GDAL finds valid, with its area before and after', async () => {
      // A bow tie: two triangles of 0.01° × 0.005° meeting at (120.105, 30.105), wound opposite ways.
      const bowTie = { type: 'Polygon', coordinates: [[[120.1, 30.1], [120.11, 30.11], [120.11, 30.1], [120.1, 30.11], [120.1, 30.1]]] };
      const file = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { n: 1 }, geometry: bowTie }] });
      const refused = await convert('bow.geojson', file);
      expect(refused.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '文件中没有可导入的面：第1个要素第1个环自相交' });

      const repaired = await convert('bow.geojson', file, { repair: '1' });
      expect(repaired.status).toBe(200);
      const [r] = repaired.body.data.repaired as { index: number; problem: string; areaBefore: number; areaAfter: number }[];
      expect(r).toMatchObject({ index: 0, problem: '第1个环自相交' });
      // As written the two lobes cancel out; repaired, both count (two triangles of ≈ 267,000 m² each).
      expect(r.areaBefore).toBeLessThan(1000);
      expect(r.areaAfter).toBeGreaterThan(500_000);
      expect(r.areaAfter).toBeLessThan(560_000);
      expect(repaired.body.data.warnings).toContain(`第1个要素第1个环自相交，已修复：面积 ${r.areaBefore} ㎡ → ${r.areaAfter} ㎡`);

      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gis-repair-'));
      try {
        const out = path.join(dir, 'repaired.geojson');
        fs.writeFileSync(out, JSON.stringify({ type: 'FeatureCollection', features: repaired.body.data.features }));
        const valid = spawnSync('ogrinfo', ['-q', '-dialect', 'SQLite', '-sql', 'select ST_IsValid(geometry) as v, ST_Area(geometry) as a from repaired', out], { encoding: 'utf8' });
        expect(valid.status, valid.stderr).toBe(0);
        expect(valid.stdout).toMatch(/v \(Integer\) = 1/);
        // The file as it came is not valid for GDAL either.
        fs.writeFileSync(out, file);
        const before = spawnSync('ogrinfo', ['-q', '-dialect', 'SQLite', '-sql', 'select ST_IsValid(geometry) as v from repaired', out], { encoding: 'utf8' });
        expect(before.stdout).toMatch(/v \(Integer\) = 0/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('a file of the wrong kind says what it is and what is expected: Word, a shapefile zip missing parts, empty, no polygon', async () => {
      const expected = '请上传 zip 压缩的 Shapefile、GeoJSON 或 KML/KMZ 文件';
      const parts = 'Shapefile 须将同名的 .shp、.shx、.dbf、.prj（及 .cpg）文件一起压缩为 zip 后上传';
      const refused = async (filename: string, content: Buffer | string) => {
        const res = await convert(filename, content);
        expect(res.status, filename).toBe(400);
        expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
        return res.body.msg as string;
      };
      // A Word document, as it is or renamed: it is a zip, but not of a shapefile.
      const docx = buildZip({ '[Content_Types].xml': Buffer.from('<Types/>'), 'word/document.xml': Buffer.from('<w:document/>') });
      for (const name of ['界址说明.docx', '界址说明.zip', '界址说明.geojson']) {
        expect(await refused(name, docx)).toBe(`文件内容是 Word 文档，不是 GIS 数据：${expected}`);
      }
      // A shapefile zip without its .shp, its .dbf, or anything at all.
      const full = await shapefile(4490, true);
      const without = async (ext: string) => buildZip(Object.fromEntries(await readZipEntries(full, (n) => !n.endsWith(ext), { maxUncompressedBytes: 1e8, maxEntries: 100 })));
      const noShp = await refused('zd.zip', await without('.shp'));
      expect(noShp.startsWith('压缩包中缺少 .shp 文件（压缩包中只有 zd.shx、zd.dbf、zd.prj')).toBe(true);
      expect(noShp.endsWith(`）：${parts}`)).toBe(true);
      expect(await refused('zd.zip', await without('.dbf'))).toBe(`压缩包中缺少 .dbf 文件（zd.shp 的属性表）：${parts}`);
      expect(await refused('zd.zip', buildZip({}))).toBe(`压缩包是空的，没有任何文件：${parts}`);
      // Without .prj the file is read once the coordinate system is chosen (the readings are offered).
      expect((await convert('zd.zip', await without('.prj'))).body.data.crsReadings.length).toBeGreaterThan(0);
      // Empty files of every kind.
      expect(await refused('zd.zip', '')).toBe('zip 压缩包是空的，没有任何内容');
      expect(await refused('坐标.xlsx', '')).toBe('Excel 文件是空的，没有任何内容');
      expect(await refused('坐标.csv', '')).toBe('CSV 文件是空的，没有任何内容');
      // GeoJSON with no polygon: points or lines only, or no feature at all (it was read as a success).
      const fc = (...geometries: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features: geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })) });
      expect(await refused('p.geojson', fc({ type: 'Point', coordinates: [120.3, 30.3] }, { type: 'LineString', coordinates: [[120.3, 30.3], [120.31, 30.31]] }))).toBe(
        '不是面图层：文件中只有点、线，没有面（多边形）。请上传面图层（Polygon 或 MultiPolygon）',
      );
      expect(await refused('p.geojson', fc())).toBe('文件中没有任何要素：须至少含有一个面（地块边界）');
      // A .shp alone says how a shapefile is sent.
      expect(await refused('zd.shp', Buffer.alloc(100))).toBe(`不能单独上传 .shp 文件：${parts}`);
    });

    it('empty and broken files answer in Chinese; a skipped part of a geometry collection is named', async () => {
      const empty = await convert('a.geojson', '');
      expect(empty.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: 'GeoJSON 文件是空的，没有任何内容' });
      const broken = await convert('a.geojson', '{"type": "FeatureCollection", "features": [');
      expect(broken.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: 'GeoJSON 文件格式错误：不是有效的 JSON 文本（文件可能不完整或已损坏）' });
      const emptyKml = await convert('a.kml', '');
      expect(emptyKml.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: 'KML 文件是空的，没有任何内容' });
      const brokenKml = await convert('a.kml', '<kml><Document><Placemark>');
      expect(brokenKml.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: 'KML 文件格式错误：不是有效的 XML 文本（文件可能不完整或已损坏）' });
      for (const res of [empty, broken, emptyKml, brokenKml]) expect(res.body.msg).not.toMatch(/Unexpected|JSON input|token|position|expected|found/i);

      const collection = {
        type: 'Feature',
        properties: {},
        geometry: { type: 'GeometryCollection', geometries: [HANGZHOU, { type: 'Point', coordinates: [120.302, 30.302] }] },
      };
      const read = await convert('a.geojson', JSON.stringify(collection));
      expect(read.status).toBe(200);
      expect(read.body.data.features).toHaveLength(1);
      expect(read.body.data.warnings).toContain('第1个要素的几何集合中有非面部分，已跳过：点');
    });
  });
}
