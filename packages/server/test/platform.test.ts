import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { spaRoutePatterns } from '@land/shared/routes';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`platform conventions [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    it('answers /healthz when the database is reachable', async () => {
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: '200', data: { database: dialect } });
    });

    it('serves the app HTML on every SPA route of SPEC §2 (history fallback)', async () => {
      for (const pattern of spaRoutePatterns()) {
        const url = pattern.replace(/:(\w+)/g, (_m, name) => (name === 'plotList' ? 'a,b' : '123'));
        const res = await t.app.inject({ url });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('APP_HTML');
      }
    });

    it('an unknown page still gets the app (which shows not-found) but with status 404', async () => {
      const res = await t.app.inject({ url: '/no/such/page' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('APP_HTML');
    });

    it('unknown /api and /openApi paths answer JSON 404, never the HTML', async () => {
      for (const url of ['/api/noSuchThing', '/openApi/noSuchThing/x', '/api/tUser/nothing']) {
        const res = await t.app.inject({ url, method: 'GET' });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json()).toMatchObject({ code: ERROR_CODES.NOT_FOUND, msg: '接口不存在' });
      }
    });

    it('hashed assets are cached for a year, the HTML is not cached', async () => {
      const asset = await t.app.inject({ url: '/assets/main-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const page = await t.app.inject({ url: '/home' });
      expect(page.headers['cache-control']).toBe('no-cache');
    });

    it('malformed JSON and unsupported content types get a Chinese 4xx, not a 500', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/openApi/login', headers: { 'content-type': 'application/json' }, payload: '{"userAccount":' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请求体不是合法的 JSON' });
      const xml = await t.app.inject({ method: 'POST', url: '/openApi/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
      expect(xml.statusCode).toBe(415);
      expect(xml.json().code).toBe(ERROR_CODES.UNSUPPORTED_MEDIA);
      const arr = await t.app.inject({ method: 'POST', url: '/openApi/login', payload: [1, 2] });
      expect(arr.statusCode).toBe(400);
      expect(arr.json().msg).toBe('请求体必须是对象');
      expect(JSON.stringify([bad.json(), xml.json(), arr.json()])).not.toMatch(/at .*\.ts|select|SQL/i);
    });

    it('serves an OpenAPI description generated from the route schemas, with a page at /docs', async () => {
      const spec = await t.app.inject({ url: '/docs/json' });
      expect(spec.statusCode).toBe(200);
      const doc = spec.json();
      expect(doc.paths['/openApi/login'].post.requestBody).toBeTruthy();
      expect(doc.paths['/api/tUser/addUser'].post.summary).toBe('新增用户');
      const props = doc.paths['/api/tUser/addUser'].post.requestBody.content['application/json'].schema.properties;
      expect(Object.keys(props)).toEqual(expect.arrayContaining(['userAccount', 'password', 'phone', 'email']));
      const page = await t.app.inject({ url: '/docs' });
      expect([200, 302]).toContain(page.statusCode);
    });
  });
}
