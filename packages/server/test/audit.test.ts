import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { entityByName } from '@land/shared/entities/index';
import { purgeAudit } from '../src/services/audit';
import { registerVisitor } from '../src/services/visitors';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { STAFF_PASSWORD, parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/** The audit log (issue 10, item 1): every write with before/after, logins, logouts, failures. */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`audit log [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    const search = async (q: Row, token?: string) => {
      const res = await w.call('/api/auditLog/selectByPage', { pageNo: 1, pageSize: 100, ...q }, { token });
      expect(res.body, res.body.msg).toMatchObject({ code: '200' });
      return res.body.data as { list: Row[]; total: number };
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    it('a save is logged with who, from where, the record and the change before and after', async () => {
      const parcel = await w.createParcel({ dkmc: '审计地块甲', contact: '王工' });
      const created = await search({ entity: 'tLandinfo', recordId: parcel.id, action: 'create' });
      expect(created.total).toBe(1);
      expect(created.list[0]).toMatchObject({ actorType: 'staff', actorName: '系统管理员', ip: '127.0.0.1', before: null });
      expect(created.list[0].after).toMatchObject({ id: parcel.id, dkmc: '审计地块甲', contact: '王工' });

      const res = await w.call('/api/tLandinfo/addOrUpdate', { id: parcel.id, version: parcel.version, contact: '李工' }, { token: w.tokens.editor });
      expect(res.body.code).toBe('200');
      const updated = await search({ entity: 'tLandinfo', recordId: parcel.id, action: 'update' });
      expect(updated.total).toBe(1);
      expect(updated.list[0]).toMatchObject({ actorName: 'editor用户', before: { contact: '王工', version: 1 }, after: { contact: '李工', version: 2 } });
      // The filter by user finds it; by another user it does not.
      expect((await search({ actor: 'editor用户', recordId: parcel.id })).total).toBe(1);
      expect((await search({ actor: '系统管理员', recordId: parcel.id, action: 'update' })).total).toBe(0);
      expect((await search({ keyword: '审计地块甲', action: 'update' })).total).toBeGreaterThanOrEqual(1);
    });

    it('a refused save leaves no entry (the entry is written in the save transaction)', async () => {
      const before = (await search({ entity: 'tLandinfo' })).total;
      const res = await w.call('/api/tLandinfo/addListTLandinfo', { list: [w.parcel(), w.parcel({ dkbh: '' , landArea: -1 })] });
      expect(res.body.code).toBe(ERROR_CODES.VALIDATION);
      expect((await search({ entity: 'tLandinfo' })).total).toBe(before);
    });

    it('a delete is logged with the record as it was', async () => {
      const notice = (await w.call('/api/tRegulations/addOrUpdate', { title: '审计删除的法规', category: 'national', content: '<p>正文</p>' })).body.data as Row;
      expect(notice.id).toBeTruthy();
      const res = await w.call('/api/tRegulations/deleteById', { id: notice.id }, { form: true });
      expect(res.body.code).toBe('200');
      const deleted = await search({ entity: 'tRegulations', recordId: notice.id, action: 'delete' });
      expect(deleted.total).toBe(1);
      expect(deleted.list[0]).toMatchObject({ actorType: 'staff', after: null, before: { id: notice.id, title: '审计删除的法规' } });
    });

    it('a change sent as GET (no body) is logged with who made it too', async () => {
      const notice = (await w.call('/api/tRegulations/addOrUpdate', { title: '审计GET删除的法规', category: 'national', content: '<p>正文</p>' })).body.data as Row;
      const res = await t.call('/api/tRegulations/deleteById', { id: notice.id }, { token: w.tokens.admin, method: 'GET' });
      expect(res.body.code).toBe('200');
      const deleted = await search({ entity: 'tRegulations', recordId: notice.id, action: 'delete' });
      expect(deleted.total).toBe(1);
      expect(deleted.list[0]).toMatchObject({ actorType: 'staff', actorName: '系统管理员', ip: '127.0.0.1' });
    });

    it('logins, failed logins and logouts of staff and visitors are logged', async () => {
      const token = await t.login('editor01', STAFF_PASSWORD);
      const bad = await t.call('/openApi/login', { userAccount: 'editor01', password: 'Wrong@12345' });
      expect(bad.body.code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      const out = await t.call('/api/logout', {}, { token });
      expect(out.body.code).toBe('200');

      const logins = await search({ action: 'login', actor: 'editor用户' });
      expect(logins.total).toBeGreaterThanOrEqual(1);
      expect(logins.list[0]).toMatchObject({ actorType: 'staff', entity: 't_user', ip: '127.0.0.1' });
      const failed = await search({ action: 'loginFailed', keyword: 'editor01' });
      expect(failed.total).toBe(1);
      expect(failed.list[0]).toMatchObject({ actorType: 'anonymous', actorName: 'editor01', ip: '127.0.0.1' });
      expect(String(failed.list[0].summary)).toContain('用户名或密码错误');
      expect(JSON.stringify(failed.list[0])).not.toContain('Wrong@12345');
      const logouts = await search({ action: 'logout', actor: 'editor用户' });
      expect(logouts.total).toBe(1);

      const visitor = await registerVisitor(t.db.db, t.config, { userAccount: '13800000001', password: 'Visit@2024ab', userName: '审计访客', sqdw: '某公司' }, {});
      const vbad = await t.call('/openApi/visitorLogin', { userAccount: '13800000001', password: 'Nope@2024ab' });
      expect(vbad.body.code).toBe(ERROR_CODES.BAD_CREDENTIALS);
      const vlogin = await t.call('/openApi/visitorLogin', { userAccount: '13800000001', password: 'Visit@2024ab' });
      expect(vlogin.body.code).toBe('200');
      expect((await t.call('/openApi/visitorLogout', {}, { token: vlogin.body.data.token })).body.code).toBe('200');
      expect((await search({ action: 'login', actorType: 'visitor', actor: visitor.userId })).total).toBe(1);
      expect((await search({ action: 'loginFailed', keyword: '13800000001' })).total).toBe(1);
      expect((await search({ action: 'logout', actorType: 'visitor', actor: visitor.userId })).total).toBe(1);
    });

    it('only administrators may search it; bad filters are refused with a message', async () => {
      const res = await w.call('/api/auditLog/selectByPage', {}, { token: w.tokens.editor });
      expect(res.body.code).toBe(ERROR_CODES.FORBIDDEN);
      const bad = await w.call('/api/auditLog/selectByPage', { action: 'drop', from: 'yesterday' });
      expect(bad.body.code).toBe(ERROR_CODES.VALIDATION);
      const page = await w.call('/api/auditLog/selectByPage', { pageNo: 1, pageSize: 2 });
      expect(page.body.data.list).toHaveLength(2);
      expect(page.body.data.total).toBeGreaterThan(2);
      const [a, b] = page.body.data.list as Row[];
      expect(String(a.at) >= String(b.at)).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      expect((await search({ from: today, to: today })).total).toBe(page.body.data.total);
      expect((await search({ to: '2000-01-01' })).total).toBe(0);
    });

    it('no route changes or deletes audit entries, and the log is no entity with standard calls', async () => {
      expect(entityByName('tAuditLog')).toBeUndefined();
      const auditRoutes = t.app.routeTable.filter((r) => /audit/i.test(r.url)).map((r) => r.url);
      expect([...new Set(auditRoutes)]).toEqual(['/api/auditLog/selectByPage']);

      const snapshot = await t.db.db.selectFrom('t_audit_log').selectAll().orderBy('id').execute();
      expect(snapshot.length).toBeGreaterThan(5);
      const target = snapshot[0].id;
      const payload = { id: target, ids: [target], list: [{ id: target, action: 'x' }], recordId: target, action: 'delete', before: '{}', after: '{}' };
      // Every route, called by an administrator with the id of an entry (logouts last would
      // end the session; they are not writes to the log anyway).
      // POST only: a call's GET runs the same handler.
      const routes = t.app.routeTable.filter(
        (r) => r.method === 'POST' && !r.url.includes(':') && !r.url.includes('*') && !/logout/i.test(r.url) && /^\/(api|openApi)\//.test(r.url),
      );
      expect(routes.length).toBeGreaterThan(100);
      for (const r of routes) {
        await t.app.inject({
          method: 'POST',
          url: r.url,
          headers: { token: w.tokens.admin },
          payload,
        });
      }
      for (const url of ['/api/auditLog/addOrUpdate', '/api/auditLog/deleteById', '/api/auditLog/batchDelete', '/api/tAuditLog/deleteById']) {
        const res = await w.call(url, { id: target, ids: [target] });
        expect(res.status, url).toBe(404);
      }
      const after = await t.db.db.selectFrom('t_audit_log').selectAll().where('id', '<=', snapshot[snapshot.length - 1].id).orderBy('id').execute();
      expect(after).toEqual(snapshot);
    }, 120_000);

    it('the retention purge removes only entries older than the period, never less than 180 days', async () => {
      const old = new Date(Date.now() - 200 * 86_400_000).toISOString();
      const recent = new Date(Date.now() - 170 * 86_400_000).toISOString();
      for (const [id, at] of [['01OLDAUDITENTRY00000000000', old], ['01RECENTAUDITENTRY00000000', recent]]) {
        await t.db.db.insertInto('t_audit_log').values({ id, at, actorType: 'system', actorId: null, actorName: null, ip: null, action: 'update', entity: 'x', recordId: null, summary: null, before: null, after: null }).execute();
      }
      // A setting of 30 days is raised to the 180-day minimum: the 170-day entry stays.
      expect(await purgeAudit(t.db.db, 30)).toBe(1);
      const ids = (await t.db.db.selectFrom('t_audit_log').select('id').where('entity', '=', 'x').execute()).map((r) => r.id);
      expect(ids).toEqual(['01RECENTAUDITENTRY00000000']);
    });
  });
}
