import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../src/lib/scheduler';
import { createTestDb, DIALECTS, dialectAvailable, type TestDb } from './helpers/db';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`scheduler with database leases [${dialect}]`, () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await createTestDb(dialect);
    });
    afterAll(async () => db?.dispose());

    it('runs a job on one process at a time; the other is refused while it runs', async () => {
      const a = createScheduler({ db: db.db, owner: 'proc-a' });
      const b = createScheduler({ db: db.db, owner: 'proc-b' });
      let running = 0;
      let maxRunning = 0;
      const runs: string[] = [];
      const job = (who: string) => async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        runs.push(who);
        await sleep(150);
        running--;
        return `${who} done`;
      };
      a.registerJob('test.exclusive', 60_000, job('a'));
      b.registerJob('test.exclusive', 60_000, job('b'));
      const [ranA, ranB] = await Promise.all([a.runOnce('test.exclusive'), sleep(20).then(() => b.runOnce('test.exclusive'))]);
      expect([ranA, ranB]).toEqual([true, false]);
      expect(runs).toEqual(['a']);
      expect(maxRunning).toBe(1);
      // Released at the end of the run: the other process may run it now.
      expect(await b.runOnce('test.exclusive')).toBe(true);
      const lease = await db.db.selectFrom('t_job_lease').selectAll().where('name', '=', 'test.exclusive').executeTakeFirstOrThrow();
      expect(lease).toMatchObject({ owner: 'proc-b', lastResult: 'b done' });
      expect(Date.parse(lease.expiresAt)).toBeLessThanOrEqual(Date.now());
    });

    it('started on two processes, a job runs once per interval overall and stops with stop()', async () => {
      const count = { a: 0, b: 0 };
      const a = createScheduler({ db: db.db, owner: 'proc-a2' });
      const b = createScheduler({ db: db.db, owner: 'proc-b2' });
      a.registerJob('test.interval', 400, () => void count.a++);
      b.registerJob('test.interval', 400, () => void count.b++);
      a.start();
      b.start();
      await sleep(2600);
      await Promise.all([a.stop(), b.stop()]);
      const total = count.a + count.b;
      // About 2600 ms / 400 ms after the first run (which waits up to 400 ms): never twice per interval.
      expect(total).toBeGreaterThanOrEqual(2);
      expect(total).toBeLessThanOrEqual(8);
      await sleep(900);
      expect(count.a + count.b).toBe(total);
    });

    it('records a failing run and keeps going', async () => {
      const s = createScheduler({ db: db.db, owner: 'proc-c' });
      s.registerJob('test.failing', 60_000, () => {
        throw new Error('远端不可用');
      });
      expect(await s.runOnce('test.failing')).toBe(true);
      const lease = await db.db.selectFrom('t_job_lease').select('lastResult').where('name', '=', 'test.failing').executeTakeFirstOrThrow();
      expect(lease.lastResult).toBe('失败：远端不可用');
      await expect(s.runOnce('nope')).rejects.toThrow('Unknown job');
      expect(() => s.registerJob('test.failing', 1000, () => undefined)).toThrow('registered twice');
    });
  });
}
