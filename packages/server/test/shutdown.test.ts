/**
 * SIGTERM drains: a server process stopped in the middle of an upload and of a scheduled job
 * finishes the upload, refuses new requests meanwhile, finishes the job and gives its lease back,
 * so another process takes the job at once instead of when the lease runs out. A background
 * import finishes within SHUTDOWN_TIMEOUT_SECONDS, or is rolled back and marked failed with a
 * message the dialog shows at once (not after the five minutes a lost job takes to go stale).
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/database';
import type { AnyDb } from '../src/entities/repository';
import { SHUTDOWN_MESSAGE } from '../src/lib/jobs';
import { parcelImportWorkbook } from '../src/scale/workbook';
import { DIALECTS, createProcessDb, dialectAvailable, type ProcessDb } from './helpers/db';
import { multipart } from './helpers/multipart';
import { startChildServer, type ChildServer } from './helpers/server';

const ADMIN_PASSWORD = 'Admin@12345';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PROBE = { SCHEDULER_PROBE_MS: '1000', SCHEDULER_PROBE_RUN_MS: '4000' };
// The probe's lease while it runs: 20 × its run time (scale/probeJob.ts).
const PROBE_LEASE_MS = 80_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function loginAdmin(url: string): Promise<string> {
  const res = await fetch(`${url}/openApi/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userAccount: 'admin', password: ADMIN_PASSWORD }) });
  const body = (await res.json()) as { code: string; data: { token: string } };
  expect(body.code).toBe('200');
  return body.data.token;
}

/** Starts the parcel template import as a background job (async=1) and answers its job id. */
async function startImport(url: string, token: string, file: Buffer): Promise<string> {
  const body = multipart([{ name: 'async', value: '1' }, { name: 'file', filename: '地块.xlsx', content: file }]);
  const res = await fetch(`${url}/openApi/ExcelMainDispose/readWriterExcel`, { method: 'POST', headers: { ...body.headers, token }, body: body.payload });
  const answer = (await res.json()) as { code: string; msg: string; data: { jobId: string } };
  expect(answer.code, answer.msg).toBe('200');
  return answer.data.jobId;
}

/** Sends a request's head and the first part of its body now, the rest when `finish` is called. */
function slowUpload(url: string, token: string, body: { payload: Buffer; headers: Record<string, string> }) {
  const split = Math.floor(body.payload.length / 2);
  let answer: (v: { status: number; body: string }) => void;
  let fail: (e: Error) => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  const req = http.request(`${url}/api/file/upload`, {
    method: 'POST',
    agent: false,
    headers: { ...body.headers, token, 'content-length': String(body.payload.length) },
  });
  req.on('response', (res) => {
    let text = '';
    res.on('data', (d) => (text += d));
    res.on('end', () => answer({ status: res.statusCode ?? 0, body: text }));
  });
  req.on('error', (e) => fail(e));
  req.write(body.payload.subarray(0, split));
  return {
    response,
    finish() {
      req.end(body.payload.subarray(split));
    },
  };
}

for (const dialect of DIALECTS) {
  describe(`SIGTERM on ${dialect}`, () => {
    let procDb: ProcessDb | undefined;
    let handle: DbHandle | undefined;
    let env: Record<string, string> = {};
    let dataDir = '';
    const servers: ChildServer[] = [];

    beforeAll(async () => {
      if (!(await dialectAvailable(dialect))) return;
      procDb = await createProcessDb(dialect, 'stop', ADMIN_PASSWORD);
      ({ handle, env, dataDir } = procDb);
    }, 60_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await procDb?.dispose();
    });

    it('finishes the request in flight, refuses new ones, and gives the job lease back', async () => {
      if (!handle) return;
      const db = handle.db;
      const a = await startChildServer({ ...env, ...PROBE, ADMIN_PASSWORD });
      servers.push(a);
      const login = (await (await fetch(`${a.url}/openApi/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userAccount: 'admin', password: ADMIN_PASSWORD }) })).json()) as { code: string; data: { token: string } };
      expect(login.code).toBe('200');

      // A waits in the middle of the probe job, holding its lease.
      const pidPart = `:${a.child.pid}:`;
      let held: { owner: string; expiresAt: string } | undefined;
      for (let i = 0; i < 400 && !held; i++) {
        const row = await db.selectFrom('t_job_lease').select(['owner', 'expiresAt']).where('name', '=', 'schedulerProbe').executeTakeFirst();
        if (row && row.owner.includes(pidPart) && Date.parse(row.expiresAt) > Date.now() + PROBE_LEASE_MS / 2) held = row;
        else await sleep(100);
      }
      expect(held, 'A took the probe job').toBeDefined();
      const leaseEnd = Date.parse(held!.expiresAt);

      // An upload in flight: half of it sent.
      const upload = slowUpload(a.url, login.data.token, multipart([{ name: 'dir', value: 'images' }, { name: 'file', filename: '现场.png', content: Buffer.concat([PNG, randomBytes(256 * 1024)]) }]));
      await sleep(500);
      expect(a.child.exitCode).toBeNull();
      a.child.kill('SIGTERM');
      await sleep(500);

      // New requests are refused (the listener is closed) while the upload is still open.
      const fresh = await fetch(`${a.url}/healthz`).then((r) => r.status, (e: Error) => e.name);
      expect(fresh === 503 || fresh === 'TypeError', `a new request got ${fresh}`).toBe(true);
      expect(a.child.exitCode).toBeNull();

      upload.finish();
      const res = await upload.response;
      expect(res.status, res.body).toBe(200);
      const stored = JSON.parse(res.body) as { code: string; data: { url: string } };
      expect(stored.code).toBe('200');
      expect(fs.existsSync(path.join(dataDir, 'uploads', stored.data.url.replace('/virtualPath/', '')))).toBe(true);

      expect(await a.exited, a.output()).toBe(0);
      // The run in progress finished, and the lease was given back long before it would run out.
      const runsOfA = await db.selectFrom('t_job').select('id').where('kind', '=', 'schedulerProbe').where('ownerId', '=', String(a.child.pid)).execute();
      expect(runsOfA.length).toBeGreaterThanOrEqual(1);
      const after = await db.selectFrom('t_job_lease').select(['owner', 'expiresAt']).where('name', '=', 'schedulerProbe').executeTakeFirstOrThrow();
      expect(Date.parse(after.expiresAt)).toBeLessThanOrEqual(Date.now());

      // Another process takes the job within the lease time A had.
      const b = await startChildServer({ ...env, ...PROBE, ADMIN_PASSWORD });
      servers.push(b);
      let firstOfB: string | undefined;
      while (!firstOfB && Date.now() < leaseEnd) {
        const row = await db.selectFrom('t_job').select('createdAt').where('kind', '=', 'schedulerProbe').where('ownerId', '=', String(b.child.pid)).executeTakeFirst();
        if (row) firstOfB = row.createdAt;
        else await sleep(250);
      }
      expect(firstOfB, 'B ran the job before A’s lease would have run out').toBeDefined();
      expect(Date.parse(firstOfB!)).toBeLessThan(leaseEnd);
      await b.stop();
    }, 240_000);

    it('lets a background import finish within the shutdown time, and marks one that cannot failed at once, with nothing saved', async () => {
      if (!handle) return;
      const db = handle.db;
      const job = (id: string) => db.selectFrom('t_job').select(['state', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
      const imported = async (prefix: string) =>
        Number((await (db as unknown as AnyDb).selectFrom('t_landinfo').select((eb) => eb.fn.countAll<number>().as('n')).where('dkbh', 'like', `${prefix}-%`).executeTakeFirstOrThrow()).n);
      const small = await parcelImportWorkbook(db, 40, { prefix: 'DRAINOK', perDistrict: 40 });
      const large = await parcelImportWorkbook(db, 10_000, { prefix: 'DRAINNO', perDistrict: 5000 });

      // Enough time: the import running at SIGTERM finishes and is reported done.
      const a = await startChildServer({ ...env, ADMIN_PASSWORD });
      servers.push(a);
      const first = await startImport(a.url, await loginAdmin(a.url), small);
      expect((await job(first)).state).toBe('running');
      a.child.kill('SIGTERM');
      expect(await a.exited, a.output()).toBe(0);
      expect(await job(first)).toMatchObject({ state: 'done' });
      expect(await imported('DRAINOK')).toBe(40);

      // Three seconds: ten thousand rows cannot be read, checked and saved in time. The job is
      // stopped shortly before the deadline, its rows rolled back, and its row says why.
      const b = await startChildServer({ ...env, ADMIN_PASSWORD, SHUTDOWN_TIMEOUT_SECONDS: '3' });
      servers.push(b);
      const second = await startImport(b.url, await loginAdmin(b.url), large);
      const stoppedAt = Date.now();
      b.child.kill('SIGTERM');
      expect(await b.exited, b.output()).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(3000 + 1000);
      const failed = await job(second);
      expect(failed.state).toBe('failed');
      expect(JSON.parse(failed.error ?? '{}')).toMatchObject({ msg: SHUTDOWN_MESSAGE });
      expect(await imported('DRAINNO')).toBe(0);
    }, 240_000);
  });
}
