import { createHmac } from 'node:crypto';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrateToLatest, openDatabase, type DbHandle } from '../src/db/database';
import { ensureAdmin } from '../src/services/users';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, PG_URL, createTestDb, dialectAvailable, type TestDb } from './helpers/db';

type Row = Record<string, unknown>;

const login = (app: FastifyInstance, body: Row, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/openApi/login', payload: body, remoteAddress });

/** Solves the login captcha as the ALTCHA widget does and returns its payload (base64 JSON). */
async function solveCaptcha(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/openApi/captcha', remoteAddress });
  return solvedPayload(res.json().data.challenge as Challenge);
}

async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
/** Cheap challenges for tests: a few hundred PBKDF2 rounds instead of millions. */
const TEST_CAPTCHA = { cost: 10, maxNumber: 40 };

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);

  describe.skipIf(!available)(`login captcha and limits [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        loginCaptchaAfterFailures: 1,
        captcha: TEST_CAPTCHA,
        rateLimits: { ...loadConfig({}).rateLimits, register: { limit: 2, windowSeconds: 3600 } },
      });
    });
    afterAll(async () => t?.close());

    it('serves a signed ALTCHA proof-of-work challenge that expires in five minutes, with nothing a script could read off', async () => {
      const res = await t.call('/openApi/captcha', {}, { method: 'GET' });
      expect(res.body.code).toBe('200');
      const { captchaId, challenge } = res.body.data as { captchaId: string; challenge: Challenge };
      expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: TEST_CAPTCHA.cost, nonce: captchaId });
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      const expiresMs = challenge.parameters.expiresAt! * 1000 - Date.now();
      expect(expiresMs).toBeGreaterThan(4 * 60_000);
      expect(expiresMs).toBeLessThanOrEqual(5 * 60_000);
      // The answer is never sent: only the prefix of a key that takes the work to find.
      expect(JSON.stringify(res.body.data)).not.toMatch(/counter|derivedKey/);
      // The signing key is one for every process on this database.
      const key = await t.db.db.selectFrom('t_setting').select('value').where('key', '=', 'altcha.hmacKey').executeTakeFirstOrThrow();
      expect(key.value).toMatch(/^[0-9a-f]{64}$/);
    });

    it('after a failed login the account needs a solved challenge from that address: missing, forged, replayed or expired ones are refused', async () => {
      const wrong = (await login(t.app, { userAccount: 'admin', password: 'Wrong@1234' })).json();
      expect(wrong).toMatchObject({ code: ERROR_CODES.BAD_CREDENTIALS, msg: '用户名或密码错误，还可尝试4次', data: { captchaRequired: true } });

      const without = (await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD })).json();
      expect(without).toMatchObject({ code: ERROR_CODES.CAPTCHA_REQUIRED, msg: '请先完成人机验证', data: { captchaRequired: true } });
      const refused = async (captchaCode: string) => (await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaCode })).json();
      expect(await refused('not-a-payload')).toMatchObject({ code: ERROR_CODES.CAPTCHA_REQUIRED, msg: '人机验证无效或已过期，请重新验证' });

      // Forged: a wrong key, parameters changed under the signature, a challenge signed with another key.
      const good = decode(await solveCaptcha(t.app));
      expect((await refused(encode({ ...good, solution: { ...good.solution, derivedKey: good.solution.derivedKey.replace(/.$/, (c: string) => (c === '0' ? '1' : '0')) } }))).code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      expect((await refused(encode({ ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } }))).code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      const foreign = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 10, counter: 5, deriveKey, expiresAt: new Date(Date.now() + 60_000), hmacSignatureSecret: 'someone-else' });
      expect((await refused(await solvedPayload(foreign))).code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      // Expired: signed with the server's own key, but its time is over.
      const key = (await t.db.db.selectFrom('t_setting').select('value').where('key', '=', 'altcha.hmacKey').executeTakeFirstOrThrow()).value;
      const old = await createChallenge({
        algorithm: 'PBKDF2/SHA-256', cost: 10, counter: 5, deriveKey, expiresAt: Math.floor(Date.now() / 1000) - 1,
        hmacSignatureSecret: key, hmacKeySignatureSecret: createHmac('sha256', key).update('altcha-key-signature').digest('hex'),
      });
      expect((await refused(await solvedPayload(old))).code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);

      // Another address is not asked.
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD }, '10.1.2.3')).json().code).toBe('200');

      const payload = encode(good);
      expect((await refused(payload)).code).toBe('200');
      // A success clears the failures: the next login needs no captcha.
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD })).json().code).toBe('200');
      // Replayed: after another failure, the solution already spent is refused.
      await login(t.app, { userAccount: 'admin', password: 'Wrong@1234' });
      expect(await refused(payload)).toMatchObject({ code: ERROR_CODES.CAPTCHA_REQUIRED, msg: '人机验证无效或已过期，请重新验证' });
      expect((await refused(await solveCaptcha(t.app))).code).toBe('200');
    });

    it('a script that cannot solve the challenge cannot lock the account; a lock holds per account and address, with back-off', async () => {
      const attacker = '203.0.113.66';
      const first = (await login(t.app, { userAccount: 'admin', password: 'Guess@0001' }, attacker)).json();
      expect(first.code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      for (let i = 0; i < 20; i++) {
        const res = (await login(t.app, { userAccount: 'admin', password: `Guess@${i}`, captchaCode: encode({ challenge: {}, solution: {} }) }, attacker)).json();
        expect(res.code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      }
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD }, '10.0.0.5')).json().code).toBe('200');

      // One who solves every challenge and guesses wrong five times locks only themselves out.
      const codes: string[] = [];
      for (let i = 0; i < 4; i++) codes.push((await login(t.app, { userAccount: 'admin', password: 'Guess@0002', captchaCode: await solveCaptcha(t.app, attacker) }, attacker)).json().msg);
      expect(codes).toEqual(['用户名或密码错误，还可尝试3次', '用户名或密码错误，还可尝试2次', '用户名或密码错误，还可尝试1次', '密码连续错误5次，账号已锁定，请15分钟后再试']);
      const locked = (await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaCode: await solveCaptcha(t.app, attacker) }, attacker)).json();
      expect(locked).toMatchObject({ code: ERROR_CODES.ACCOUNT_LOCKED, msg: '登录失败次数过多，账号已锁定，请15分钟后再试' });
      expect((await login(t.app, { userAccount: 'admin', password: ADMIN_PASSWORD }, '10.0.0.5')).json().code).toBe('200');

      // When the lock has passed, the next five failures lock the pair twice as long.
      await t.db.db.updateTable('t_login_lock').set({ lockedUntil: new Date(Date.now() - 1000).toISOString() }).where('key', '=', `staff:admin|${attacker}`).execute();
      const again: string[] = [];
      for (let i = 0; i < 5; i++) again.push((await login(t.app, { userAccount: 'admin', password: 'Guess@0003', captchaCode: await solveCaptcha(t.app, attacker) }, attacker)).json().msg);
      expect(again.at(-1)).toBe('密码连续错误5次，账号已锁定，请30分钟后再试');
      // An administrator's password reset ends the locks of that account.
      const admin = await t.login();
      const added = await t.call('/api/tUser/addUser', { userAccount: 'lockme', userName: '锁定测试', password: 'Lock@2024a' }, { token: admin });
      expect(added.body.code, added.body.msg).toBe('200');
      for (let i = 0; i < 5; i++) await login(t.app, { userAccount: 'lockme', password: 'Guess@0004', captchaCode: i === 0 ? undefined : await solveCaptcha(t.app, attacker) }, attacker);
      expect((await login(t.app, { userAccount: 'lockme', password: 'Lock@2024a', captchaCode: await solveCaptcha(t.app, attacker) }, attacker)).json().code).toBe(ERROR_CODES.ACCOUNT_LOCKED);
      const user = await t.db.db.selectFrom('t_user').select('id').where('userAccount', '=', 'lockme').executeTakeFirstOrThrow();
      expect((await t.call('/api/tUser/updatePassword', { id: user.id, newPassword: 'Reset@2024x' }, { token: admin })).body.code).toBe('200');
      expect(await t.db.db.selectFrom('t_login_lock').selectAll().where('key', 'like', 'staff:lockme|%').execute()).toEqual([]);
    });

    it('answers a known and an unknown account alike, attempt by attempt (staff and visitor)', async () => {
      const plain = await createTestApp(dialect, { captcha: TEST_CAPTCHA });
      try {
        await plain.call('/openApi/register', { userAccount: '13812349876', password: 'Visit@2024ab', userName: '存在的访客', sqdw: '某公司' });
        const answers = async (url: string, account: string, address: string) => {
          const out: unknown[] = [];
          for (let i = 0; i < 7; i++) {
            const res = await plain.app.inject({ method: 'POST', url, payload: { userAccount: account, password: 'Wrong@9999' }, remoteAddress: address });
            out.push({ status: res.statusCode, ...(res.json() as object) });
          }
          return out;
        };
        const staffKnown = await answers('/openApi/login', 'admin', '198.51.100.1');
        expect(staffKnown[0]).toEqual({ status: 400, code: ERROR_CODES.BAD_CREDENTIALS, msg: '用户名或密码错误，还可尝试4次', data: null });
        expect(staffKnown[4]).toMatchObject({ code: ERROR_CODES.ACCOUNT_LOCKED });
        expect(await answers('/openApi/login', 'no_such_user', '198.51.100.1')).toEqual(staffKnown);
        const visitorKnown = await answers('/openApi/visitorLogin', '13812349876', '198.51.100.2');
        expect(visitorKnown[0]).toMatchObject({ code: ERROR_CODES.BAD_CREDENTIALS, msg: '手机号或密码错误，还可尝试4次' });
        expect(visitorKnown[6]).toMatchObject({ code: ERROR_CODES.ACCOUNT_LOCKED });
        expect(await answers('/openApi/visitorLogin', '13900001234', '198.51.100.2')).toEqual(visitorKnown);
      } finally {
        await plain.close();
      }
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

  describe.skipIf(!available)(`forwarded client addresses (TRUST_PROXY) [${dialect}]`, () => {
    const PROXY = '10.9.9.9';
    const STRANGER = '198.51.100.7';
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        trustProxy: [PROXY],
        loginCaptchaAfterFailures: 1,
        captcha: TEST_CAPTCHA,
        rateLimits: { ...loadConfig({}).rateLimits, question: { limit: 2, windowSeconds: 3600 } },
      });
    });
    afterAll(async () => t?.close());

    const ask = (remoteAddress: string, forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/openApi/addProblem',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { title: '转发地址问题', content: '内容', askerName: '钱先生', askerPhone: '13900001111' },
      });
    const loginVia = (remoteAddress: string, forwardedFor: string, body: Row) =>
      t.app.inject({ method: 'POST', url: '/openApi/login', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: body });
    const lastLoginIp = async (action: string) =>
      (await t.db.db.selectFrom('t_audit_log').select('ip').where('action', '=', action).orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow()).ip;

    it('ignores X-Forwarded-For from a peer that is not a configured proxy: limits, captcha and audit see the peer', async () => {
      const codes: string[] = [];
      for (let i = 1; i <= 3; i++) codes.push((await ask(STRANGER, `192.0.2.${i}`)).json().code);
      expect(codes).toEqual(['200', '200', ERROR_CODES.RATE_LIMITED]);

      const wrong = await loginVia(STRANGER, '192.0.2.50', { userAccount: 'admin', password: 'Wrong@1234' });
      expect(wrong.json().code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      expect(await lastLoginIp('loginFailed')).toBe(STRANGER);
      // A made-up address does not get around the captcha the peer now owes.
      expect((await loginVia(STRANGER, '192.0.2.51', { userAccount: 'admin', password: ADMIN_PASSWORD })).json().code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      expect((await loginVia(STRANGER, '192.0.2.52', { userAccount: 'admin', password: ADMIN_PASSWORD, captchaCode: await solveCaptcha(t.app, STRANGER) })).json().code).toBe('200');
      expect(await lastLoginIp('login')).toBe(STRANGER);
    });

    it('believes X-Forwarded-For from the configured proxy: each client behind it has its own limits, captcha and audit address', async () => {
      expect((await ask(PROXY, '203.0.113.1')).json().code).toBe('200');
      expect((await ask(PROXY, '203.0.113.1')).json().code).toBe('200');
      expect((await ask(PROXY, '203.0.113.2')).json().code).toBe('200');
      expect((await ask(PROXY, '203.0.113.1')).json().code).toBe(ERROR_CODES.RATE_LIMITED);

      expect((await loginVia(PROXY, '203.0.113.5', { userAccount: 'admin', password: 'Wrong@1234' })).json().code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      expect(await lastLoginIp('loginFailed')).toBe('203.0.113.5');
      expect((await loginVia(PROXY, '203.0.113.5', { userAccount: 'admin', password: ADMIN_PASSWORD })).json().code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      // Another client behind the same proxy is not asked.
      expect((await loginVia(PROXY, '203.0.113.6', { userAccount: 'admin', password: ADMIN_PASSWORD })).json().code).toBe('200');
      expect(await lastLoginIp('login')).toBe('203.0.113.6');
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
        loginCaptchaAfterFailures: 1,
        captcha: TEST_CAPTCHA,
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

    it('a challenge from one process is accepted by the other, once: both sign with the key in the database and record spent ones there', async () => {
      await ensureAdmin(handles[0].db, ADMIN_PASSWORD);
      const loginOn = (i: number, body: Row) => apps[i].inject({ method: 'POST', url: '/openApi/login', payload: body, remoteAddress: '203.0.113.77' });
      expect((await loginOn(0, { userAccount: 'admin', password: 'Wrong@1234' })).json().code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      const payload = await solveCaptcha(apps[0], '203.0.113.77');
      expect((await loginOn(1, { userAccount: 'admin', password: 'Wrong@1234', captchaCode: payload })).json().code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      // Spent on process 1: refused on process 0, and again on 1.
      expect((await loginOn(0, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaCode: payload })).json().code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      expect((await loginOn(1, { userAccount: 'admin', password: ADMIN_PASSWORD, captchaCode: payload })).json().code).toBe(ERROR_CODES.CAPTCHA_REQUIRED);
      // The two failures were counted together.
      const third = (await loginOn(0, { userAccount: 'admin', password: 'Wrong@1234', captchaCode: await solveCaptcha(apps[1], '203.0.113.77') })).json();
      expect(third.msg).toBe('用户名或密码错误，还可尝试2次');
    });
  });

  describe.skipIf(!available)(`security headers and cross-site requests [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Requests from inject come from 127.0.0.1: here the reverse proxy that ends TLS.
      t = await createTestApp(dialect, { trustProxy: ['127.0.0.1'] });
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

    it('puts the headers on the page, API answers and errors (a missing asset too); HSTS only over TLS', async () => {
      for (const [method, url] of [['GET', '/'], ['GET', '/managementSystem/analysis'], ['GET', '/assets/missing-abc123.js'], ['POST', '/api/currentUser'], ['GET', '/openApi/config'], ['GET', '/openApi/nothing-here']] as const) {
        const res = await t.app.inject({ method, url });
        expectHeaders(res.headers, `${method} ${url}`);
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
      }
      const tls = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      // Any other peer cannot claim TLS.
      const claimed = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '198.51.100.9', headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends a hashed asset with only the headers a script file needs: nosniff, cached for good, no revalidation', async () => {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
        const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('console.log(1)');
        const { date: _date, connection: _connection, ...sent } = res.headers;
        expect(sent).toEqual({
          'content-type': 'application/javascript; charset=utf-8',
          'content-length': String('console.log(1)'.length),
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          vary: 'accept-encoding',
        });
      }
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
