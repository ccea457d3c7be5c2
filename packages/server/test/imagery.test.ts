import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { BUILTIN_IMAGERY, HttpImageryCatalogue, INDEX_TYPES, matchesSearch } from '../src/integrations/imagery/index';
import { saveSettings } from '../src/services/settings';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

type Row = Record<string, unknown>;

const REMOTE = [
  { id: 1001, name: '2024年正射影像', indexType: 'dom', year: '2024', acquiredAt: '2024-10-09 10:30:00', sensor: 'GF-2', resolutionM: '0.8', cloudCover: 2, bbox: [120.4, 30.2, 120.7, 30.4], provider: '省卫星中心' },
  { id: 'R2', name: '2023年植被指数', indexType: 'ndvi', year: 2023, acquiredAt: '2023-07-01', sensor: 'Sentinel-2', resolutionM: 10, cloudCover: 5, bbox: [120.4, 30.2, 120.7, 30.4] },
  { id: 'BAD', name: '坏记录', indexType: 'dom', year: 'abc', acquiredAt: 'x', sensor: 's', resolutionM: -1, cloudCover: 500, bbox: [1] },
];

/** A stand-in imagery catalogue on 127.0.0.1, answering in the {code, data} envelope. */
async function fakeCatalogue() {
  const hits: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    hits.push(url);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/indexTypes') return res.end(JSON.stringify({ code: '200', data: [{ code: 'dom', name: '正射影像' }] }));
    if (url.pathname === '/api/search') return res.end(JSON.stringify({ code: '200', data: REMOTE }));
    if (url.pathname === '/api/searchByPage') return res.end(JSON.stringify({ code: '200', data: { list: REMOTE.slice(0, 1), total: 42 } }));
    res.writeHead(503).end('down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return { hits, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('imagery catalogue client', () => {
  it('sends the search as query parameters and keeps only valid records', async () => {
    const fake = await fakeCatalogue();
    try {
      const c = new HttpImageryCatalogue({ baseUrl: fake.base });
      const list = await c.search({ indexType: 'dom', yearFrom: 2020, bbox: [120.4, 30.2, 120.6, 30.3] }, 50);
      expect(list.map((r) => r.id)).toEqual(['1001', 'R2']);
      expect(list[0]).toMatchObject({ year: 2024, acquiredAt: '2024-10-09', resolutionM: 0.8, thumbnailUrl: null });
      const q = fake.hits[0].searchParams;
      expect(Object.fromEntries(q)).toEqual({ indexType: 'dom', yearFrom: '2020', bbox: '120.4,30.2,120.6,30.3', limit: '50' });
      const page = await c.searchByPage({}, 3, 1);
      expect(page).toMatchObject({ total: 42, pageNo: 3, pageSize: 1 });
      expect(fake.hits[1].searchParams.get('pageNo')).toBe('3');
    } finally {
      await fake.close();
    }
  });

  it('the built-in catalogue filters by type, years, cloud and footprint', () => {
    const hits = BUILTIN_IMAGERY.filter((r) => matchesSearch(r, { indexType: 'dom', yearFrom: 2022, maxCloudCover: 5 }));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((r) => r.indexType === 'dom' && r.year >= 2022 && r.cloudCover <= 5)).toBe(true);
    expect(BUILTIN_IMAGERY.filter((r) => matchesSearch(r, { bbox: [100, 20, 101, 21] }))).toEqual([]);
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`imagery calls [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    it('answers from the built-in catalogue when none is configured', async () => {
      const types = await t.call('/openApi/imagery/indexTypes', {}, { method: 'GET' });
      expect(types.body).toMatchObject({ code: '200', data: INDEX_TYPES });
      const search = await t.call('/openApi/imagery/search', { indexType: 'dom', year: '2024' }, { form: true });
      expect((search.body.data as Row[]).every((r) => r.year === 2024 && r.indexType === 'dom')).toBe(true);
      const page = await t.call('/openApi/imagery/searchByPage', { pageNo: 2, pageSize: 5 });
      expect(page.body.data).toMatchObject({ total: BUILTIN_IMAGERY.length, pageNo: 2, pageSize: 5 });
      expect(page.body.data.list).toHaveLength(5);
    });

    it('checks the search input', async () => {
      expect((await t.call('/openApi/imagery/search', { bbox: '1,2,3' })).body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '范围 bbox 应为 4 个数字：最小经度,最小纬度,最大经度,最大纬度' });
      expect((await t.call('/openApi/imagery/search', { maxCloudCover: 101 })).body.msg).toBe('最大云量不能大于100');
      expect((await t.call('/openApi/imagery/searchByPage', { pageSize: 1000 })).body.msg).toBe('每页条数不能大于100');
      expect((await t.call('/openApi/imagery/search', { year: 2024, yearFrom: 2020 })).body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('uses the configured catalogue (imageryCatalogueUrl) and reports it when it is down', async () => {
      const fake = await fakeCatalogue();
      try {
        await saveSettings(t.db.db, { imageryCatalogueUrl: fake.base });
        const search = await t.call('/openApi/imagery/search', { bbox: '120.4,30.2,120.6,30.3', keyword: '正射' });
        expect((search.body.data as Row[]).map((r) => r.id)).toEqual(['1001', 'R2']);
        expect(fake.hits[0].searchParams.get('keyword')).toBe('正射');
        expect((await t.call('/openApi/imagery/indexTypes', {})).body.data).toEqual([{ code: 'dom', name: '正射影像', description: '' }]);
        await saveSettings(t.db.db, { imageryCatalogueUrl: `${fake.base}/missing` });
        const down = await t.call('/openApi/imagery/searchByPage', {});
        expect(down).toMatchObject({ status: 502, body: { code: ERROR_CODES.SERVER_ERROR } });
        expect(down.body.msg).toContain('影像目录服务返回错误');
      } finally {
        await saveSettings(t.db.db, { imageryCatalogueUrl: '' });
        await fake.close();
      }
    });
  });
}
