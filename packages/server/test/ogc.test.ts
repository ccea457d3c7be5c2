/**
 * GIS clients reading the platform directly: GDAL (ogrinfo / ogr2ogr, OAPIF and MVT drivers)
 * against the running platform (the app listening on a port), for the OGC API – Features under
 * /ogc and the public vector tiles' TileJSON and style.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VectorTile } from '@mapbox/vector-tile';
import { Validator } from '@seriousme/openapi-schema-validator';
import { PbfReader } from 'pbf';
import { ERROR_CODES } from '@land/shared/api';
import { crsFromEpsg, type ParcelGeometry, type Position } from '@land/shared/geo/index';
import { LAND_CLASS_COLORS, MARKET_STATE_COLORS } from '@land/shared/mapColors';
import type { AnyDb } from '../src/entities/repository';
import { tileOf } from '../src/services/tiles/mvt';
import { parcelBoxCondition } from '../src/services/tiles/store';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { square } from './helpers/parcels';
import { HIDDEN, publicWorld, type PublicWorld } from './helpers/publicWorld';

type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** GDAL is the client under test; CI installs gdal-bin, so there it must be present. */
function hasOgrinfo(): boolean {
  const found = spawnSync('ogrinfo', ['--version']).status === 0;
  if (!found && process.env.CI === 'true') throw new Error('ogrinfo (gdal-bin) is not installed (CI=true: not skipping)');
  if (!found) console.warn('\n!!! ogrinfo not found: skipping the GDAL client tests on this machine (apt-get install gdal-bin)\n');
  return found;
}
const OGR = hasOgrinfo();

const run = promisify(execFile);

/** GDAL runs as a child process while this process serves it, so never a synchronous spawn. */
async function gdal(tool: 'ogrinfo' | 'ogr2ogr', args: string[], env: Record<string, string> = {}): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout, stderr } = await run(tool, args, { env: { ...process.env, GDAL_HTTP_TIMEOUT: '60', CPL_CURL_VERBOSE: 'NO', ...env }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' });
    return { ok: true, out: `${stdout}\n${stderr}` };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}\n${e.stderr ?? ''}` };
  }
}

const PUBLISH = ['submit', 'passFirst', 'publish'];
const near = (a: number, b: number, tol = 1e-9) => Math.abs(a - b) <= tol;

function positions(g: ParcelGeometry): Position[] {
  const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  return polys.flat(2) as unknown as Position[];
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available || !OGR)(`GIS clients read the platform: OGC API – Features and TileJSON through GDAL [${dialect}]`, () => {
    let t: TestApp;
    let w: PublicWorld;
    let base: string;
    let dir: string;
    /** The public search's answer (every published parcel, newest first). */
    let search: Row[];
    let extra: Row[];

    const get = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(url.startsWith('http') ? url : `${base}${url}`, { headers });
      const body = await res.text();
      let json: Json = null;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      return { status: res.status, headers: res.headers, json, body };
    };
    const must = async (url: string, body: Row) => {
      const res = await w.call(url, body);
      if (res.body.code !== '200') throw new Error(`${url}: ${res.body.msg}`);
      return res.body.data as Row;
    };
    /** ogr2ogr a collection to GeoJSON and read it back. */
    const download = async (source: string, name: string, args: string[] = [], env: Record<string, string> = {}) => {
      const file = path.join(dir, `${name}.geojson`);
      const res = await gdal('ogr2ogr', ['-f', 'GeoJSON', file, source, ...args], env);
      expect(res.ok, res.out).toBe(true);
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await publicWorld(t);
      // More published parcels, so pages of 4 take several `next` links; Chinese names throughout.
      extra = [];
      for (let i = 0; i < 8; i++) {
        const parcel = await w.createParcel({ dkmc: `滨江智造园${i + 1}号地块`, dlcode: i % 2 ? '1101' : '100101', areacode: i % 3 ? 'T01' : 'T02', location: `江滨路${i + 1}号` });
        for (const action of PUBLISH) await must('/api/tLandinfo/transition', { ids: [parcel.id], action });
        extra.push(parcel);
      }
      // A supply-plan parcel with an outline and a date, for the small layers.
      await must('/api/tGyjsyd/addOrUpdateGyjsyd', {
        planYear: 2025, parcelName: '江滨供地计划地块', parcelCode: 'PLAN-JB-01', gdfx: 'storage', planArea: 20000, planQuarter: 3,
        planSupplyDate: '2025-08-15', areacode: 'T01', geometry: square(120.9, 30.9, 0.004),
      });
      const all = await w.open('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 100 });
      search = all.body.data.list;
      expect(all.body.data.total).toBe(11);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-ogc-'));
    }, 240_000);
    afterAll(async () => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      await t?.close();
    });

    it('GDAL finds the public collections on the landing page, and the API declares its conformance and OpenAPI document', async () => {
      const info = await gdal('ogrinfo', ['-ro', '-so', `OAPIF:${base}/ogc`]);
      expect(info.ok, info.out).toBe(true);
      for (const layer of ['parcels', 'districts', 'supplyPlan', 'stockLand']) expect(info.out).toMatch(new RegExp(`\\b${layer}\\b`));
      expect(info.out).not.toContain('staffParcels');

      const conformance = await get('/ogc/conformance');
      expect(conformance.json.conformsTo).toEqual(
        expect.arrayContaining([
          'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
          'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
          'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
          'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
        ]),
      );
      const api = await get('/ogc/api');
      expect(api.status).toBe(200);
      expect(api.headers.get('content-type')).toContain('application/vnd.oai.openapi+json');
      expect(api.json.openapi).toMatch(/^3\.0/);
      // A valid OpenAPI 3.0 document (the oas30 conformance class).
      const validator = new Validator();
      const valid = await validator.validate(api.json);
      expect(valid.errors ?? [], JSON.stringify(valid.errors)).toEqual([]);
      expect(valid.valid).toBe(true);
      expect(validator.version).toBe('3.0');
      expect(Object.keys(api.json.paths)).toEqual(expect.arrayContaining(['/ogc/collections/parcels/items', '/ogc/collections/parcels/items/{featureId}']));

      const meta = await get('/ogc/collections/parcels');
      expect(meta.json.crs).toEqual(expect.arrayContaining(['http://www.opengis.net/def/crs/OGC/1.3/CRS84', 'http://www.opengis.net/def/crs/EPSG/0/4490', 'http://www.opengis.net/def/crs/EPSG/0/4528']));
      expect(meta.json.storageCrs).toBe('http://www.opengis.net/def/crs/OGC/1.3/CRS84');
    });

    it('ogr2ogr pages through the next links to the last parcel: the count, ids and order of the public search, Chinese attributes, the same geometry', async () => {
      const out = await download(`OAPIF:${base}/ogc/collections/parcels`, 'parcels', ['-oo', 'PAGE_SIZE=4']);
      expect(out.features).toHaveLength(search.length);
      expect(out.features.map((f: Json) => f.properties.id)).toEqual(search.map((p) => p.id));
      // The last item of the public search came through the last `next` link.
      expect(out.features.at(-1).properties.id).toBe(search.at(-1)!.id);

      const logistics = out.features.find((f: Json) => f.properties.dkmc === '临港物流仓储地块');
      expect(logistics.properties).toMatchObject({ dkbh: 'PUB-WL-01', areaname: '测试片区', dlname: '物流仓储用地', location: '港城大道以南' });
      // Nothing the public API leaves out: no owner, appraisal or lifecycle state.
      for (const f of out.features) {
        expect(Object.keys(f.properties)).not.toEqual(expect.arrayContaining(['owner']));
        expect(f.properties).not.toHaveProperty('appraisedPrice');
        expect(f.properties).not.toHaveProperty('status');
      }

      // Geometry equal to the platform's own GeoJSON (the parcel detail), vertex by vertex.
      for (const f of out.features) {
        const detail = await w.open('/openApi/getLandInfoById', { id: f.properties.id });
        const mine = positions(detail.body.data.geometry);
        const theirs = positions(f.geometry);
        expect(theirs.length).toBe(mine.length);
        theirs.forEach((p, i) => {
          expect(near(p[0], mine[i][0]) && near(p[1], mine[i][1]), `${f.properties.id} vertex ${i}`).toBe(true);
        });
      }
    });

    it('the items pages link on with next until the last page, each once, matching the public search page by page', async () => {
      let url: string | undefined = '/ogc/collections/parcels/items?limit=3';
      const seen: string[] = [];
      let pages = 0;
      while (url) {
        const page = await get(url);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('application/geo+json');
        expect(page.json.numberMatched).toBe(search.length);
        expect(page.json.numberReturned).toBe(page.json.features.length);
        seen.push(...page.json.features.map((f: Json) => f.id));
        url = page.json.links.find((l: Json) => l.rel === 'next')?.href;
        pages += 1;
        expect(pages).toBeLessThan(10);
      }
      expect(seen).toEqual(search.map((p) => p.id));
      expect(pages).toBeGreaterThanOrEqual(4);
    });

    it('property filters (land class with its sub-classes, trade state, district) give the public search totals', async () => {
      for (const [ogc, open] of [
        ['dlcode=10', { dlcode: '10' }],
        ['tradeState=listed', { state: 'listed' }],
        ['tradeState=available', { state: 'available' }],
        ['areacode=T02', { areacode: 'T02' }],
        ['dlcode=1101&areacode=T01', { dlcode: '1101', areacode: 'T01' }],
      ] as const) {
        const expected = await w.open('/openApi/selectLandInfoListPage', { pageNo: 1, pageSize: 100, ...open });
        const out = await download(`${base}/ogc/collections/parcels/items?${ogc}&limit=100`, `filter-${ogc.replace(/\W/g, '_')}`);
        // GDAL's GeoJSON driver keeps the feature id as the id member.
        expect(out.features.map((f: Json) => f.properties.id ?? f.id).sort(), ogc).toEqual(expected.body.data.list.map((p: Row) => p.id).sort());
        expect(expected.body.data.total).toBeGreaterThan(0);
      }
    });

    it('the bbox filter: GDAL’s spatial filter and the server’s bbox select the parcels in the box', async () => {
      const target = search.find((p) => p.dkbh === 'PUB-ZZ-02')!;
      const detail = (await w.open('/openApi/getLandInfoById', { id: target.id })).body.data;
      const [w0, s0, e0, n0] = detail.bbox as number[];
      const box = [w0 + 0.0005, s0 + 0.0005, e0 - 0.0005, n0 - 0.0005];
      const spatial = await download(`OAPIF:${base}/ogc/collections/parcels`, 'bbox', ['-spat', ...box.map(String)]);
      expect(spatial.features.map((f: Json) => f.properties.id)).toEqual([target.id]);
      // The server itself filters (not only GDAL after reading everything).
      const page = await get(`/ogc/collections/parcels/items?bbox=${box.join(',')}`);
      expect(page.json.features.map((f: Json) => f.id)).toEqual([target.id]);
      expect(page.json.numberMatched).toBe(1);
      // The same box given in EPSG:4490 axis order (latitude first).
      const lat = await get(`/ogc/collections/parcels/items?bbox=${[box[1], box[0], box[3], box[2]].join(',')}&bbox-crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/4490')}`);
      expect(lat.json.features.map((f: Json) => f.id)).toEqual([target.id]);
      // Far away: nothing.
      const empty = await get('/ogc/collections/parcels/items?bbox=100,20,100.1,20.1');
      expect(empty.json.features).toEqual([]);
      expect(empty.json.numberMatched).toBe(0);
    });

    it('a bbox selects the same parcels through the spatial index (small boxes) and through plain comparisons (large ones)', async () => {
      const db = t.db.db as unknown as AnyDb;
      const ids = async (box: number[], indexLimit?: number) =>
        ((await db.selectFrom('t_landinfo').select('id').where(await parcelBoxCondition(db, box, indexLimit)).orderBy('id').execute()) as Row[]).map((r) => r.id);
      const target = search.find((p) => p.dkbh === 'PUB-YY-03')!;
      const [lon, lat] = target.centre as number[];
      for (const box of [
        [lon - 0.0001, lat - 0.0001, lon + 0.0001, lat + 0.0001],
        [lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01],
        [100, 20, 130, 40],
        [0, 0, 1, 1],
      ]) {
        const indexed = await ids(box);
        expect(await ids(box, 0), box.join(',')).toEqual(indexed);
      }
      expect(await ids([lon - 0.0001, lat - 0.0001, lon + 0.0001, lat + 0.0001])).toContain(target.id);
      expect((await ids([100, 20, 130, 40])).length).toBeGreaterThan(search.length);
    });

    it('answers in EPSG:4490 (latitude first) and in a Gauss-Krüger zone (northing first) with the Content-Crs header, as PROJ computes', async () => {
      const crs84 = await get('/ogc/collections/parcels/items?limit=100');
      expect(crs84.headers.get('content-crs')).toBe('<http://www.opengis.net/def/crs/OGC/1.3/CRS84>');
      const cgcs = await get(`/ogc/collections/parcels/items?limit=100&crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/4490')}`);
      expect(cgcs.status).toBe(200);
      expect(cgcs.headers.get('content-crs')).toBe('<http://www.opengis.net/def/crs/EPSG/0/4490>');
      crs84.json.features.forEach((f: Json, i: number) => {
        const a = positions(f.geometry);
        const b = positions(cgcs.json.features[i].geometry);
        a.forEach((p, j) => expect([b[j][1], b[j][0]]).toEqual([p[0], p[1]]));
        // Latitude first: around 30° N, then longitude around 120° E.
        expect(b[0][0]).toBeLessThan(40);
        expect(b[0][1]).toBeGreaterThan(100);
      });

      // EPSG:4528 = CGCS2000 3° Gauss-Krüger zone 40 (120° E), northing first; checked against PROJ through GDAL.
      const gk = await get(`/ogc/collections/parcels/items?limit=100&crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/4528')}`);
      expect(gk.headers.get('content-crs')).toBe('<http://www.opengis.net/def/crs/EPSG/0/4528>');
      const projected = await download(`OAPIF:${base}/ogc/collections/parcels`, 'gk', ['-s_srs', 'OGC:CRS84', '-t_srs', 'EPSG:4528', '-lco', 'COORDINATE_PRECISION=4', '-lco', 'RFC7946=NO']);
      const byId = new Map(projected.features.map((f: Json) => [f.properties.id, f]));
      for (const f of gk.json.features) {
        const theirs = positions((byId.get(f.id) as Json).geometry);
        positions(f.geometry).forEach(([north, east], j) => {
          // GDAL writes easting, northing (traditional GIS order).
          expect(Math.abs(east - theirs[j][0])).toBeLessThan(0.01);
          expect(Math.abs(north - theirs[j][1])).toBeLessThan(0.01);
        });
      }
      const zone = crsFromEpsg(4528)!;
      const [x] = zone.fromLonLat(120.3, 30.2);
      expect(x).toBeGreaterThan(40_000_000);

      const one = await get(`/ogc/collections/parcels/items/${search[0].id}?crs=${encodeURIComponent('http://www.opengis.net/def/crs/EPSG/0/4490')}`);
      expect(one.status).toBe(200);
      expect(one.headers.get('content-crs')).toBe('<http://www.opengis.net/def/crs/EPSG/0/4490>');
    });

    it('an unpublished parcel never appears: not in any public collection, not by id, not in a bbox around it', async () => {
      const texts: string[] = [];
      for (const layer of ['parcels', 'districts', 'supplyPlan', 'stockLand']) {
        const out = await download(`OAPIF:${base}/ogc/collections/${layer}`, `all-${layer}`);
        texts.push(JSON.stringify(out));
      }
      for (const text of texts) expect(text).not.toContain(HIDDEN);
      const parcels = JSON.parse(texts[0]);
      const hiddenIds = Object.values(w.hidden).map((p) => p.id as string);
      expect(parcels.features.map((f: Json) => f.properties.id)).not.toEqual(expect.arrayContaining([hiddenIds[0]]));
      for (const id of hiddenIds) {
        const one = await get(`/ogc/collections/parcels/items/${id}`);
        expect(one.status).toBe(404);
        expect(one.json.code).toBe(ERROR_CODES.NOT_FOUND);
        const row = await (t.db.db as unknown as AnyDb).selectFrom('t_landinfo').select(['minLon', 'minLat', 'maxLon', 'maxLat']).where('id', '=', id).executeTakeFirstOrThrow();
        const box = [row.minLon, row.minLat, row.maxLon, row.maxLat];
        const around = await get(`/ogc/collections/parcels/items?bbox=${box.join(',')}`);
        expect(around.json.features.map((f: Json) => f.id)).not.toContain(id);
      }
      // The supply plan keeps its internal remark; the district list its disabled districts.
      const plan = JSON.parse(texts[2]);
      expect(plan.features.map((f: Json) => f.properties.parcelName)).toEqual(expect.arrayContaining(['江滨供地计划地块']));
      expect(plan.features[0].properties).not.toHaveProperty('remark');
    });

    it('a staff collection is refused without a session; with one, GDAL reads every lifecycle state and the staff fields', async () => {
      for (const url of ['/ogc/collections/staffParcels', '/ogc/collections/staffParcels/items', `/ogc/collections/staffParcels/items/${w.hidden.draft.id}`]) {
        const res = await get(url);
        expect(res.status, url).toBe(401);
        expect(res.json.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
        expect(res.body).not.toContain(HIDDEN);
        const forged = await get(url, { token: 'not-a-session' });
        expect(forged.status).toBe(401);
      }
      const refused = await gdal('ogrinfo', ['-ro', '-al', `OAPIF:${base}/ogc/collections/staffParcels`]);
      expect(refused.out).not.toContain(HIDDEN);
      expect((await get('/ogc/collections')).json.collections.map((c: Json) => c.id)).not.toContain('staffParcels');

      const token = w.tokens.readonly;
      const listed = await get('/ogc/collections', { token });
      expect(listed.json.collections.map((c: Json) => c.id)).toContain('staffParcels');
      const out = await download(`OAPIF:${base}/ogc/collections/staffParcels`, 'staff', ['-oo', 'PAGE_SIZE=5'], { GDAL_HTTP_HEADERS: `token: ${token}` });
      const total = (await w.call('/api/tLandinfo/selectByPage', { pageNo: 1, pageSize: 100 })).body.data.total;
      expect(out.features).toHaveLength(total);
      const draft = out.features.find((f: Json) => f.properties.id === w.hidden.draft.id);
      expect(draft.properties).toMatchObject({ status: 'draft', dkmc: `${HIDDEN}录入` });
      expect(Object.keys(draft.properties)).toEqual(expect.arrayContaining(['owner', 'appraisedPrice']));
      const status = await get('/ogc/collections/staffParcels/items?status=pendingReview&limit=50', { token });
      expect(status.json.features.map((f: Json) => f.id)).toEqual([w.hidden.pendingReview.id]);
      // Staff answers are neither shared with other sites nor kept in caches.
      expect(status.headers.get('access-control-allow-origin')).toBeNull();
      expect(status.headers.get('cache-control')).toBe('private, no-store');
      expect((await get('/ogc/collections/parcels/items')).headers.get('access-control-allow-origin')).toBe('*');
    });

    it('datetime selects by publication date (parcels) and plan date (supply plan); collections without a date refuse it', async () => {
      const now = new Date();
      const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
      const all = await get(`/ogc/collections/parcels/items?limit=100&datetime=2000-01-01T00:00:00Z/..`);
      expect(all.json.features).toHaveLength(search.length);
      const before = await get('/ogc/collections/parcels/items?limit=100&datetime=../2000-01-01');
      expect(before.json.features).toEqual([]);
      const future = await get(`/ogc/collections/parcels/items?datetime=${tomorrow}`);
      expect(future.json.features).toEqual([]);
      const plan = await get('/ogc/collections/supplyPlan/items?datetime=2025-08-15');
      expect(plan.json.features.map((f: Json) => f.properties.parcelName)).toEqual(['江滨供地计划地块']);
      const planOther = await get('/ogc/collections/supplyPlan/items?datetime=2025-08-16/2025-12-31');
      expect(planOther.json.features).toEqual([]);
      const none = await get('/ogc/collections/stockLand/items?datetime=2025-08-15');
      expect(none.status).toBe(400);
    });

    it('bad input answers 400 or 404 with a JSON error, never a 500', async () => {
      const cases: [string, number, string?][] = [
        ['/ogc/collections/nothing', 404],
        ['/ogc/collections/nothing/items', 404],
        ['/ogc/collections/parcels/items/no-such-parcel', 404],
        ['/ogc/nothing', 404],
        ['/ogc/collections/parcels/items?bbox=1,2,3', 400, 'bbox'],
        ['/ogc/collections/parcels/items?bbox=a,b,c,d', 400, 'bbox'],
        ['/ogc/collections/parcels/items?bbox=10,10,5,5', 400, 'bbox'],
        ['/ogc/collections/parcels/items?bbox=0,0,1,1&bbox=2,2,3,3', 400],
        ['/ogc/collections/parcels/items?limit=0', 400, 'limit'],
        ['/ogc/collections/parcels/items?limit=-5', 400, 'limit'],
        ['/ogc/collections/parcels/items?limit=abc', 400, 'limit'],
        ['/ogc/collections/parcels/items?limit=10001', 400, 'limit'],
        ['/ogc/collections/parcels/items?crs=http://www.opengis.net/def/crs/EPSG/0/3857', 400, 'crs'],
        ['/ogc/collections/parcels/items?crs=nonsense', 400, 'crs'],
        ['/ogc/collections/parcels/items?bbox=0,0,1,1&bbox-crs=EPSG:9999', 400, 'bbox-crs'],
        ['/ogc/collections/parcels/items?datetime=yesterday', 400, 'datetime'],
        ['/ogc/collections/parcels/items?datetime=2025-02-30', 400, 'datetime'],
        ['/ogc/collections/parcels/items?cursor=garbage', 400, 'cursor'],
        // Well-formed cursors with values of the wrong kind (a number for a date, NUL in text).
        ['/ogc/collections/parcels/items?cursor=eyJvIjoicHVibGlzaGVkQXQ6ZGVzYyxpZDpkZXNjIiwidiI6WzUsIngiXX0', 400, 'cursor'],
        ['/ogc/collections/parcels/items?cursor=eyJvIjoicHVibGlzaGVkQXQ6ZGVzYyxpZDpkZXNjIiwidiI6WyJhXHUwMDAwYiIsIngiXX0', 400, 'cursor'],
        ['/ogc/collections/parcels/items?cursor=eyJvIjoicHVibGlzaGVkQXQ6ZGVzYyxpZDpkZXNjIiwidiI6WyIyMDI0LTAxLTAxVDAwOjAwOjAwLjAwMFoiLDddfQ', 400, 'cursor'],
        ['/ogc/collections/parcels/items?tradeState=sold', 400, 'tradeState'],
        ['/ogc/collections/parcels/items?owner=x', 400],
        // NUL anywhere in a request is refused before routing reaches the collection (A0400).
        ['/ogc/collections/parcels/items/%00', 400],
        ['/ogc/collections/parcels/items?areacode=%00', 400, 'areacode'],
        ['/ogc/collections/districts/items?areacode=%00', 400, 'areacode'],
        ['/ogc/collections/supplyPlan/items?planYear=abc', 400, 'planYear'],
      ];
      for (const [url, status, field] of cases) {
        const res = await get(url);
        expect(res.status, url).toBe(status);
        expect(res.json?.code, url).toBe(status === 404 ? ERROR_CODES.NOT_FOUND : ERROR_CODES.VALIDATION);
        expect(res.json.msg, url).toMatch(/[\u4e00-\u9fa5]/);
        if (field) expect(res.json.data?.[0]?.field ?? res.json.data?.field ?? '', url).toContain(field);
      }
      // A limit over a page's size still answers, a page at a time.
      const big = await get('/ogc/collections/parcels/items?limit=5000');
      expect(big.status).toBe(200);
      expect(big.json.features).toHaveLength(search.length);
    });

    it('the TileJSON tile template yields the tiles the public map uses (a known parcel in the right tile), and GDAL’s MVT driver reads it', async () => {
      const doc = await get('/openApi/tiles/parcels/tilejson.json');
      expect(doc.status).toBe(200);
      expect(doc.json.tilejson).toBe('3.0.0');
      // The public map's own URL pattern (web: public-map/ol/tiles.ts).
      expect(doc.json.tiles).toEqual([`${base}/openApi/tiles/parcels/{z}/{x}/{y}.pbf`]);
      expect(doc.json.vector_layers.map((l: Json) => l.id)).toEqual(['parcels']);
      expect(Object.keys(doc.json.vector_layers[0].fields)).toEqual(expect.arrayContaining(['id', 'name', 'dlcode', 'tradeState']));
      const [w0, s0, e0, n0] = doc.json.bounds;
      const known = search.find((p) => p.dkbh === 'PUB-WL-01')!;
      const [lon, lat] = known.centre as number[];
      expect(lon >= w0 && lon <= e0 && lat >= s0 && lat <= n0).toBe(true);

      const z = doc.json.maxzoom as number;
      const { x, y } = tileOf(lon, lat, z);
      const tileUrl = (doc.json.tiles[0] as string).replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
      const res = await fetch(tileUrl);
      expect(res.status).toBe(200);
      const tile = new VectorTile(new PbfReader(new Uint8Array(await res.arrayBuffer())));
      const layer = tile.layers.parcels;
      const ids = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.id);
      expect(ids).toContain(known.id);

      // GDAL reads the same tile (MVT driver, tile coordinates from the z/x/y path).
      const file = path.join(dir, String(z), String(x), `${y}.pbf`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.from(await (await fetch(tileUrl)).arrayBuffer()));
      const info = await gdal('ogrinfo', ['-ro', '-al', file]);
      expect(info.ok, info.out).toBe(true);
      expect(info.out).toContain('Layer name: parcels');
      expect(info.out).toContain(`id (String) = ${known.id}`);
      expect(info.out).toContain('name (String) = 临港物流仓储地块');
      // Georeferenced from z/x/y: the parcel's polygon lies around its centre (Web Mercator metres).
      const feature = await gdal('ogrinfo', ['-ro', '-al', '-where', `id = '${known.id}'`, file]);
      const coords = [...feature.out.matchAll(/(\d{8}\.\d+) (\d{7}\.\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
      expect(coords.length).toBeGreaterThan(3);
      const mx = (lon * Math.PI * 6378137) / 180;
      const my = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137;
      expect(Math.min(...coords.map((c) => c[0]))).toBeLessThan(mx);
      expect(Math.max(...coords.map((c) => c[0]))).toBeGreaterThan(mx);
      expect(Math.min(...coords.map((c) => c[1]))).toBeLessThan(my);
      expect(Math.max(...coords.map((c) => c[1]))).toBeGreaterThan(my);

      for (const other of ['districts', 'supplyPlan', 'stockLand']) {
        const d = await get(`/openApi/tiles/${other}/tilejson.json`);
        expect(d.json.tiles).toEqual([`${base}/openApi/tiles/${other}/{z}/{x}/{y}.pbf`]);
      }
      expect((await get('/openApi/tiles/nothing/tilejson.json')).status).toBe(404);
    });

    it('the MapLibre style points at the TileJSON documents and colours parcels like the public map', async () => {
      const style = await get('/openApi/tiles/style.json');
      expect(style.status).toBe(200);
      expect(style.json.version).toBe(8);
      // Web maps on other sites may read the public tiles (no header allowed, so never a token).
      expect(style.headers.get('access-control-allow-origin')).toBe('*');
      expect(style.json.sources.parcels).toEqual({ type: 'vector', url: `${base}/openApi/tiles/parcels/tilejson.json` });
      const fill = style.json.layers.find((l: Json) => l.id === 'parcels-fill');
      expect(fill['source-layer']).toBe('parcels');
      const colours = JSON.stringify(fill.paint['fill-color']);
      for (const c of Object.values(LAND_CLASS_COLORS)) expect(colours).toContain(c.color);
      const outline = JSON.stringify(style.json.layers.find((l: Json) => l.id === 'parcels-outline').paint['line-color']);
      for (const c of Object.values(MARKET_STATE_COLORS)) expect(outline).toContain(c);
      // Every source the style names is one of its sources, every source a TileJSON that answers.
      for (const layer of style.json.layers.filter((l: Json) => l.source)) expect(style.json.sources).toHaveProperty(layer.source);
      for (const source of Object.values(style.json.sources) as Json[]) expect((await get(source.url)).status).toBe(200);
    });
  });
}
