import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import {
  crsFromEpsg,
  geodesicArea,
  haversineMeters,
  polygonsOf,
  type FeatureProperties,
  type ParcelFeature,
  type ParcelGeometry,
  type Position,
  type Ring,
} from '@land/shared/geo/index';
import {
  GisFileError,
  dbfFieldNames,
  readDbf,
  readGisFile,
  toGeoJson,
  toKml,
  writeShapefileZip,
  writeShp,
} from '../src/gis/index';

// ---------------------------------------------------------------- helpers

const enc = new TextEncoder();

const ESRI_4490 =
  'GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';
const ESRI_4528 =
  'PROJCS["CGCS2000_3_Degree_GK_Zone_40",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",40500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",120.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
const ESRI_ALBERS =
  'PROJCS["Asia_North_Albers_Equal_Area_Conic",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Albers"],PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",95.0],PARAMETER["Standard_Parallel_1",15.0],PARAMETER["Standard_Parallel_2",65.0],PARAMETER["Latitude_Of_Origin",30.0],UNIT["Meter",1.0]]';

const square = (lon: number, lat: number, d: number): Ring => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];

function zip(files: Record<string, Uint8Array | string>): Buffer {
  const z: Record<string, Uint8Array> = {};
  for (const [k, v] of Object.entries(files)) z[k] = typeof v === 'string' ? enc.encode(v) : v;
  return Buffer.from(zipSync(z));
}

function unzip(buf: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(buf));
}

/** A dBase III table built by hand, text encoded by `encode` (e.g. GBK through iconv-lite). */
function handDbf(fields: { name: string; type: 'C' | 'N'; length: number; decimals?: number }[], rows: (string | number)[][], encode: (s: string) => Uint8Array): Uint8Array {
  const headerLength = 32 + fields.length * 32 + 1;
  const recordLength = 1 + fields.reduce((s, f) => s + f.length, 0);
  const out = new Uint8Array(headerLength + rows.length * recordLength + 1).fill(0x20, headerLength);
  const view = new DataView(out.buffer);
  out[0] = 3;
  view.setUint32(4, rows.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  fields.forEach((f, i) => {
    out.fill(0, 32 + i * 32, 64 + i * 32);
    out.set(encode(f.name), 32 + i * 32);
    out[32 + i * 32 + 11] = f.type.charCodeAt(0);
    out[32 + i * 32 + 16] = f.length;
    out[32 + i * 32 + 17] = f.decimals ?? 0;
  });
  out[headerLength - 1] = 0x0d;
  rows.forEach((row, r) => {
    let p = headerLength + r * recordLength + 1;
    fields.forEach((f, i) => {
      const v = row[i];
      const bytes = f.type === 'C' ? encode(String(v)) : enc.encode(String(v).padStart(f.length, ' '));
      out.set(bytes.subarray(0, f.length), p);
      p += f.length;
    });
  });
  out[out.length - 1] = 0x1a;
  return out;
}

const gbk = (s: string) => new Uint8Array(iconv.encode(s, 'gbk'));

/** A point shapefile (type 1) with one point. */
function pointShp(x: number, y: number): Uint8Array {
  const out = new Uint8Array(100 + 8 + 20);
  const v = new DataView(out.buffer);
  v.setInt32(0, 9994, false);
  v.setInt32(24, out.length / 2, false);
  v.setInt32(28, 1000, true);
  v.setInt32(32, 1, true);
  v.setInt32(100, 1, false);
  v.setInt32(104, 10, false);
  v.setInt32(108, 1, true);
  v.setFloat64(112, x, true);
  v.setFloat64(120, y, true);
  return out;
}

function maxVertexError(a: ParcelGeometry, b: ParcelGeometry): number {
  const pa = polygonsOf(a);
  const pb = polygonsOf(b);
  expect(pb.length).toBe(pa.length);
  let worst = 0;
  pa.forEach((poly, i) => {
    expect(pb[i].length).toBe(poly.length);
    poly.forEach((ring, r) => {
      const other = pb[i][r];
      expect(other.length).toBe(ring.length);
      // rings may start at another vertex or run the other way: compare as vertex sets
      for (const p of ring) worst = Math.max(worst, Math.min(...other.map((q) => haversineMeters(p, q))));
    });
  });
  return worst;
}

async function expectGisError(p: Promise<unknown>, message: string): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GisFileError);
  expect((err as Error).message).toContain(message);
}

const SAMPLE: ParcelFeature[] = [
  {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [square(120.1234567, 30.2345678, 0.003), [...square(120.1244567, 30.2355678, 0.001)].reverse()] },
    properties: { dkbh: 'HZ-2024-001', 用途: '工业用地（一类）', area: 81234.56, mu: 121.85, years: 50, published: true, note: null },
  },
  {
    type: 'Feature',
    geometry: { type: 'MultiPolygon', coordinates: [[square(120.2, 30.3, 0.002)], [square(120.21, 30.3, 0.001)]] },
    properties: { dkbh: 'HZ-2024-002', 用途: '仓储用地', area: 45000, mu: 67.5, years: 50, published: false, note: '东至规划路，西至河道' },
  },
];

// ---------------------------------------------------------------- shapefile round trip

describe('shapefile round trip', () => {
  it('features → shapefile → features → shapefile → features keeps geometry within 1 cm and attributes', async () => {
    const zip1 = await writeShapefileZip(SAMPLE);
    const names = Object.keys(unzip(zip1)).sort();
    expect(names).toEqual(['parcels.cpg', 'parcels.dbf', 'parcels.prj', 'parcels.shp', 'parcels.shx', '字段说明.txt']);
    const read1 = await readGisFile(zip1, 'parcels.zip');
    expect(read1.crs.epsg).toBe(4490);
    expect(read1.encoding).toBe('utf-8');
    expect(read1.features).toHaveLength(2);
    const zip2 = await writeShapefileZip(read1.features);
    const read2 = await readGisFile(zip2, '地块.zip');
    for (const read of [read1, read2]) {
      read.features.forEach((f, i) => {
        expect(f.geometry.type).toBe(SAMPLE[i].geometry.type);
        expect(maxVertexError(SAMPLE[i].geometry, f.geometry)).toBeLessThan(0.01);
        expect(Math.abs(geodesicArea(f.geometry) - geodesicArea(SAMPLE[i].geometry))).toBeLessThan(0.01);
        expect(f.properties).toEqual(SAMPLE[i].properties);
      });
      expect(read.warnings).toEqual([]);
    }
    // the hole is still a hole, the exterior counter-clockwise (RFC 7946)
    const g = read2.features[0].geometry;
    expect(g.type === 'Polygon' && g.coordinates.length).toBe(2);
  });

  it('truncates long field names to 10 bytes uniquely and explains them in 字段说明.txt', async () => {
    expect(dbfFieldNames(['宗地面积', '宗地面积（亩）', 'parcel_code_long', 'PARCEL_CODE_LONGER', 'a b'])).toEqual([
      '宗地面',
      '宗地_1',
      'parcel_cod',
      'PARCEL_C_1',
      'a_b',
    ]);
    const buf = await writeShapefileZip(SAMPLE, {
      fields: [
        { name: 'dkbh', label: '宗地编号', type: 'string' },
        { name: '用途', label: '土地用途' },
        { name: 'area', label: '土地面积（平方米）', type: 'number', decimals: 2 },
        { name: 'years', label: '出让年限', type: 'integer' },
      ],
      baseName: 'dk',
    });
    const files = unzip(buf);
    const readme = new TextDecoder().decode(files['字段说明.txt']);
    expect(readme).toContain('dkbh\tdkbh\t宗地编号\t文本(C,11)');
    expect(readme).toContain('area\tarea\t土地面积（平方米）\t数值(N,8,2)');
    expect(readme).toContain('EPSG:4490');
    const table = readDbf(files['dk.dbf'], 'utf-8');
    expect(table.fields.map((f) => [f.name, f.type, f.length, f.decimals])).toEqual([
      ['dkbh', 'C', 11, 0],
      ['用途', 'C', 24, 0],
      ['area', 'N', 8, 2],
      ['years', 'N', 2, 0],
    ]);
    expect(table.rows[0]).toEqual({ dkbh: 'HZ-2024-001', 用途: '工业用地（一类）', area: 81234.56, years: 50 });
  });

  it('writes a Gauss-Krüger zone shapefile when asked and reads it back', async () => {
    const crs = crsFromEpsg(4528)!;
    const buf = await writeShapefileZip(SAMPLE, { crs });
    const files = unzip(buf);
    expect(new TextDecoder().decode(files['parcels.prj'])).toBe(ESRI_4528);
    const read = await readGisFile(buf, 'gk.zip');
    expect(read.crs.epsg).toBe(4528);
    expect(maxVertexError(SAMPLE[0].geometry, read.features[0].geometry)).toBeLessThan(0.01);
  });
});

// ---------------------------------------------------------------- encodings, projections

describe('shapefile reading', () => {
  function shapefileZip(dbf: Uint8Array, extra: Record<string, Uint8Array | string> = {}, prj: string | null = ESRI_4490): Buffer {
    const { shp, shx } = writeShp([{ type: 'Polygon', coordinates: [square(120.1, 30.2, 0.001)] }]);
    return zip({ 'a.shp': shp, 'a.shx': shx, 'a.dbf': dbf, ...(prj ? { 'a.prj': prj } : {}), ...extra });
  }

  it('reads a GBK .dbf without .cpg (field names and values)', async () => {
    const dbf = handDbf(
      [{ name: '名称', type: 'C', length: 40 }, { name: 'BH', type: 'C', length: 10 }, { name: '面积', type: 'N', length: 12, decimals: 2 }],
      [['开发区工业地块（东区）', 'A-01', 12345.67]],
      gbk,
    );
    const read = await readGisFile(shapefileZip(dbf), 'gbk.zip');
    expect(read.encoding).toBe('gbk');
    expect(read.features[0].properties).toEqual({ 名称: '开发区工业地块（东区）', BH: 'A-01', 面积: 12345.67 });
  });

  it('honours the .cpg', async () => {
    const dbf = handDbf([{ name: 'MC', type: 'C', length: 40 }], [['滨江区·科技园']], gbk);
    const read = await readGisFile(shapefileZip(dbf, { 'a.cpg': '936' }), 'cpg.zip');
    expect(read.features[0].properties.MC).toBe('滨江区·科技园');
    const dbf8 = handDbf([{ name: 'MC', type: 'C', length: 40 }], [['滨江区·科技园']], (s) => enc.encode(s));
    const read8 = await readGisFile(shapefileZip(dbf8, { 'a.cpg': 'UTF-8' }), 'cpg.zip');
    expect(read8.features[0].properties.MC).toBe('滨江区·科技园');
    const gb18030 = handDbf([{ name: 'MC', type: 'C', length: 40 }], [['𠀀地块']], (s) => new Uint8Array(iconv.encode(s, 'gb18030')));
    const read18 = await readGisFile(shapefileZip(gb18030, { 'a.cpg': 'GB18030' }), 'cpg.zip');
    expect(read18.features[0].properties.MC).toBe('𠀀地块');
  });

  it('places a CGCS2000 3° zone 40 file (EPSG:4528 .prj) within 1 m of the known point', async () => {
    // reference: lon 120, lat 30 ↔ (40 500 000, 3 320 113.398) by PROJ (cs2cs EPSG:4490 → EPSG:4528) and proj4
    const [x0, y0] = proj4('+proj=longlat +ellps=GRS80', '+proj=tmerc +lon_0=120 +k=1 +x_0=40500000 +ellps=GRS80 +units=m', [120, 30]);
    expect(Math.abs(y0 - 3_320_113.398)).toBeLessThan(0.01);
    const ring: Ring = [[x0, y0], [x0, y0 + 100], [x0 + 100, y0 + 100], [x0 + 100, y0], [x0, y0]]; // clockwise, as shapefiles
    const { shp, shx } = writeShp([{ type: 'Polygon', coordinates: [ring] }]);
    const dbf = handDbf([{ name: 'ZDBH', type: 'C', length: 10 }], [['330100001']], gbk);
    const read = await readGisFile(zip({ 'zd.shp': shp, 'zd.shx': shx, 'zd.dbf': dbf, 'zd.prj': ESRI_4528 }), 'zd.zip');
    expect(read.crs.epsg).toBe(4528);
    const g = read.features[0].geometry;
    const vertices = polygonsOf(g)[0][0];
    const nearest = Math.min(...vertices.map((p) => haversineMeters(p, [120, 30])));
    expect(nearest).toBeLessThan(1);
    expect(Math.abs(geodesicArea(g) - 10_000)).toBeLessThan(1);
  });

  it('reads a missing zone prefix with a warning; swapped X/Y is never fixed silently but offered as a reading', async () => {
    const plain: Ring = [[500_000, 3_320_113.398], [500_000, 3_320_213.398], [500_100, 3_320_213.398], [500_100, 3_320_113.398], [500_000, 3_320_113.398]];
    const dbf = handDbf([{ name: 'ID', type: 'N', length: 4 }], [[1]], gbk);
    const a = writeShp([{ type: 'Polygon', coordinates: [plain] }]);
    const read = await readGisFile(zip({ 'zd.shp': a.shp, 'zd.shx': a.shx, 'zd.dbf': dbf, 'zd.prj': ESRI_4528 }), 'zd.zip');
    expect(read.warnings.join('\n')).toContain('横坐标不带带号');
    expect(Math.min(...polygonsOf(read.features[0].geometry)[0][0].map((p) => haversineMeters(p, [120, 30])))).toBeLessThan(1);

    const swapped: Ring = plain.map(([x, y]) => [y, x]);
    const b = writeShp([{ type: 'Polygon', coordinates: [swapped] }]);
    const file = zip({ 'zd.shp': b.shp, 'zd.shx': b.shx, 'zd.dbf': dbf, 'zd.prj': ESRI_4528 });
    const err = await readGisFile(file, 'zd.zip').then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(GisFileError);
    expect((err as GisFileError).message).toMatch(/^坐标与坐标系不符：按“CGCS2000 3度带.*不在中国范围内/);
    const readings = ((err as GisFileError).data as { crsReadings: { epsg: number; swapXY: boolean; lonLat: [number, number] }[] }).crsReadings;
    // Swapped, the easting has no zone number: CGCS2000 3° zone 40 without it is EPSG:4549.
    const swappedReading = readings.find((r) => r.epsg === 4549 && r.swapXY);
    expect(haversineMeters(swappedReading!.lonLat, [120, 30])).toBeLessThan(1);
    expect(readings.some((r) => !r.swapXY)).toBe(false);
    // Chosen by the user, the swapped reading lands where it should.
    const chosen = await readGisFile(file, 'zd.zip', { crs: 4549, swapXY: true });
    expect(chosen.warnings).toContain('已按所选读法将 X、Y 互换');
    expect(Math.min(...polygonsOf(chosen.features[0].geometry)[0][0].map((p) => haversineMeters(p, [120, 30])))).toBeLessThan(1);
  });

  it("warns about Xi'an 80 coordinates", async () => {
    const prj = crsToPrj(2364);
    const { shp, shx } = writeShp([{ type: 'Polygon', coordinates: [[[40_500_000, 3_320_000], [40_500_000, 3_320_100], [40_500_100, 3_320_100], [40_500_100, 3_320_000], [40_500_000, 3_320_000]]] }]);
    const read = await readGisFile(zip({ 'x.shp': shp, 'x.shx': shx, 'x.dbf': handDbf([{ name: 'ID', type: 'N', length: 2 }], [[1]], gbk), 'x.prj': prj }), 'x.zip');
    expect(read.crs.datum).toBe('Xian80');
    expect(read.warnings[0]).toContain('西安80');
  });

  it('reads rings in shapefile order: clockwise exteriors, holes assigned to their exterior', async () => {
    const outer1: Ring = [...square(120.1, 30.2, 0.01)].reverse();
    const hole1: Ring = square(120.102, 30.202, 0.002);
    const outer2: Ring = [...square(120.2, 30.2, 0.01)].reverse();
    const hole2: Ring = square(120.202, 30.202, 0.002);
    // write raw rings in an unusual order: exterior, exterior, hole of the second, hole of the first
    const { shp, shx } = writeShp([{ type: 'MultiPolygon', coordinates: [[outer1], [outer2]] }]);
    const raw = rawPolygonShp([outer1, outer2, hole2, hole1]);
    const dbf = handDbf([{ name: 'ID', type: 'N', length: 2 }], [[1]], gbk);
    expect(shp.length).toBeGreaterThan(0);
    const read = await readGisFile(zip({ 'r.shp': raw, 'r.shx': shx, 'r.dbf': dbf, 'r.prj': ESRI_4490 }), 'r.zip');
    const g = read.features[0].geometry;
    expect(g.type).toBe('MultiPolygon');
    const parts = polygonsOf(g);
    expect(parts.map((p) => p.length)).toEqual([2, 2]);
    const first = parts.find((p) => p[0].some((q) => q[0] === 120.1))!;
    expect(first[1].some((q) => q[0] === 120.102)).toBe(true);
  });
});

function crsToPrj(code: number): string {
  const out = spawnSync('projinfo', [`EPSG:${code}`, '-o', 'WKT1_ESRI', '--single-line', '-q'], { encoding: 'utf8' });
  if (out.status === 0 && out.stdout.trim()) return out.stdout.trim();
  // as written by `projinfo EPSG:2364 -o WKT1_ESRI`
  return 'PROJCS["Xian_1980_3_Degree_GK_Zone_40",GEOGCS["GCS_Xian_1980",DATUM["D_Xian_1980",SPHEROID["Xian_1980",6378140.0,298.257]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",40500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",120.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
}

/** One polygon record holding the given rings as parts, in that order. */
function rawPolygonShp(rings: Ring[]): Uint8Array {
  const points = rings.reduce((s, r) => s + r.length, 0);
  const content = 44 + rings.length * 4 + points * 16;
  const out = new Uint8Array(100 + 8 + content);
  const v = new DataView(out.buffer);
  v.setInt32(0, 9994, false);
  v.setInt32(24, out.length / 2, false);
  v.setInt32(28, 1000, true);
  v.setInt32(32, 5, true);
  v.setInt32(100, 1, false);
  v.setInt32(104, content / 2, false);
  v.setInt32(108, 5, true);
  v.setInt32(144, rings.length, true);
  v.setInt32(148, points, true);
  let start = 0;
  rings.forEach((r, k) => {
    v.setInt32(152 + k * 4, start, true);
    start += r.length;
  });
  let q = 152 + rings.length * 4;
  for (const r of rings) for (const p of r) {
    v.setFloat64(q, p[0], true);
    v.setFloat64(q + 8, p[1], true);
    q += 16;
  }
  return out;
}

// ---------------------------------------------------------------- errors

describe('readGisFile errors', () => {
  const { shp, shx } = writeShp([{ type: 'Polygon', coordinates: [square(120.1, 30.2, 0.001)] }]);
  const dbf = handDbf([{ name: 'ID', type: 'N', length: 2 }], [[1]], gbk);

  it('missing .dbf, .shp, .prj', async () => {
    await expectGisError(readGisFile(zip({ 'a.shp': shp, 'a.shx': shx, 'a.prj': ESRI_4490 }), 'a.zip'), '压缩包中缺少 .dbf 文件');
    await expectGisError(readGisFile(zip({ 'a.dbf': dbf, 'a.prj': ESRI_4490 }), 'a.zip'), '缺少 .shp 文件');
    await expectGisError(readGisFile(zip({ 'a.shp': shp, 'a.shx': shx, 'a.dbf': dbf }), 'a.zip'), '缺少 .prj 文件，无法确定坐标系');
    // …unless the user names the system
    const read = await readGisFile(zip({ 'a.shp': shp, 'a.shx': shx, 'a.dbf': dbf }), 'a.zip', { crs: 4490 });
    expect(read.features).toHaveLength(1);
  });

  it('unknown projection', async () => {
    await expectGisError(
      readGisFile(zip({ 'a.shp': shp, 'a.shx': shx, 'a.dbf': dbf, 'a.prj': ESRI_ALBERS }), 'a.zip'),
      '无法识别的坐标系：Asia_North_Albers_Equal_Area_Conic',
    );
  });

  it('point layer', async () => {
    await expectGisError(
      readGisFile(zip({ 'p.shp': pointShp(120, 30), 'p.dbf': dbf, 'p.prj': ESRI_4490 }), 'p.zip'),
      '不是面图层：文件中只有点，没有面（多边形）。请上传面图层（Polygon 或 MultiPolygon）',
    );
    const points = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [120, 30] } }] });
    await expectGisError(readGisFile(Buffer.from(points), 'p.geojson'), '不是面图层：文件中只有点，没有面（多边形）。请上传面图层（Polygon 或 MultiPolygon）');
  });

  it('not a zip, unsupported type, too large', async () => {
    await expectGisError(readGisFile(Buffer.from('hello'), 'a.zip'), '文件不是有效的 zip 压缩包');
    await expectGisError(readGisFile(Buffer.from('hello'), 'a.dwg'), '不支持的文件类型');
    await expectGisError(readGisFile(Buffer.alloc(2048), 'a.zip', { maxFileBytes: 1024 }), '文件过大');
    const err = await readGisFile(Buffer.alloc(2048), 'a.zip', { maxFileBytes: 1024 }).catch((e: unknown) => e);
    expect((err as GisFileError).httpStatus).toBe(413);
  });

  it('refuses zip bombs and ".." paths', async () => {
    const bomb = zip({ 'a.shp': new Uint8Array(3 * 1024 * 1024), 'a.dbf': dbf, 'a.prj': ESRI_4490 });
    expect(bomb.length).toBeLessThan(20_000);
    await expectGisError(readGisFile(bomb, 'a.zip', { maxUncompressedBytes: 1024 * 1024 }), '文件过大');
    await expectGisError(readGisFile(zip({ '../a.shp': shp, 'a.dbf': dbf, 'a.prj': ESRI_4490 }), 'a.zip'), '不安全的路径');
  });

  it('reports invalid geometry per feature and refuses a file with none valid', async () => {
    const bowTie: Ring = [[120.1, 30.2], [120.11, 30.21], [120.11, 30.2], [120.1, 30.21], [120.1, 30.2]];
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { n: 1 }, geometry: { type: 'Polygon', coordinates: [square(120.1, 30.2, 0.001)] } },
        { type: 'Feature', properties: { n: 2 }, geometry: { type: 'Polygon', coordinates: [bowTie] } },
      ],
    };
    const read = await readGisFile(Buffer.from(JSON.stringify(fc)), 'a.geojson');
    expect(read.features).toHaveLength(1);
    expect(read.rejected).toEqual([{ index: 1, message: '第1个环自相交', properties: { n: 2 } }]);
    expect(read.warnings).toContain('第2个要素未导入：第1个环自相交');
    const projected = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[40500000, 3320113], [40500100, 3320113], [40500100, 3320213], [40500000, 3320113]]] } };
    await expectGisError(readGisFile(Buffer.from(JSON.stringify(projected)), 'a.geojson'), '坐标与坐标系不符：按“CGCS2000 经纬度”换算');
  });
});

// ---------------------------------------------------------------- GeoJSON and KML

describe('GeoJSON and KML', () => {
  it('reads GeoJSON with a crs member and writes RFC 7946 output', async () => {
    const [x, y] = proj4('+proj=longlat +ellps=GRS80', '+proj=tmerc +lon_0=120 +k=1 +x_0=40500000 +ellps=GRS80', [120.3, 30.2]);
    const ring: Position[] = [[x, y], [x + 50, y], [x + 50, y + 50], [x, y + 50], [x, y]];
    const doc = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4528' } },
      features: [{ type: 'Feature', id: 'a', properties: { 名称: '测试', meta: { k: 1 } }, geometry: { type: 'Polygon', coordinates: [ring] } }],
    };
    const read = await readGisFile(Buffer.from(JSON.stringify(doc)), 'a.geojson');
    expect(read.crs.epsg).toBe(4528);
    expect(read.features[0].id).toBe('a');
    expect(read.features[0].properties).toEqual({ 名称: '测试', meta: '{"k":1}' });
    expect(haversineMeters(polygonsOf(read.features[0].geometry)[0][0][0], [120.3, 30.2])).toBeLessThan(0.01);
    const out = JSON.parse(toGeoJson(read.features));
    expect(out.type).toBe('FeatureCollection');
    const again = await readGisFile(Buffer.from(JSON.stringify(out)), 'b.json');
    expect(maxVertexError(read.features[0].geometry, again.features[0].geometry)).toBeLessThan(0.001);
    await expectGisError(
      readGisFile(Buffer.from(JSON.stringify({ ...doc, crs: { type: 'name', properties: { name: 'EPSG:2000' } } })), 'a.geojson'),
      '无法识别的坐标系：EPSG:2000',
    );
  });

  it('KML: writes and reads back placemarks with attributes, holes and MultiGeometry', async () => {
    const kml = toKml(SAMPLE, { nameField: 'dkbh' });
    expect(kml).toContain('<name>HZ-2024-001</name>');
    expect(kml).toContain('<Data name="用途"><value>工业用地（一类）</value></Data>');
    const read = await readGisFile(Buffer.from(kml), 'parcels.kml');
    expect(read.crs.epsg).toBe(4326);
    expect(read.features).toHaveLength(2);
    expect(read.features[0].properties.用途).toBe('工业用地（一类）');
    expect(read.features[0].properties.name).toBe('HZ-2024-001');
    expect(read.features[1].geometry.type).toBe('MultiPolygon');
    read.features.forEach((f, i) => expect(maxVertexError(SAMPLE[i].geometry, f.geometry)).toBeLessThan(0.01));
    const kmz = zip({ 'doc.kml': kml });
    expect((await readGisFile(kmz, 'parcels.kmz')).features).toHaveLength(2);
  });

  it('KML: SchemaData / nested folders, and refuses entity definitions', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>地块</name><Folder>
<Placemark><name>一号 &amp; 二号</name><ExtendedData><SchemaData schemaUrl="#s"><SimpleData name="DKBH">A-01</SimpleData><SimpleData name="用途">工业</SimpleData></SchemaData></ExtendedData>
<MultiGeometry><Point><coordinates>120.1,30.2</coordinates></Point><Polygon><outerBoundaryIs><LinearRing><coordinates>
120.1,30.2,0 120.101,30.2,0 120.101,30.201,0 120.1,30.201,0 120.1,30.2,0
</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry></Placemark>
</Folder></Folder></Document></kml>`;
    const read = await readGisFile(Buffer.from(kml), 'a.kml');
    expect(read.features[0].properties).toEqual({ name: '一号 & 二号', DKBH: 'A-01', 用途: '工业' });
    const evil = '<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaa">]><kml><Document/></kml>';
    await expectGisError(readGisFile(Buffer.from(evil), 'a.kml'), '实体');
  });
});

// ---------------------------------------------------------------- GDAL cross-check

const hasOgr = spawnSync('ogrinfo', ['--version']).status === 0;
const requireOgr = process.env.CI === 'true';

describe('GDAL cross-check (gdal-bin)', () => {
  it.skipIf(!hasOgr && !requireOgr)('ogrinfo reads the written shapefile: count, CRS and Chinese values', async () => {
    if (!hasOgr) throw new Error('ogrinfo not found: CI must install gdal-bin (apt-get install -y gdal-bin)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gis-ogr-'));
    try {
      const files = unzip(await writeShapefileZip(SAMPLE));
      for (const [name, data] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), data);
      const shp = path.join(dir, 'parcels.shp');
      const so = spawnSync('ogrinfo', ['-al', '-so', shp], { encoding: 'utf8' });
      expect(so.status).toBe(0);
      expect(so.stdout).toMatch(/Feature Count: 2/);
      expect(so.stdout).toMatch(/Geometry: (Multi )?Polygon/);
      expect(so.stdout).toMatch(/China Geodetic Coordinate System 2000|China_2000|CGCS2000/);
      expect(so.stdout).toMatch(/用途: String \(24\.0\)/);
      const all = spawnSync('ogrinfo', ['-al', shp], { encoding: 'utf8' });
      expect(all.status).toBe(0);
      expect(all.stdout).toContain('用途 (String) = 工业用地（一类）');
      expect(all.stdout).toContain('note (String) = 东至规划路，西至河道');
      expect(all.stdout).toMatch(/area \(Real\) = 81234\.56/);
      expect(all.stdout).toMatch(/published \(Integer\(Boolean\)\) = 1|published \(Integer\) = 1|published \(String\) = T/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!hasOgr && !requireOgr)('reads shapefiles written by ogr2ogr: GBK without .cpg, and reprojected to EPSG:4528', async () => {
    if (!hasOgr) throw new Error('ogr2ogr not found: CI must install gdal-bin (apt-get install -y gdal-bin)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gis-ogr2ogr-'));
    try {
      const src = path.join(dir, 'src.geojson');
      const props: FeatureProperties = { 名称: '临港产业园三号地块', BH: 'LG-03' };
      const g: ParcelGeometry = { type: 'Polygon', coordinates: [square(121.9, 30.9, 0.004)] };
      fs.writeFileSync(src, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: props, geometry: g }] }));
      const gbkDir = path.join(dir, 'gbk');
      let r = spawnSync('ogr2ogr', ['-f', 'ESRI Shapefile', '-a_srs', 'EPSG:4490', '-lco', 'ENCODING=CP936', gbkDir, src], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const read = async (d: string) => {
        const entries: Record<string, Uint8Array> = {};
        for (const name of fs.readdirSync(d)) if (!name.endsWith('.cpg')) entries[name] = fs.readFileSync(path.join(d, name));
        return readGisFile(zip(entries), 'ogr.zip');
      };
      const fromGbk = await read(gbkDir);
      expect(fromGbk.encoding).toBe('gbk');
      expect(fromGbk.features[0].properties.名称).toBe('临港产业园三号地块');
      expect(maxVertexError(g, fromGbk.features[0].geometry)).toBeLessThan(0.01);

      const gkDir = path.join(dir, 'gk');
      r = spawnSync('ogr2ogr', ['-f', 'ESRI Shapefile', '-s_srs', 'EPSG:4490', '-t_srs', 'EPSG:4528', gkDir, src], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const fromGk = await read(gkDir);
      expect(fromGk.crs.epsg).toBe(4528);
      expect(fromGk.features[0].properties.BH).toBe('LG-03');
      expect(maxVertexError(g, fromGk.features[0].geometry)).toBeLessThan(0.01);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
