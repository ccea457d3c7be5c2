import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { MANAGEMENT_SCREENS } from '@land/shared/routes';
import { ENTITIES } from '@land/shared/entities/index';
import { ROLES, apiPermission, canReviewOn, canUseScreen, roleMay, screenPermission, type Permission, type Role } from '@land/shared/roles';
import type { RouteEntry } from '../src/context';
import { COLLECTIONS } from '../src/services/ogc/collections';
import { hashToken } from '../src/services/sessions';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/** A concrete URL for a route pattern (path parameters filled with a harmless value). */
const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');

function uniqueRoutes(routes: RouteEntry[]): RouteEntry[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Runs the checks a few at a time: the route table has hundreds of routes. */
async function eachInBatches<T>(items: T[], check: (item: T) => Promise<void>, size = 8): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(check));
}

const effectivePermission = (r: RouteEntry): Permission => apiPermission(r.url, r.permission as Permission | undefined);

/** The screen of each call group, from the screens' own declarations (entities and the non-entity screens). */
const SCREEN_OF_GROUP: Record<string, string> = {
  ...Object.fromEntries(ENTITIES.filter((e) => e.screen).map((e) => [e.name, e.screen!])),
  tUser: 'user',
  config: 'peizhi',
  auditLog: 'auditLog',
  recycleBin: 'recycleBin',
};

describe('permission map (shared)', () => {
  it('admin may use every screen; review screens and actions need a reviewer; read-only sees no entry screen', () => {
    for (const s of MANAGEMENT_SCREENS) expect(canUseScreen('admin', s.path)).toBe(true);
    for (const review of ['landManagement_process', 'landManagement_publish']) {
      expect([canReviewOn('reviewer', review), canReviewOn('editor', review), canReviewOn('readonly', review)]).toEqual([true, false, false]);
      expect(ROLES.filter((r) => canUseScreen(r, review))).toEqual(['admin', 'reviewer']);
    }
    expect([canUseScreen('editor', 'land'), canUseScreen('readonly', 'land')]).toEqual([true, false]);
    for (const adminOnly of ['user', 'peizhi']) {
      expect(ROLES.filter((r) => canUseScreen(r, adminOnly))).toEqual(['admin']);
    }
    expect(canUseScreen('readonly', 'landManagement_published')).toBe(true);
    expect(canUseScreen('nobody', 'analysis')).toBe(false);
  });

  it('reads call names off the path: writes need write, user and settings changes need admin', () => {
    expect(apiPermission('/api/tArea/selectByPage')).toBe('read');
    expect(apiPermission('/api/tArea/batchDeleteArea')).toBe('write');
    expect(apiPermission('/api/tLandinfo/addOrUpdate')).toBe('write');
    expect(apiPermission('/api/tUser/addUser')).toBe('admin');
    expect(apiPermission('/api/config/save')).toBe('admin');
    expect(apiPermission('/api/tUser/updatePassword')).toBe('session');
    // A change needs what its screen needs: templates are managed on an admin-only screen.
    expect(apiPermission('/api/tTemplate/addOrUpdate', 'write')).toBe('admin');
    expect(apiPermission('/api/tTemplate/importExcel')).toBe('admin');
    expect(apiPermission('/api/tTemplate/selectByPage')).toBe('read');
    expect(apiPermission('/api/ExcelMainDispose/createPdf')).toBe('read');
    expect(roleMay('readonly', 'write')).toBe(false);
    expect(roleMay('editor', 'review')).toBe(false);
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`route-table access [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let visitor: { token: string; userId: string };
    let expired: string;
    let apiRoutes: RouteEntry[];

    const send = async (route: RouteEntry, token?: string, payload: Row = {}) => {
      const req: InjectOptions = { method: route.method as 'GET' | 'POST', url: concrete(route.url), headers: token ? { token } : {} };
      if (route.method !== 'GET') req.payload = payload;
      const res = await t.app.inject(req);
      let body: Row;
      try {
        body = res.json();
      } catch {
        body = { code: 'NOT_JSON', msg: res.body.slice(0, 200) };
      }
      return { status: res.statusCode, code: body.code as string, msg: body.msg as string, text: res.body };
    };

    const registerVisitor = async (userAccount: string, userName: string) => {
      const res = await t.call('/openApi/register', { userAccount, password: 'Visit@2024ab', userName, sqdw: `${userName}的公司` });
      if (res.body.code !== '200') throw new Error(res.body.msg);
      return { token: res.body.data.token as string, userId: res.body.data.userId as string };
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      visitor = await registerVisitor('13811112222', '访客甲');
      expired = await t.login();
      await t.db.db.updateTable('t_session').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'staff').where('id', '=', hashToken(expired)).execute();
      apiRoutes = uniqueRoutes(t.app.routeTable.filter((r) => r.url.startsWith('/api/')));
    }, 60_000);
    afterAll(async () => t?.close());

    it('finds the whole back-office API in the route table', () => {
      expect(apiRoutes.length).toBeGreaterThan(200);
      expect(apiRoutes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/tLandinfo/transition', '/api/tUser/addUser', '/api/file/upload', '/api/statistics/overview']));
    });

    it('refuses every /api route without a session, with a visitor session and with an expired session', async () => {
      const wrong: string[] = [];
      await eachInBatches(apiRoutes, async (route) => {
        const [none, asVisitor, late] = await Promise.all([send(route), send(route, visitor.token), send(route, expired)]);
        const got = [none, asVisitor, late].map((r) => `${r.status}/${r.code}`).join(' ');
        const want = `401/${ERROR_CODES.NOT_LOGGED_IN} 401/${ERROR_CODES.NOT_LOGGED_IN} 401/${ERROR_CODES.SESSION_EXPIRED}`;
        if (got !== want) wrong.push(`${route.method} ${route.url}: ${got}`);
      });
      expect(wrong).toEqual([]);
    }, 60_000);

    it('refuses the staff OGC collections on every /ogc collection route without a staff session', async () => {
      const staffCollections = COLLECTIONS.filter((c) => c.staff).map((c) => c.id);
      expect(staffCollections).toEqual(['staffParcels']);
      const ogcRoutes = uniqueRoutes(t.app.routeTable.filter((r) => r.url.startsWith('/ogc/collections/:collectionId')));
      expect(ogcRoutes.map((r) => r.url).sort()).toEqual(['/ogc/collections/:collectionId', '/ogc/collections/:collectionId/items', '/ogc/collections/:collectionId/items/:featureId']);
      const wrong: string[] = [];
      for (const route of ogcRoutes) {
        for (const id of staffCollections) {
          const staffRoute = { ...route, url: route.url.replace(':collectionId', id) };
          const [none, asVisitor, late, staff] = await Promise.all([send(staffRoute), send(staffRoute, visitor.token), send(staffRoute, expired), send(staffRoute, w.tokens.readonly)]);
          const got = [none, asVisitor, late].map((r) => `${r.status}/${r.code}`).join(' ');
          const want = `401/${ERROR_CODES.NOT_LOGGED_IN} 401/${ERROR_CODES.NOT_LOGGED_IN} 401/${ERROR_CODES.SESSION_EXPIRED}`;
          if (got !== want) wrong.push(`${route.method} ${staffRoute.url}: ${got}`);
          // With a session the route answers (a feature id that does not exist is a 404).
          if (staff.status !== (route.url.endsWith(':featureId') ? 404 : 200)) wrong.push(`${route.method} ${staffRoute.url} as staff: ${staff.status}`);
        }
      }
      expect(wrong).toEqual([]);
      const listed = await t.app.inject({ method: 'GET', url: '/ogc/collections', headers: { token: visitor.token } });
      expect(listed.statusCode).toBe(401);
      const guest = (await t.app.inject({ method: 'GET', url: '/ogc/collections' })).json() as { collections: { id: string }[] };
      expect(guest.collections.map((c) => c.id)).not.toContain('staffParcels');
    });

    it('a cookie is never taken for identity', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/currentUser', headers: { cookie: `token=${w.tokens.admin}; identitytoken=${w.tokens.admin}` } });
      expect(res.json().code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it('refuses each role every /api call its permissions do not cover, before anything runs', async () => {
      const tokens: Record<Role, string> = w.tokens;
      const refused: Record<string, number> = {};
      const wrong: string[] = [];
      for (const role of ROLES) {
        const denied = apiRoutes.filter((route) => !roleMay(role, effectivePermission(route)));
        refused[role] = denied.length;
        await eachInBatches(denied, async (route) => {
          const res = await send(route, tokens[role], { id: 'x', ids: ['x'] });
          if (res.status !== 403 || res.code !== ERROR_CODES.FORBIDDEN) wrong.push(`${role} ${route.method} ${route.url} (${effectivePermission(route)}): ${res.status}/${res.code}`);
        });
      }
      expect(wrong).toEqual([]);
      expect(refused.admin).toBe(0);
      // Read-only staff are refused every call that changes something; editors the admin calls.
      expect(refused.readonly).toBeGreaterThan(100);
      expect(refused.editor).toBeGreaterThan(0);
      // Every call whose name says it changes data is a write for the map.
      const writesReadable = apiRoutes.filter((r) => /\/(add|update|delete|batch|save|import)[^/]*$/i.test(r.url) && !r.url.endsWith('/updatePassword') && roleMay('readonly', effectivePermission(r)));
      expect(writesReadable.map((r) => r.url)).toEqual([]);
    }, 60_000);

    it('every call that changes data needs at least what its screen needs (route-table walk)', async () => {
      const changes = apiRoutes.filter((r) => effectivePermission(r) !== 'read' && effectivePermission(r) !== 'session');
      const screened = changes.filter((r) => SCREEN_OF_GROUP[r.url.split('/')[2]]);
      expect(screened.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/tTemplate/addOrUpdate', '/api/tTemplate/importExcel', '/api/tUser/addUser', '/api/config/save']));
      const weaker: string[] = [];
      for (const route of screened) {
        const screen = SCREEN_OF_GROUP[route.url.split('/')[2]];
        for (const role of ROLES) {
          if (roleMay(role, effectivePermission(route)) && !canUseScreen(role, screen)) weaker.push(`${role} ${route.method} ${route.url} (screen ${screen}: ${screenPermission(screen)})`);
        }
      }
      expect(weaker).toEqual([]);
    });

    it('refuses the template calls to an editor (the template screen is admin-only) and keeps the templates unchanged', async () => {
      const saved = await w.call('/api/tTemplate/addOrUpdate', { name: '出让公告模板', type: 'transferNotice', status: '1' });
      expect(saved.body.code, saved.body.msg).toBe('200');
      const id = String(saved.body.data.id);
      const templates = async () => JSON.stringify(await t.db.db.selectFrom('t_template' as never).selectAll().orderBy('id' as never).execute());
      const before = await templates();
      const attempts: [string, Row][] = [
        ['/api/tTemplate/addOrUpdate', { name: '编辑新建模板', type: 'notice', status: '1' }],
        ['/api/tTemplate/addOrUpdate', { id, name: '编辑改名模板', type: 'notice', status: '1' }],
        ['/api/tTemplate/deleteById', { id }],
        ['/api/tTemplate/batchDelete', { ids: [id] }],
        ['/api/tTemplate/importExcel', {}],
      ];
      for (const [url, body] of attempts) {
        const res = await t.call(url, body, { token: w.tokens.editor });
        expect({ url, status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ url, status: 403, code: ERROR_CODES.FORBIDDEN, msg: '只有管理员可以执行此操作' });
      }
      expect(await templates()).toBe(before);
      // Reading templates stays open to staff.
      expect((await t.call('/api/tTemplate/selectByPage', { pageNo: 1, pageSize: 10 }, { token: w.tokens.editor })).body.code).toBe('200');
    });

    it("shows staff phone numbers and e-mail addresses to administrators only (and one's own)", async () => {
      const add = await w.call('/api/tUser/addUser', { userAccount: 'contact01', userName: '联系测试', password: 'Cont@2024ab', phone: '13955556666', email: 'contact01@kfq.gov.cn', role: 'editor' });
      expect(add.body.code, add.body.msg).toBe('200');
      const page = (token: string, params: Row[] = []) => t.call('/api/tUser/selectByPage', { pageNo: 1, pageSize: 100, params }, { token });
      const asAdmin = await page(w.tokens.admin);
      expect(asAdmin.body.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ userAccount: 'contact01', phone: '13955556666', email: 'contact01@kfq.gov.cn' })]));
      for (const role of ['readonly', 'editor', 'reviewer'] as const) {
        const res = await page(w.tokens[role]);
        expect(res.body.code).toBe('200');
        const others = (res.body.data.list as Row[]).filter((u) => u.role !== role);
        expect(others.length).toBeGreaterThan(0);
        for (const user of others) expect(Object.keys(user)).not.toEqual(expect.arrayContaining(['phone']));
        expect(JSON.stringify(res.body)).not.toMatch(/13955556666|contact01@kfq/);
        const one = await t.call('/api/tUser/selectByUserName', { userAccount: 'contact01' }, { token: w.tokens[role] });
        expect(one.body.data).toMatchObject({ userAccount: 'contact01' });
        expect(one.body.data).not.toHaveProperty('phone');
        expect(one.body.data).not.toHaveProperty('email');
        // Nor can a colleague be found by phone or e-mail.
        const byPhone = await page(w.tokens[role], [{ column: 'phone', type: 'like', val: '1395555' }]);
        expect(byPhone.body.code).toBe(ERROR_CODES.VALIDATION);
      }
      const own = await t.call('/api/currentUser', {}, { token: await t.login('contact01', 'Cont@2024ab') });
      expect(own.body.data).toMatchObject({ phone: '13955556666', email: 'contact01@kfq.gov.cn' });
    });

    it('an editor cannot review, a read-only user cannot write, a reviewer can review; the database keeps the refused changes out', async () => {
      const parcel = await w.createParcel({ dkmc: '权限测试地块' });
      const move = (action: string, token: string) => t.call('/api/tLandinfo/transition', { ids: [parcel.id], action }, { token });
      expect((await move('submit', w.tokens.readonly)).body).toMatchObject({ code: ERROR_CODES.FORBIDDEN, msg: '只读用户不能修改数据' });
      expect((await move('submit', w.tokens.editor)).body.code).toBe('200');
      expect((await move('passFirst', w.tokens.editor)).body.code).toBe(ERROR_CODES.FORBIDDEN);
      const stored = await t.db.db.selectFrom('t_landinfo' as never).select('status' as never).where('id' as never, '=', parcel.id as never).executeTakeFirst();
      expect((stored as Row).status).toBe('pendingFirst');
      expect((await move('passFirst', w.tokens.reviewer)).body.code).toBe('200');
      const write = await t.call('/api/tArea/addOrUpdate', { areaname: '只读片区', areacode: 'RO01', status: '1' }, { token: w.tokens.readonly });
      expect(write.body).toMatchObject({ code: ERROR_CODES.FORBIDDEN, msg: '只读用户不能修改数据' });
      const addUser = await t.call('/api/tUser/addUser', { userAccount: 'sneaky02', userName: '越权', password: 'Sneak@2024x', role: 'admin' }, { token: w.tokens.reviewer });
      expect(addUser.body).toMatchObject({ code: ERROR_CODES.FORBIDDEN, msg: '只有管理员可以执行此操作' });
      // Everyone may change their own password and sign out.
      expect((await t.call('/api/currentUser', {}, { token: w.tokens.readonly })).body.data).toMatchObject({ role: 'readonly' });
    });

    it("refuses every visitor-only /openApi route to guests and staff, and never lets one visitor reach another's records", async () => {
      const owner = await registerVisitor('13811113333', '爱丽丝秘密');
      const other = await registerVisitor('13811114444', '鲍勃');
      const parcel = await w.createParcel({ dkmc: '收藏测试地块' });
      for (const action of ['submit', 'passFirst', 'publish']) await w.call('/api/tLandinfo/transition', { ids: [parcel.id], action });
      const must = async (url: string, body: Row, token: string) => {
        const res = await t.call(url, body, { token });
        expect(res.body.code, `${url}: ${res.body.msg}`).toBe('200');
        return res.body.data as Row;
      };
      const collection = await must('/openApi/tCollection/addCollection', { dkid: parcel.id }, owner.token);
      const question = await must('/openApi/addProblem', { title: '爱丽丝秘密咨询', content: '爱丽丝秘密内容' }, owner.token);
      await must('/openApi/tWxuser/batchSendMessage', { title: '爱丽丝秘密消息', content: '爱丽丝秘密正文', userIds: [owner.userId] }, w.tokens.admin);
      const search = await must('/openApi/tSavedSearch/addSavedSearch', { name: '爱丽丝秘密搜索', filter: { keyword: '爱丽丝秘密' } }, owner.token);
      const messageRow = await t.db.db.selectFrom('t_messageuser' as never).select('id' as never).where('userId' as never, '=', owner.userId as never).executeTakeFirstOrThrow();
      const ownerIds = [String(collection.id), String(question.id), String((messageRow as Row).id), String(search.id)];

      const ownerTables = ['t_collection', 't_problem', 't_messageuser', 't_saved_search', 't_visitor', 't_session'];
      const snapshot = async () => {
        const out: Record<string, string[]> = {};
        for (const table of ownerTables) {
          const rows = (await t.db.db.selectFrom(table as never).selectAll().execute()) as Row[];
          out[table] = rows.map((r) => JSON.stringify(r)).filter((s) => s.includes(owner.userId)).sort();
        }
        return out;
      };
      const before = await snapshot();

      const visitorRoutes = uniqueRoutes(t.app.routeTable.filter((r) => r.visitor === 'required'));
      expect(visitorRoutes.map((r) => r.url)).toEqual(expect.arrayContaining(['/openApi/tCollection/deleteCollectionByID', '/openApi/tMessage/deleteMessage', '/openApi/visitor/getInfo', '/openApi/getMyProblemList']));
      // Logging out ends the other visitor's own session: try it last.
      visitorRoutes.sort((a, b) => Number(/logout/i.test(a.url)) - Number(/logout/i.test(b.url)));
      const wrong: string[] = [];
      for (const route of visitorRoutes) {
        for (const token of [undefined, w.tokens.admin]) {
          const res = await send(route, token);
          if (res.code !== ERROR_CODES.NOT_LOGGED_IN) wrong.push(`${token ? 'staff' : 'guest'} ${route.method} ${route.url}: ${res.code}`);
        }
        for (const id of ownerIds) {
          const attack: Row = { id, ids: [id], dkid: parcel.id, userId: owner.userId, visitorId: owner.userId, all: 1, pageNo: 1, pageSize: 50, params: [{ column: 'id', type: 'eq', val: id }] };
          const res = await send(route, other.token, attack);
          if (res.status >= 500) wrong.push(`${route.method} ${route.url}: ${res.status}`);
          if (res.text.includes('爱丽丝秘密') || res.text.includes(owner.userId)) wrong.push(`${route.method} ${route.url} leaks the owner's record ${id}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  });
}
