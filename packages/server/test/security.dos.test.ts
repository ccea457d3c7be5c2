/**
 * Denial of service by crafted files: zip bombs whose headers declare small sizes, geometry of
 * thousands of parts, and files that exhaust a worker. Every one is refused (or converted)
 * without taking the server down, its memory stays bounded, and other requests are answered
 * while the heavy work runs in the worker pool (checked by the order in which answers arrive).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import { MAX_PARCEL_RINGS } from '@land/shared/geo/index';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { multipart, type Part } from './helpers/multipart';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';
import { inflatedBytes, zeroDeflate, zipOf, type Entry } from './helpers/zipBomb';

const MB = 1024 * 1024;

/** The uncompressed sizes a zip's central directory declares. */
function zipDeclares(zip: Buffer): number[] {
  const sizes: number[] = [];
  for (let p = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); p >= 0; p = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), p + 4)) sizes.push(zip.readUInt32LE(p + 24));
  return sizes;
}

/** 2 GB of zeros claiming to be 1,000 bytes. */
const BOMB = zeroDeflate(2048);
const bombEntry = (name: string): Entry => ({ name, data: BOMB, deflated: true, declared: 1000 });
const text = (name: string, s: string): Entry => ({ name, data: Buffer.from(s) });

const XLSX_BOMB = zipOf([
  text('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
  text('xl/workbook.xml', '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>'),
  bombEntry('xl/worksheets/sheet1.xml'),
]);
const SHP_BOMB = zipOf([bombEntry('a.shp'), text('a.dbf', '\x03'), text('a.prj', 'GEOGCS["GCS_China_Geodetic_Coordinate_System_2000"]')]);
const KMZ_BOMB = zipOf([bombEntry('doc.kml')]);

/**
 * Highest resident set size of this process (the server and its worker threads) since the last
 * reset, sampled every 10 ms; `suitePeak` over the whole file, for the report.
 */
let peakRss = 0;
let suitePeak = 0;
const sampler = setInterval(() => {
  const rss = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, rss);
  suitePeak = Math.max(suitePeak, rss);
}, 10);
afterAll(() => {
  clearInterval(sampler);
  console.log(`security.dos: highest RSS over the file ${Math.round(suitePeak / MB)} MB`);
});

/** `n` tiny squares 0.001° apart around (120.5, 30.3), one MultiPolygon. */
function manyParts(n: number, pointsPerRing = 4): string {
  const perRow = Math.ceil(Math.sqrt(n));
  const coordinates = Array.from({ length: n }, (_, i) => {
    const x = 120.5 + (i % perRow) * 0.001;
    const y = 30.3 + Math.floor(i / perRow) * 0.001;
    const r = 0.0002;
    // A small polygon of pointsPerRing corners around (x + r, y + r), closed.
    const ring = Array.from({ length: pointsPerRing }, (_, k) => {
      const a = (2 * Math.PI * k) / pointsPerRing + Math.PI / 4;
      return [Number((x + r + r * Math.SQRT2 * Math.cos(a)).toFixed(7)), Number((y + r + r * Math.SQRT2 * Math.sin(a)).toFixed(7))];
    });
    return [[...ring, ring[0]]];
  });
  return JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: '多部件' }, geometry: { type: 'MultiPolygon', coordinates } }] });
}

it('builds real bombs: a few MB that inflate to GBs while declaring 1,000 bytes', async () => {
  // BOMB is 2,048 copies of the 1 MB segment checked here on 64 of them.
  expect(await inflatedBytes(zeroDeflate(64))).toBe(64 * MB);
  expect(BOMB.length).toBe(zeroDeflate(2048).length);
  for (const file of [XLSX_BOMB, SHP_BOMB, KMZ_BOMB]) expect(file.length).toBeLessThan(3 * MB);
  expect(zipDeclares(XLSX_BOMB)).toContain(1000);
}, 60_000);

for (const dialect of DIALECTS) {
  describe.runIf(await dialectAvailable(dialect))(`denial of service by crafted files (${dialect})`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let dkid: string;

    beforeAll(async () => {
      // The default worker pool (2 threads, 256 MB heap each); rate limits raised for the suite's own many requests.
      t = await createTestApp(dialect, { rateLimits: loadConfig({ RATE_LIMIT_MULTIPLIER: '100' }).rateLimits });
      w = await parcelWorld(t);
      dkid = String((await w.createParcel({})).id);
    });
    afterAll(async () => t?.close());

    const upload = (url: string, parts: Part[], token?: string): InjectOptions => {
      const body = multipart(parts);
      return { method: 'POST', url, headers: { ...body.headers, ...(token ? { token } : {}) }, payload: body.payload };
    };

    /**
     * The light request: an unknown API path, which needs nothing but the event loop (no database
     * query), so the order shows whether the heavy work holds the event loop, not how busy the
     * database shared with the other test files is at that moment (with a database-backed light
     * request, a refusal taking 150 ms in the worker once beat it on PostgreSQL in CI).
     */
    const light = () => t.app.inject({ method: 'GET', url: '/openApi/dos-test-ping' });

    /**
     * Sends the heavy requests at once and, once they are under way, a light one; answers the
     * order in which all of them completed ('ping' for the light one) and their bodies.
     */
    async function race(heavy: InjectOptions[]) {
      // Once before: the security headers' policy is re-read from the database every few seconds.
      expect((await light()).statusCode).toBe(404);
      // Start from a collected heap (vitest runs this project with --expose-gc), so the peak
      // measures these requests rather than the garbage of the cases before them.
      (globalThis as { gc?: () => void }).gc?.();
      peakRss = process.memoryUsage().rss;
      const started = Date.now();
      const order: string[] = [];
      const answers = heavy.map((opts, i) =>
        t.app.inject(opts).then((res) => {
          order.push(`heavy${i}`);
          return res;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Heavy requests already answered before the light one was sent held nothing up.
      const doneBeforePing = order.length;
      const ping = await light().then((res) => {
        order.push('ping');
        return res;
      });
      const pingMs = Date.now() - started;
      const results = await Promise.all(answers);
      console.log(`security.dos: ${heavy.length} heavy request(s) took ${Date.now() - started} ms, the other request ${pingMs} ms; peak RSS ${Math.round(peakRss / MB)} MB`);
      return { order: order.slice(doneBeforePing), ping, results, peak: peakRss };
    }

    const cases: { label: string; request: () => InjectOptions }[] = [
      { label: 'xlsx to fileToGeoJson', request: () => upload('/openApi/ConvertController/fileToGeoJson', [{ name: 'file', filename: 'bomb.xlsx', content: XLSX_BOMB }]) },
      { label: 'zipped shapefile to fileToGeoJson', request: () => upload('/openApi/ConvertController/fileToGeoJson', [{ name: 'file', filename: 'bomb.zip', content: SHP_BOMB }]) },
      { label: 'kmz to fileToGeoJson', request: () => upload('/openApi/ConvertController/fileToGeoJson', [{ name: 'file', filename: 'bomb.kmz', content: KMZ_BOMB }]) },
      { label: 'xlsx to the staff Excel import', request: () => upload('/api/tArea/importExcel', [{ name: 'file', filename: 'bomb.xlsx', content: XLSX_BOMB }], w.tokens.admin) },
      { label: 'xlsx to the parcel template import', request: () => upload('/openApi/ExcelMainDispose/readWriterExcel', [{ name: 'file', filename: 'bomb.xlsx', content: XLSX_BOMB }], w.tokens.editor) },
      { label: 'xlsx to the pipe import', request: () => upload('/api/tPipenetwork/importFile', [{ name: 'dkid', value: dkid }, { name: 'file', filename: 'bomb.xlsx', content: XLSX_BOMB }], w.tokens.editor) },
      { label: 'zipped shapefile to the pipe import', request: () => upload('/api/tPipenetwork/importFile', [{ name: 'dkid', value: dkid }, { name: 'file', filename: 'bomb.zip', content: SHP_BOMB }], w.tokens.editor) },
      { label: 'kmz to the pipe import', request: () => upload('/api/tPipenetwork/importFile', [{ name: 'dkid', value: dkid }, { name: 'file', filename: 'bomb.kmz', content: KMZ_BOMB }], w.tokens.editor) },
    ];

    for (const c of cases) {
      it(`refuses two ${c.label} bombs at once with A0413, answering another request meanwhile`, async () => {
        const { order, ping, results, peak } = await race([c.request(), c.request()]);
        for (const res of results) {
          expect(res.statusCode, res.body).toBe(413);
          expect(res.json()).toMatchObject({ code: ERROR_CODES.TOO_LARGE });
          expect(res.json().msg).toMatch(/过大|超过/);
        }
        expect(ping.statusCode).toBe(404);
        expect(order[0]).toBe('ping');
        expect(peak).toBeLessThan(600 * MB);
      }, 120_000);
    }

    it('refuses a geometry of 12,000 parts at once, answering another request first', async () => {
      // Parts of 24 corners (about 7 MB): with squares (800 KB) the worker refused the file
      // within a few ms of the light request being sent, too close a race to show anything.
      const fc = manyParts(12_000, 24);
      expect(fc.length).toBeGreaterThan(6_000_000);
      const req = upload('/openApi/ConvertController/fileToGeoJson', [{ name: 'file', filename: 'parts.geojson', content: fc }]);
      const { order, ping, results } = await race([req]);
      expect(ping.statusCode).toBe(404);
      expect(order[0]).toBe('ping');
      expect(results[0].json()).toMatchObject({ code: ERROR_CODES.VALIDATION });
      expect(results[0].json().msg).toContain(`面和环过多（超过${MAX_PARCEL_RINGS}个）`);
    }, 120_000);

    it('converts a geometry of 9,000 parts, answering another request first', async () => {
      const req = upload('/openApi/ConvertController/fileToGeoJson', [{ name: 'file', filename: 'parts.geojson', content: manyParts(9000) }]);
      const { order, ping, results } = await race([req]);
      expect(ping.statusCode).toBe(404);
      expect(order[0]).toBe('ping');
      const body = results[0].json();
      expect(body.code, body.msg).toBe('200');
      expect(body.data.features[0].geometry.coordinates).toHaveLength(9000);
    }, 120_000);

    it('refuses a staff save of 12,000 parts with the same message', async () => {
      const geometry = JSON.parse(manyParts(12_000)).features[0].geometry;
      const res = await w.call('/api/tLandinfo/addOrUpdate', w.parcel({ geometry }));
      expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
      expect(res.body.msg).toContain('面和环过多');
    }, 60_000);

    it('is still up and converting after all of it', async () => {
      const fc = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[120.5, 30.3], [120.51, 30.3], [120.51, 30.31], [120.5, 30.3]]] } }] });
      const res = await t.app.inject(upload('/openApi/ConvertController/fileToGeoJson', [{ name: 'file', filename: 'ok.geojson', content: fc }]));
      expect(res.json()).toMatchObject({ code: '200' });
    }, 60_000);
  });
}

/** A GeoJSON of `n` small separate parcels (about 190 bytes each). */
function manyFeatures(n: number): string {
  const features = Array.from({ length: n }, (_, i) => {
    const x = 100 + (i % 1000) * 0.01;
    const y = 25 + Math.floor(i / 1000) * 0.01;
    return { type: 'Feature', properties: { n: i }, geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 0.005, y], [x + 0.005, y + 0.005], [x, y + 0.005], [x, y]]] } };
  });
  return JSON.stringify({ type: 'FeatureCollection', features });
}

const convertRequest = (filename: string, content: Buffer | string, ip = '127.0.0.1'): InjectOptions => {
  const body = multipart([{ name: 'file', filename, content }]);
  return { method: 'POST', url: '/openApi/ConvertController/fileToGeoJson', headers: body.headers, payload: body.payload, remoteAddress: ip };
};

for (const dialect of DIALECTS) {
  describe.runIf(await dialectAvailable(dialect))(`worker pool limits (${dialect})`, () => {
    it('a file over the worker heap limit ends that worker with A0413; the server goes on converting', async () => {
      const t = await createTestApp(dialect, { workers: { threads: 1, memoryMb: 96, jobTimeoutSeconds: 300, queue: 8 } });
      try {
        const big = manyFeatures(120_000);
        expect(big.length).toBeLessThan(30 * MB);
        const res = await t.app.inject(convertRequest('big.geojson', big));
        expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.TOO_LARGE, msg: '处理所需内存超过96MB，已停止：请拆分文件或缩小范围后分批处理' });
        const small = await t.app.inject(convertRequest('small.geojson', manyFeatures(3)));
        expect(small.json()).toMatchObject({ code: '200' });
        expect(small.json().data.features).toHaveLength(3);
      } finally {
        await t.close();
      }
    }, 300_000);

    it('a job over the time limit is stopped with A0413 while other requests are answered', async () => {
      // A quarter of a second: 60,000 polygons took a little over 1 s to convert on earlier
      // machines, and once under 1 s on a faster one (the answer was then 200).
      const t = await createTestApp(dialect, { workers: { threads: 1, memoryMb: 512, jobTimeoutSeconds: 0.25, queue: 8 } });
      try {
        const res = await t.app.inject(convertRequest('slow.geojson', manyFeatures(60_000)));
        expect(res.statusCode).toBe(413);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.TOO_LARGE, msg: '处理时间超过0.25秒，已停止：请拆分文件或缩小范围后分批处理' });
        expect((await t.app.inject({ method: 'GET', url: '/openApi/config' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }, 300_000);

    it('a full queue answers A0429 at once, never 5xx', async () => {
      const t = await createTestApp(dialect, { workers: { threads: 1, memoryMb: 256, jobTimeoutSeconds: 300, queue: 1 } });
      try {
        const results = await Promise.all(Array.from({ length: 5 }, () => t.app.inject(convertRequest('bomb.zip', SHP_BOMB))));
        const codes = results.map((r) => r.json().code);
        expect(codes).toContain(ERROR_CODES.RATE_LIMITED);
        expect(codes).toContain(ERROR_CODES.TOO_LARGE);
        for (const r of results) {
          expect(r.statusCode).toBeLessThan(500);
          if (r.json().code === ERROR_CODES.RATE_LIMITED) expect(r.json().msg).toBe('服务器繁忙，请稍后再试');
        }
      } finally {
        await t.close();
      }
    }, 300_000);

    it('conversion, export and document limits come from the configuration (with RATE_LIMIT_MULTIPLIER) and are counted in the database', async () => {
      const rateLimits = loadConfig({ RATE_LIMIT_CONVERSIONS: '1', RATE_LIMIT_EXPORTS: '1', RATE_LIMIT_DOCUMENTS: '1', RATE_LIMIT_MULTIPLIER: '2' }).rateLimits;
      expect(rateLimits.conversion.limit).toBe(2);
      const t = await createTestApp(dialect, { rateLimits });
      try {
        const fc = manyFeatures(1);
        const convert = () => t.app.inject(convertRequest('a.geojson', fc, '198.51.100.7'));
        const exportShp = () => t.app.inject({ method: 'GET', url: '/openApi/exportShpfile', remoteAddress: '198.51.100.7' });
        const pdf = () => t.app.inject({ method: 'GET', url: '/openApi/ExcelMainDispose/createPdf?dkid=nothing', remoteAddress: '198.51.100.7' });
        for (const [send, message] of [
          [convert, '文件转换过于频繁，请稍后再试'],
          [exportShp, '导出过于频繁，请稍后再试'],
          [pdf, '生成文档过于频繁，请稍后再试'],
        ] as const) {
          expect((await send()).statusCode).toBeLessThan(429);
          expect((await send()).statusCode).toBeLessThan(429);
          const limited = await send();
          expect(limited.statusCode).toBe(429);
          expect(limited.json()).toMatchObject({ code: ERROR_CODES.RATE_LIMITED, msg: message });
          expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        }
        // Counted in t_rate_limit, so every server process on this database shares the counts.
        const keys = (await t.db.db.selectFrom('t_rate_limit').select('key').execute()).map((r) => r.key.split(':')[0]);
        expect(keys).toEqual(expect.arrayContaining(['conversion', 'export', 'documents']));
        // Another address has its own budget.
        expect((await t.app.inject(convertRequest('a.geojson', fc, '198.51.100.8'))).json()).toMatchObject({ code: '200' });
      } finally {
        await t.close();
      }
    }, 120_000);
  });
}
