import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { MAPS_REQUEST_DELAY_MS } from '@land/shared/constants';
import { gcj02ToWgs84, haversineMeters, wgs84ToGcj02, type Position } from '@land/shared/geo/index';
import type { AnyDb } from '../src/entities/repository';
import { AmapMapsService, OfflineMapsService, runSequentially, type DrivingRoute, type Poi } from '../src/integrations/maps/index';
import { AUTO_FILL_ACTOR } from '../src/integrations/maps/surroundings';
import { seedFacilities } from '../src/seeds/facilities';
import { saveSettings } from '../src/services/settings';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

interface Hit {
  at: number;
  path: string;
  query: URLSearchParams;
}

/**
 * A stand-in for the AMap web service on 127.0.0.1: records when each request arrives and
 * answers around searches with one POI 300 m east of the asked location (in GCJ-02, as AMap
 * does), driving routes with 12.3 km / 15 min. `fail` makes the n-th request (1-based) fail.
 */
async function fakeAmap(options: { fail?: Set<number>; status0?: Set<number> } = {}) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push({ at: Date.now(), path: url.pathname, query: url.searchParams });
    const n = hits.length;
    if (options.fail?.has(n)) {
      res.writeHead(500).end('boom');
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (options.status0?.has(n)) {
      res.end(JSON.stringify({ status: '0', info: 'DAILY_QUERY_OVER_LIMIT' }));
      return;
    }
    if (url.pathname === '/v3/direction/driving') {
      res.end(JSON.stringify({ status: '1', route: { paths: [{ distance: '12300', duration: '900' }] } }));
      return;
    }
    const [lon, lat] = (url.searchParams.get('location') ?? url.searchParams.get('polygon')?.split('|')[0] ?? '0,0').split(',').map(Number);
    const poi = { id: `P${n}`, name: `设施${n}`, type: '', typecode: url.searchParams.get('types') ?? '', address: n % 2 ? `地址${n}` : [], location: `${(lon + 0.00311).toFixed(6)},${lat.toFixed(6)}`, distance: '300' };
    res.end(JSON.stringify({ status: '1', info: 'OK', count: '1', pois: [poi] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { hits, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function logger() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_obj: unknown, msg?: string) => warnings.push(String(msg)) } };
}

describe('AMap web-service client against a fake server', () => {
  const center: Position = [120.5, 30.3];

  it('sends GCJ-02 and answers CGCS2000/WGS84; requests are one at a time, at least 350 ms apart', async () => {
    const fake = await fakeAmap();
    try {
      const amap = new AmapMapsService({ key: 'k123', baseUrl: fake.base });
      const { log } = logger();
      const results = await runSequentially<Poi[] | DrivingRoute>(
        [
          () => amap.aroundSearch(center, { types: ['school'], radius: 3000 }),
          () => amap.aroundSearch(center, { types: ['talentHousing'] }),
          () => amap.drivingRoute(center, [120.6, 30.35]),
        ],
        { log },
      );
      expect(fake.hits).toHaveLength(3);
      for (let i = 1; i < fake.hits.length; i++) expect(fake.hits[i].at - fake.hits[i - 1].at).toBeGreaterThanOrEqual(MAPS_REQUEST_DELAY_MS);
      const sent = wgs84ToGcj02(center);
      expect(fake.hits[0].query.get('location')).toBe(`${sent[0].toFixed(6)},${sent[1].toFixed(6)}`);
      expect(fake.hits[0].query.get('key')).toBe('k123');
      expect(fake.hits[0].query.get('types')).toBe('141200');
      expect(fake.hits[1].query.get('keywords')).toBe('人才公寓');
      expect(fake.hits[2].query.get('origin')).toBe(`${sent[0].toFixed(6)},${sent[1].toFixed(6)}`);
      // The POI came back 0.00311° east of the GCJ-02 point; converted back it is that far from the WGS84 one.
      const poi = (results[0] as Poi[])[0];
      const expected = gcj02ToWgs84([Number((sent[0] + 0.00311).toFixed(6)), Number(sent[1].toFixed(6))]);
      expect(haversineMeters([poi.lon, poi.lat], expected)).toBeLessThan(0.01);
      expect(poi).toMatchObject({ name: '设施1', type: 'school', address: '地址1' });
      expect(poi.distanceM).toBeGreaterThan(250);
      expect(poi.distanceM).toBeLessThan(350);
      expect((results[1] as Poi[])[0].address).toBe('');
      expect(results[2]).toEqual({ distanceM: 12300, durationS: 900, estimated: false });
    } finally {
      await fake.close();
    }
  });

  it('a failed request yields null, is logged as the n-th failing, and the rest go on', async () => {
    const fake = await fakeAmap({ fail: new Set([2]), status0: new Set([3]) });
    try {
      const amap = new AmapMapsService({ key: 'k', baseUrl: fake.base });
      const { warnings, log } = logger();
      const results = await runSequentially([1, 2, 3, 4].map(() => () => amap.aroundSearch(center, { types: ['bank'] })), { log });
      expect(results.map((r) => (r === null ? null : r.length))).toEqual([1, null, null, 1]);
      expect(warnings).toEqual(['第2个地图服务请求失败', '第3个地图服务请求失败']);
      expect(fake.hits).toHaveLength(4);
      for (let i = 1; i < fake.hits.length; i++) expect(fake.hits[i].at - fake.hits[i - 1].at).toBeGreaterThanOrEqual(MAPS_REQUEST_DELAY_MS);
    } finally {
      await fake.close();
    }
  });

  it('polygon search sends the ring in GCJ-02', async () => {
    const fake = await fakeAmap();
    try {
      const amap = new AmapMapsService({ key: 'k', baseUrl: fake.base });
      const ring: Position[] = [[120.5, 30.3], [120.51, 30.3], [120.51, 30.31], [120.5, 30.3]];
      const pois = await amap.polygonSearch(ring, { types: ['hospital'] });
      expect(fake.hits[0].path).toBe('/v3/place/polygon');
      const first = wgs84ToGcj02(ring[0]);
      expect(fake.hits[0].query.get('polygon')?.split('|')[0]).toBe(`${first[0].toFixed(6)},${first[1].toFixed(6)}`);
      expect(pois[0].distanceM).toBeNull();
    } finally {
      await fake.close();
    }
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`maps service and facility dictionary [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let parcel: Row;
    const db = () => t.db.db as unknown as AnyDb;
    const rowsOf = async (table: string, dkid: string) => (await db().selectFrom(table).selectAll().where('dkid', '=', dkid).execute()) as Row[];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      await w.call('/api/tArea/addOrUpdate', { areaname: '滨江智造园', areacode: 'LJ01', status: '1' });
      await db().transaction().execute((trx) => seedFacilities(trx));
      parcel = await w.createParcel({ areacode: 'LJ01', geometry: square(120.499, 30.303, 0.002) });
    });
    afterAll(async () => t?.close());

    it('selectDicFacility: the dictionary grouped by type, for the public map', async () => {
      const res = await t.call('/openApi/selectDicFacility', {}, { method: 'GET' });
      expect(res.body.code).toBe('200');
      const groups = res.body.data as { type: string; label: string; list: Row[] }[];
      expect(groups.find((g) => g.type === 'school')).toMatchObject({ label: '学校' });
      expect(groups.find((g) => g.type === 'airport')?.list[0]).toMatchObject({ name: '临江国际机场', lon: 120.33, lat: 30.19 });
      const only = await t.call('/openApi/selectDicFacility', { type: 'port' }, { form: true });
      expect((only.body.data as { type: string }[]).map((g) => g.type)).toEqual(['port']);
    });

    it('offline: fills surroundings and distances from the dictionary with straight lines, replacing only its own rows', async () => {
      const dkid = parcel.id as string;
      const manual = await w.call('/api/tLandzbpt/addOrUpdate', { dkid, facilityType: 'bank', name: '人工录入的银行', distanceM: 500 });
      expect(manual.body.code).toBe('200');
      const first = await w.call('/api/tLandinfo/fillSurroundings', { dkid });
      expect(first.body, first.body.msg).toMatchObject({ code: '200', data: { source: 'offline', failed: 0, replaced: 0 } });
      const facilities = await rowsOf('t_landzbpt', dkid);
      const school = facilities.find((f) => f.name === '临江经开区实验学校')!;
      expect(school).toMatchObject({ facilityType: 'school', createdBy: AUTO_FILL_ACTOR });
      const expected = haversineMeters([Number(parcel.centerLon), Number(parcel.centerLat)], [120.497, 30.312]);
      expect(Math.abs(Number(school.distanceM) - expected)).toBeLessThanOrEqual(1);
      const distances = await rowsOf('t_distance', dkid);
      const airport = distances.find((d) => d.placeType === 'airport')!;
      expect(airport.placeName).toBe('临江国际机场');
      expect(Number(airport.driveMinutes)).toBeGreaterThan(0);

      const second = await w.call('/api/tLandinfo/fillSurroundings', { dkid });
      expect(second.body.data.replaced).toBe(facilities.length - 1 + distances.length);
      const after = await rowsOf('t_landzbpt', dkid);
      expect(after).toHaveLength(facilities.length);
      expect(after.filter((f) => f.name === '人工录入的银行')).toHaveLength(1);

      const readonly = await w.call('/api/tLandinfo/fillSurroundings', { dkid }, { token: w.tokens.readonly });
      expect(readonly.body.code).toBe(ERROR_CODES.FORBIDDEN);
      const noGeometry = await w.createParcel({ geometry: null });
      expect((await w.call('/api/tLandinfo/fillSurroundings', { dkid: noGeometry.id })).body.msg).toContain('没有边界');
      expect((await w.call('/api/tLandinfo/fillSurroundings', { dkid: 'missing' })).body.code).toBe(ERROR_CODES.NOT_FOUND);
    });

    it('AMap (settings key and address): paced requests, GCJ-02 converted, a failure leaves its part out', async () => {
      const fake = await fakeAmap({ fail: new Set([1]) });
      try {
        await saveSettings(t.db.db, { amapKey: 'abc123', amapBaseUrl: fake.base });
        const dkid = parcel.id as string;
        const res = await w.call('/api/tLandinfo/fillSurroundings', { dkid });
        expect(res.body, res.body.msg).toMatchObject({ code: '200', data: { source: 'amap', failed: 1 } });
        for (let i = 1; i < fake.hits.length; i++) expect(fake.hits[i].at - fake.hits[i - 1].at).toBeGreaterThanOrEqual(MAPS_REQUEST_DELAY_MS);
        const center: Position = [Number(parcel.centerLon), Number(parcel.centerLat)];
        const gcj = wgs84ToGcj02(center);
        expect(fake.hits[0].query.get('location')).toBe(`${gcj[0].toFixed(6)},${gcj[1].toFixed(6)}`);
        const facilities = (await rowsOf('t_landzbpt', dkid)).filter((f) => f.createdBy === AUTO_FILL_ACTOR);
        // The first request (schools) failed: no school; the others each gave one place.
        expect(facilities.some((f) => f.facilityType === 'school')).toBe(false);
        expect(facilities.some((f) => f.facilityType === 'hospital')).toBe(true);
        const one = facilities[0];
        const back = gcj02ToWgs84([Number((gcj[0] + 0.00311).toFixed(6)), Number(gcj[1].toFixed(6))]);
        expect(haversineMeters([Number(one.lon), Number(one.lat)], back)).toBeLessThan(0.2);
        const distances = (await rowsOf('t_distance', dkid)).filter((d) => d.createdBy === AUTO_FILL_ACTOR);
        expect(distances.length).toBeGreaterThan(0);
        expect(distances[0]).toMatchObject({ distanceKm: 12.3, driveMinutes: 15 });
      } finally {
        await saveSettings(t.db.db, { amapKey: '', amapBaseUrl: '' });
        await fake.close();
      }
    });

    it('an unreachable service changes nothing and says so', async () => {
      const fake = await fakeAmap();
      await fake.close();
      const dkid = parcel.id as string;
      const before = await rowsOf('t_landzbpt', dkid);
      await saveSettings(t.db.db, { amapKey: 'abc123', amapBaseUrl: fake.base });
      try {
        const res = await w.call('/api/tLandinfo/fillSurroundings', { dkid });
        expect(res.status).toBe(502);
        expect(res.body.msg).toContain('地图服务请求全部失败');
        expect(await rowsOf('t_landzbpt', dkid)).toHaveLength(before.length);
      } finally {
        await saveSettings(t.db.db, { amapKey: '', amapBaseUrl: '' });
      }
    }, 60_000);

    it('the offline service answers around and polygon searches from the dictionary', async () => {
      const offline = new OfflineMapsService(db());
      const near = await offline.aroundSearch([120.5, 30.305], { types: ['school'], radius: 2000 });
      expect(near.map((p) => p.name)).toContain('临江经开区实验学校');
      expect(near.every((p) => (p.distanceM ?? 0) <= 2000)).toBe(true);
      const inside = await offline.polygonSearch([[120.48, 30.3], [120.52, 30.3], [120.52, 30.33], [120.48, 30.33]], { types: ['hospital'] });
      expect(inside.map((p) => p.name)).toContain('临江经开区人民医院');
      expect((await offline.drivingRoute([120.5, 30.3], [120.6, 30.3])).estimated).toBe(true);
    });
  });
}
