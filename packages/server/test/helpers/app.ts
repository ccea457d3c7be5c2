import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DialectName } from '../../src/db/database';
import { ensureAdmin } from '../../src/services/users';
import { createTestDb, type TestDb } from './db';

export const ADMIN_PASSWORD = 'Admin@12345';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  /** Logs in and returns the token. */
  login(userAccount?: string, password?: string): Promise<string>;
  /** POSTs JSON (or form with `form: true`) with an optional token and returns status and body. */
  call(url: string, payload?: Record<string, unknown>, opts?: { token?: string; form?: boolean; method?: 'GET' | 'POST' }): Promise<{ status: number; body: Envelope }>;
  close(): Promise<void>;
}

export interface Envelope {
  code: string;
  msg: string;
  // Tests read arbitrary response shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div>APP_HTML</body></html>');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  return dir;
}

/**
 * `existing`: run on that (migrated) database instead of a fresh one; closing the app disposes it.
 * `readDb`: the public searches' read replica (DATABASE_READ_URL); its owner disposes it.
 */
export async function createTestApp(dialect: DialectName, overrides: Partial<Config> = {}, existing?: TestDb, readDb?: TestDb): Promise<TestApp> {
  const db = existing ?? (await createTestDb(dialect));
  const config: Config = {
    ...loadConfig({}),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'land-data-')),
    webDist: makeWebDist(),
    logLevel: 'silent',
    // The login captcha (after one failure) is tested on its own; other suites try wrong passwords freely.
    loginCaptchaAfterFailures: 0,
    ...overrides,
  };
  await ensureAdmin(db.db, ADMIN_PASSWORD);
  // Suites sign in as an admin who has changed the initial password; the forced change
  // (every call but the session ones refused) is tested on its own (auth.mustChange.test.ts).
  await db.db.updateTable('t_user').set({ mustChangePassword: 0 }).where('userAccount', '=', 'admin').execute();
  const app = await buildApp({ db: db.db, dialect: db.dialect, config, readDb: readDb?.db, dbPool: db.pool }, { logger: false });
  await app.ready();

  const call: TestApp['call'] = async (url, payload = {}, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.token = opts.token;
    const method = opts.method ?? 'POST';
    const req: InjectOptions = { method, url, headers };
    if (method === 'GET') {
      req.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      req.payload = new URLSearchParams(
        Object.entries(payload).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ).toString();
    } else {
      req.payload = payload;
    }
    const res = await app.inject(req);
    let body: Envelope;
    try {
      body = res.json();
    } catch {
      body = { code: 'NOT_JSON', msg: res.body, data: null };
    }
    return { status: res.statusCode, body };
  };

  return {
    app,
    db,
    config,
    call,
    async login(userAccount = 'admin', password = ADMIN_PASSWORD) {
      const res = await call('/openApi/login', { userAccount, password });
      if (res.body.code !== '200') throw new Error(`login failed: ${res.body.msg}`);
      return res.body.data.token as string;
    },
    async close() {
      await app.close();
      await db.dispose();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      fs.rmSync(config.webDist, { recursive: true, force: true });
    },
  };
}

/**
 * As if a staff user an administrator created had changed the password at first login, so
 * suites about other things may use the account (until then the server allows only the
 * session calls).
 */
export async function markPasswordChanged(t: TestApp, userAccount: string): Promise<void> {
  await t.db.db.updateTable('t_user').set({ mustChangePassword: 0 }).where('userAccount', '=', userAccount).execute();
}
