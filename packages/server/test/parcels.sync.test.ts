import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { EmbeddedLandTransactionClient } from '../src/integrations/landTransaction/embedded';
import { HttpLandTransactionClient } from '../src/integrations/landTransaction/http';
import { SYNC_JOB, runScheduledSync } from '../src/integrations/landTransaction/schedule';
import { syncLandTransactions } from '../src/integrations/landTransaction/sync';
import { LandTransactionError } from '../src/integrations/landTransaction/types';
import { acquireLease } from '../src/services/jobLease';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;
type Mode = 'ok' | 'error500' | 'slow' | 'badJson' | 'badRecord' | 'enveloped';

/** A stand-in for the land-transaction system on 127.0.0.1: what it answers is set per test. */
class FakeJyxt {
  mode: Mode = 'ok';
  listed: Row[] = [];
  deals: Row[] = [];
  requests: string[] = [];
  private server = http.createServer((req, res) => {
    this.requests.push(req.url ?? '');
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    };
    if (this.mode === 'error500') return send(500, '{"msg":"internal error"}');
    if (this.mode === 'slow') return void setTimeout(() => send(200, '[]'), 2000);
    if (this.mode === 'badJson') return send(200, '{"code":"200","data":[{"id":');
    const path = (req.url ?? '').split('?')[0];
    if (path === '/api/listed' || path === '/api/deals') {
      let list = path === '/api/listed' ? this.listed : this.deals;
      if (this.mode === 'badRecord') list = [...list, { id: 'X-BAD', parcelCode: '', status: 'dealt' }];
      return send(200, JSON.stringify(this.mode === 'enveloped' ? { code: '200', data: { list } } : list));
    }
    const one = /^\/api\/transactions\/(.+)$/.exec(path);
    if (one) {
      const found = [...this.listed, ...this.deals].find((t) => t.id === decodeURIComponent(one[1]));
      return found ? send(200, JSON.stringify({ code: '200', data: found })) : send(404, '{}');
    }
    send(404, '{}');
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const listing = (id: string, parcelCode: string, extra: Row = {}): Row => ({
  id,
  parcelCode,
  announcementNo: `临江经开挂告字〔2025〕${id}号`,
  transactionType: 'listing',
  listingStart: '2025-06-01',
  listingEnd: '2025-06-20 17:00:00',
  startingPrice: '1440',
  deposit: 288,
  bidIncrement: 10,
  transferYears: 50,
  ...extra,
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`land-transaction sync [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let fake: FakeJyxt;
    let baseUrl: string;
    let client: HttpLandTransactionClient;
    const db = () => t.db.db as unknown as AnyDb;
    const stored = async () =>
      (await db().selectFrom('t_land_jyst').select(['externalId', 'parcelCode', 'status', 'dealPrice', 'winner', 'listingEnd', 'dkid', 'version']).orderBy('externalId').execute()) as Row[];
    const tradeState = async (id: unknown) => (await db().selectFrom('t_landinfo').select('tradeState').where('id', '=', id).executeTakeFirstOrThrow()).tradeState;

    beforeAll(async () => {
      fake = new FakeJyxt();
      baseUrl = await fake.start();
      t = await createTestApp(dialect, { jyxtBaseUrl: baseUrl, jyxtTimeoutMs: 500 });
      w = await parcelWorld(t);
      client = new HttpLandTransactionClient({ baseUrl, timeoutMs: 500 });
    });
    afterAll(async () => {
      await t?.close();
      await fake?.stop();
    });
    beforeEach(async () => {
      fake.mode = 'ok';
      await db().deleteFrom('t_land_jyst').execute();
      await db().deleteFrom('t_job_lease').execute();
    });

    it('creates the records once: a second run adds nothing, and links them to parcels by code', async () => {
      const p = await w.createParcel({ dkbh: 'LJ2025-31' });
      fake.listed = [listing('A1', 'LJ2025-31'), listing('A2', 'LJ2099-99')];
      fake.deals = [listing('D1', 'LJ2024-07', { status: 'dealt', dealPrice: 1500, dealDate: '2024-11-22', winner: '临江保税供应链有限公司', contractNo: '3301762024B00037' })];
      const first = await syncLandTransactions(t.db, client);
      expect(first).toMatchObject({ fetched: 3, created: 3, updated: 0, unchanged: 0 });
      expect(first.unmatched.sort()).toEqual(['LJ2024-07', 'LJ2099-99']);
      const rows = await stored();
      // Date-times from the system are kept as dates.
      expect(rows.map((r) => [r.externalId, r.status, r.listingEnd])).toEqual([['A1', 'listing', '2025-06-20'], ['A2', 'listing', '2025-06-20'], ['D1', 'dealt', '2025-06-20']]);
      expect(rows.find((r) => r.externalId === 'A1')!.dkid).toBe(p.id);
      expect(await tradeState(p.id)).toBe('listed');

      const second = await syncLandTransactions(t.db, client);
      expect(second).toMatchObject({ fetched: 3, created: 0, updated: 0, unchanged: 3 });
      expect(await stored()).toEqual(rows);
    });

    it('updates a record the system changed, and a listing that became a deal moves the parcel to 已成交', async () => {
      const p = await w.createParcel({ dkbh: 'LJ2025-32' });
      fake.listed = [listing('B1', 'LJ2025-32')];
      fake.deals = [];
      await syncLandTransactions(t.db, client);
      expect(await tradeState(p.id)).toBe('listed');
      // Concluded: still in the listed answer for a while, and in the deals.
      fake.deals = [listing('B1', 'LJ2025-32', { status: 'dealt', dealPrice: 1600, dealDate: '2025-06-20', winner: '浙江远驰汽车零部件有限公司' })];
      const res = await syncLandTransactions(t.db, client);
      expect(res).toMatchObject({ fetched: 1, created: 0, updated: 1 });
      expect(await stored()).toEqual([expect.objectContaining({ externalId: 'B1', status: 'dealt', dealPrice: 1600, winner: '浙江远驰汽车零部件有限公司', version: 2 })]);
      expect(await tradeState(p.id)).toBe('deal');
    });

    it('links a record to its parcel on a later run once the parcel has been entered', async () => {
      fake.listed = [listing('C1', 'LJ2025-33')];
      fake.deals = [];
      await syncLandTransactions(t.db, client);
      expect((await stored())[0].dkid).toBeNull();
      const p = await w.createParcel({ dkbh: 'LJ2025-33' });
      const res = await syncLandTransactions(t.db, client);
      expect(res.updated).toBe(1);
      expect((await stored())[0].dkid).toBe(p.id);
    });

    describe('a failing transaction system leaves the stored records untouched', () => {
      const failures: [Mode, RegExp][] = [
        ['error500', /HTTP 500/],
        ['slow', /无响应|超时/],
        ['badJson', /不是有效的 JSON/],
        ['badRecord', /第\d+条记录不正确/],
      ];
      for (const [mode, message] of failures) {
        it(mode, async () => {
          fake.mode = 'ok';
          fake.listed = [listing('E1', 'LJ2025-40')];
          fake.deals = [];
          await syncLandTransactions(t.db, client);
          const before = await stored();
          fake.mode = mode;
          fake.listed = [listing('E1', 'LJ2025-40', { status: 'terminated' }), listing('E2', 'LJ2025-41')];
          const err = await syncLandTransactions(t.db, client).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(LandTransactionError);
          expect((err as Error).message).toMatch(message);
          expect(await stored()).toEqual(before);
        });
      }
    });

    it('reads the usual envelope {code, data: {list}} too, and one record by id', async () => {
      fake.mode = 'enveloped';
      fake.listed = [listing('F1', 'LJ2025-50')];
      fake.deals = [];
      expect((await client.listListed()).map((r) => r.id)).toEqual(['F1']);
      fake.mode = 'ok';
      expect(await client.getById('F1')).toMatchObject({ id: 'F1', parcelCode: 'LJ2025-50', startingPrice: 1440, status: 'listing' });
      expect(await client.getById('nope')).toBeUndefined();
    });

    it('the embedded default reads the records entered in the back office', async () => {
      await w.call('/api/tLandJyst/addOrUpdate', { parcelCode: 'LJ2025-60', transactionType: 'listing', status: 'listing', startingPrice: 800 });
      await w.call('/api/tLandJyst/addOrUpdate', { parcelCode: 'LJ2025-61', transactionType: 'auction', status: 'dealt', dealPrice: 5000, dealDate: '2025-07-01', winner: '临江某置业有限公司' });
      const embedded = new EmbeddedLandTransactionClient(db());
      expect((await embedded.listListed()).map((r) => r.parcelCode)).toEqual(['LJ2025-60']);
      const [deal] = await embedded.listDeals();
      expect(deal).toMatchObject({ parcelCode: 'LJ2025-61', dealPrice: 5000, status: 'dealt' });
      expect(await embedded.getById(deal.id)).toMatchObject({ parcelCode: 'LJ2025-61' });
    });

    it('one process of several runs the job: the lease', async () => {
      expect(await acquireLease(t.db.db, 'job', 'a', 60_000)).toBe(true);
      expect(await acquireLease(t.db.db, 'job', 'b', 60_000)).toBe(false);
      expect(await acquireLease(t.db.db, 'job', 'a', 60_000)).toBe(true);
      // Expired: the next one takes over.
      await db().updateTable('t_job_lease').set({ expiresAt: '2000-01-01T00:00:00.000Z' }).where('name', '=', 'job').execute();
      expect(await acquireLease(t.db.db, 'job', 'b', 60_000)).toBe(true);
      expect(await acquireLease(t.db.db, 'job', 'a', 60_000)).toBe(false);
    });

    it('a scheduled run syncs under the lease and records its outcome; a failure is logged, not thrown', async () => {
      fake.listed = [listing('G1', 'LJ2025-70')];
      fake.deals = [];
      const logged: string[] = [];
      const log = { info: (_o: unknown, m?: string) => logged.push(`info ${m}`), warn: () => undefined, error: (_o: unknown, m?: string) => logged.push(`error ${m}`) };
      expect(await runScheduledSync(t.db, client, { intervalMinutes: 15, log, owner: 'p1' })).toBe(true);
      expect(await runScheduledSync(t.db, client, { intervalMinutes: 15, log, owner: 'p2' })).toBe(false);
      fake.mode = 'error500';
      expect(await runScheduledSync(t.db, client, { intervalMinutes: 15, log, owner: 'p1' })).toBe(true);
      expect(logged[0]).toMatch(/^info 土地交易记录同步完成：共1条：新增1/);
      expect(logged[1]).toMatch(/^error /);
      const lease = await db().selectFrom('t_job_lease').selectAll().where('name', '=', SYNC_JOB).executeTakeFirstOrThrow();
      expect(lease).toMatchObject({ owner: 'p1', lastResult: expect.stringMatching(/^失败：土地交易系统返回错误.*HTTP 500/) });
      expect((await stored()).map((r) => r.externalId)).toEqual(['G1']);
    });

    it('/api/tLandJyst/syncFromJyxt runs it now for an administrator and says why it failed', async () => {
      fake.listed = [listing('H1', 'LJ2025-80')];
      fake.deals = [];
      const res = await w.call('/api/tLandJyst/syncFromJyxt');
      expect(res.body).toMatchObject({ code: '200', data: { created: 1 } });
      expect((await w.call('/api/tLandJyst/syncFromJyxt', {}, { token: w.tokens.editor })).body.code).toBe(ERROR_CODES.FORBIDDEN);
      fake.mode = 'badJson';
      const failed = await w.call('/api/tLandJyst/syncFromJyxt');
      expect(failed.status).toBe(502);
      expect(failed.body.msg).toMatch(/不是有效的 JSON.*已有数据未改动/);
    });

    it('refuses a base URL that is not http(s)', () => {
      expect(() => new HttpLandTransactionClient({ baseUrl: 'ftp://jyxt' })).toThrow(LandTransactionError);
      expect(() => new HttpLandTransactionClient({ baseUrl: 'not a url' })).toThrow(/地址不正确/);
    });
  });
}
