import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrateToLatest, openDatabase, type DbHandle } from '../src/db/database';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, PG_URL, createTestDb, dialectAvailable, type TestDb } from './helpers/db';

type Row = Record<string, unknown>;

const login = (app: FastifyInstance, body: Row, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/openApi/login', payload: body, remoteAddress });

/** Gives a captcha a known answer: the server keeps only sha256(id:answer), so the test sets that. */
async function knownCaptcha(t: TestApp, answer: string): Promise<string> {
  const res = await t.call('/openApi/captcha', {}, { method: 'GET' });
  const id = res.body.data.captchaId as string;
  const answerHash = createHash('sha256').update(`${id}:${answer.toLowerCase()}`).digest('hex');
  await t.db.db.updateTable('t_captcha').set({ answerHash }).where('id', '=', id).execute();
  return id;
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);

  describe.skipIf(!available)(`login captcha and limits [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        loginCaptchaAfterFailures: 1,
        rateLimits: { ...loadConfig({}).rateLimits, loginFailures: { limit: 4, windowSeconds: 900 }, register: { limit: 2, windowSeconds: 3600 } },
      });
    });
    afterAll(async () => t?.close());

    it('serves a captcha as an SVG image drawn with paths, never its text, and stores only a hash', async () => {
      const res = await t.call('/openApi/captcha', {}, { method: 'GET' });
      expect(res.body.code).toBe('200');
      const { captchaId, image } = res.body.data as { captchaId: string; image: string };
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(image.split(',')[1], 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>$/);
      expect(svg).not.toMatch(/<text|<script/i);
      const stored = await t.db.db.selectFrom('t_captcha').selectAll().where('id', '=', captchaId).executeTakeFirstOrThrow();
      expect(stored.answerHash).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(stored.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    });

    it('after a failed login the account needs a captcha from that address: wrong, reused or expired ones are refused', async () => {
      const wrong = (await login(t.app, { userAccount: 'admin', password: 'Wrong@1234' })).json();
      expect(wrong).toMatchObject({ code: ERROR_CODES.BAD_CREDENTIALS, data: { captchaRequired: true } });

      const without = (await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD })).json();
      expect(without).toMatchObject({ code: ERROR_CODES.CAPTCHA_REQUIRED, msg: '请输入图片验证码', data: { captchaRequired: true } });

      const id = await knownCaptcha(t, 'K7PX');
      const badCode = (await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaId: id, captchaCode: 'AAAA' })).json();
      expect(badCode).toMatchObject({ code: ERROR_CODES.CAPTCHA_REQUIRED, msg: '验证码错误或已过期，请重新输入' });
      // One use: the right answer to a spent captcha no longer counts.
      const reused = (await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaId: id, captchaCode: 'K7PX' })).json();
      expect(reused.code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);

      const late = await knownCaptcha(t, 'M3QR');
      await t.db.db.updateTable('t_captcha').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('id', '=', late).execute();
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaId: late, captchaCode: 'M3QR' })).json().code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);

      // Another address is not asked.
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD }, '10.1.2.3')).json().code).toBe('200');

      const good = await knownCaptcha(t, 'h8nw');
      const ok = (await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaId: good, captchaCode: 'H8NW' })).json();
      expect(ok.code).toBe('200');
      // A success clears the failures: the next login needs no captcha.
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD })).json().code).toBe('200');
    });

    it('refuses further attempts for an account from one address with A0429 and Retry-After, across accounts it does not', async () => {
      const attempts: string[] = [];
      for (let i = 0; i < 4; i++) {
        const captchaId = i === 0 ? undefined : await knownCaptcha(t, 'ABCD');
        attempts.push((await login(t.app, { userAccount: 'ghost_user', password: 'Wrong@1234', captchaId, captchaCode: 'ABCD' })).json().code);
      }
      expect(attempts).toEqual(Array(4).fill(ERROR_CODES.BAD_CREDENTIALS));
      const limited = await login(t.app, { userAccount: 'ghost_user', password: 'Wrong@1234' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: ERROR_CODES.RATE_LIMITED, msg: '登录失败次数过多，请稍后再试' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD })).json().code).toBe('200');
    });

    it('limits visitor registrations per address', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.call('/openApi/register', { userAccount: `1390000000${i}`, password: 'Visit@2024ab', userName: '注册测试', sqdw: '某公司' });
        codes.push(res.body.code);
      }
      expect(codes).toEqual(['200', '200', ERROR_CODES.RATE_LIMITED]);
      expect(await t.db.db.selectFrom('t_visitor' as never).select('id' as never).execute()).toHaveLength(2);
    });

    it('a password change ends the other sessions of the user, not the one that changed it', async () => {
      await t.call('/api/tUser/addUser', { userAccount: 'pwchange1', userName: '改密测试', password: 'First@2024a' }, { token: await t.login() });
      const here = await t.login('pwchange1', 'First@2024a');
      const elsewhere = await t.login('pwchange1', 'First@2024a');
      const changed = await t.call('/api/tUser/updatePassword', { oldPassword: 'First@2024a', newPassword: 'Second@2024b' }, { token: here });
      expect(changed.body.code).toBe('200');
      expect((await t.call('/api/currentUser', {}, { token: here })).body.code).toBe('200');
      const other = await t.call('/api/currentUser', {}, { token: elsewhere });
      expect(other.body).toMatchObject({ code: ERROR_CODES.SESSION_EXPIRED, msg: '登录已过期，请重新登录' });
      expect((await t.call('/openApi/login', { userAccount: 'pwchange1', password: 'First@2024a' })).body.code).toBe(ERROR_CODES.BAD_CREDENTIALS);
    });
  });

  describe.skipIf(!available)(`limits shared by two server processes on one database [${dialect}]`, () => {
    const handles: DbHandle[] = [];
    const apps: FastifyInstance[] = [];
    let base: TestDb | undefined;
    let tmp: string;

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'land-limits-'));
      const config: Config = {
        ...loadConfig({}),
        dataDir: tmp,
        webDist: path.join(tmp, 'no-web'),
        logLevel: 'silent',
        rateLimits: { ...loadConfig({}).rateLimits, question: { limit: 3, windowSeconds: 3600 } },
      };
      if (dialect === 'postgres') {
        base = await createTestDb('postgres');
        for (let i = 0; i < 2; i++) handles.push(openDatabase({ databaseUrl: PG_URL, pgSchema: base.schema, poolSize: 2 }));
      } else {
        const file = path.join(tmp, 'land.db');
        for (let i = 0; i < 2; i++) handles.push(openDatabase({ sqliteFile: file }));
        await migrateToLatest(handles[0].db);
      }
      for (const h of handles) {
        const app = await buildApp({ db: h.db, dialect: h.dialect, config }, { logger: false });
        await app.ready();
        apps.push(app);
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      if (base) {
        for (const h of handles) await h.destroy();
        await base.dispose();
      } else {
        for (const h of handles) await h.destroy();
      }
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('counts consulting questions from one address on both processes together', async () => {
      const codes: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await apps[i % 2].inject({
          method: 'POST',
          url: '/openApi/addProblem',
          payload: { title: `两进程问题${i}`, content: '内容', askerName: '钱先生', askerPhone: '13900001111' },
        });
        codes.push(res.json().code);
      }
      expect(codes).toEqual(['200', '200', '200', ERROR_CODES.RATE_LIMITED, ERROR_CODES.RATE_LIMITED]);
      const limited = await apps[1].inject({ method: 'POST', url: '/openApi/addProblem', payload: { title: '再问', content: '内容', askerName: '钱先生', askerPhone: '13900001111' } });
      expect(limited.json().msg).toBe('提交过于频繁，请稍后再试');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe.skipIf(!available)(`security headers and cross-site requests [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(async () => t?.close());

    const expectHeaders = (headers: Record<string, unknown>, what: string) => {
      expect(headers['x-content-type-options'], what).toBe('nosniff');
      expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
      const csp = String(headers['content-security-policy']);
      for (const part of ["default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'", 'worker-src', "connect-src 'self'"]) {
        expect(csp, what).toContain(part);
      }
      expect(csp, what).not.toContain("'unsafe-eval'");
    };

    it('puts the headers on the page, its assets, API answers and errors; HSTS only over TLS', async () => {
      for (const [method, url] of [['GET', '/'], ['GET', '/managementSystem/analysis'], ['GET', '/assets/main-abc123.js'], ['POST', '/api/currentUser'], ['GET', '/openApi/config'], ['GET', '/openApi/nothing-here']] as const) {
        const res = await t.app.inject({ method, url });
        expectHeaders(res.headers, `${method} ${url}`);
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
      }
      const tls = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    });

    it('lets the configured tile host into img-src', async () => {
      const admin = await t.login();
      const saved = await t.call('/api/config/save', { tileSourceType: 'xyz', tileUrl: 'https://t{0-7}.tianditu.gov.cn/vec_w/wmts?tk={tk}&x={x}&y={y}&z={z}' }, { token: admin });
      expect(saved.body.code, saved.body.msg).toBe('200');
      await new Promise((r) => setTimeout(r, 5_100));
      const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tianditu\.gov\.cn/);
    });

    it('refuses state-changing requests from other sites, keeps same-origin forms and clients without Origin working', async () => {
      const form = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/openApi/login',
          headers: { host: 'land.example.gov.cn', 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: new URLSearchParams({ userAccount: 'admin', password: ADMIN_PASSWORD }).toString(),
        });
      const crossSite: Record<string, string>[] = [{ origin: 'https://evil.example.com' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: 'https://www.example.gov.cn' }];
      for (const headers of crossSite) {
        const res = await form(headers);
        expect({ headers, status: res.statusCode, code: res.json().code, msg: res.json().msg }).toEqual({ headers, status: 403, code: ERROR_CODES.FORBIDDEN, msg: '拒绝跨站提交的请求' });
      }
      const sameOrigin: Record<string, string>[] = [{}, { origin: 'http://land.example.gov.cn' }, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' }];
      for (const headers of sameOrigin) {
        expect((await form(headers)).json().code, JSON.stringify(headers)).toBe('200');
      }
      // A cross-site post carrying a stolen token still changes nothing.
      const admin = await t.login();
      const res = await t.app.inject({ method: 'POST', url: '/api/tArea/addOrUpdate', headers: { token: admin, origin: 'https://evil.example.com' }, payload: { areaname: '跨站片区', areacode: 'KZ01', status: '1' } });
      expect(res.statusCode).toBe(403);
      const page = await t.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10, params: [{ column: 'areacode', type: 'eq', val: 'KZ01' }] }, { token: admin });
      expect(page.body.data.total).toBe(0);
      // Reading from another site is not a state change.
      expect((await t.app.inject({ method: 'GET', url: '/openApi/config', headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
    });
  });
}
