import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { PARCEL_STATES, TRANSITIONS, applyTransition, type ParcelAction, type ParcelState } from '@land/shared/lifecycle';
import type { AnyDb } from '../src/entities/repository';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

/** The actions that take a new parcel to each state. */
const PATH: Record<ParcelState, ParcelAction[]> = {
  draft: [],
  pendingFirst: ['submit'],
  pendingReview: ['submit', 'passFirst'],
  published: ['submit', 'passFirst', 'publish'],
  takenDown: ['submit', 'passFirst', 'publish', 'takeDown'],
};

const COMMENTS: Partial<Record<ParcelAction, string>> = { reject: '规划条件附图缺失', takeDown: '评估价格已过有效期' };

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`parcel lifecycle [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;

    const transition = (ids: string | string[], action: string, comment?: string, token?: string) =>
      w.call('/api/tLandinfo/transition', { ids: Array.isArray(ids) ? ids : [ids], action, comment }, { token });
    const db = () => t.db.db as unknown as AnyDb;
    const statusOf = async (id: string) => (await db().selectFrom('t_landinfo').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status as string;
    const log = async (dkid: string) => (await w.call('/api/tLandinfo/selectLogByDkid', { dkid }, { form: true })).body.data as Record<string, unknown>[];
    /** A new parcel moved along PATH to `state` by the admin. */
    const parcelIn = async (state: ParcelState) => {
      const p = await w.createParcel();
      for (const action of PATH[state]) {
        const res = await transition(p.id as string, action, COMMENTS[action]);
        expect(res.body, `${action} on the way to ${state}`).toMatchObject({ code: '200' });
      }
      return p.id as string;
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
    });
    afterAll(async () => t?.close());

    describe('every legal transition moves the parcel and is logged', () => {
      for (const tr of TRANSITIONS) {
        for (const from of tr.from) {
          it(`${tr.action}: ${from} → ${tr.to}`, async () => {
            const id = await parcelIn(from);
            const before = (await log(id)).length;
            const res = await transition(id, tr.action, COMMENTS[tr.action]);
            expect(res.body).toMatchObject({ code: '200', data: { total: 1, list: [{ id, status: tr.to }] } });
            expect(await statusOf(id)).toBe(tr.to);
            const entries = await log(id);
            expect(entries).toHaveLength(before + 1);
            expect(entries.at(-1)).toMatchObject({ dkid: id, action: tr.action, fromState: from, toState: tr.to, comment: COMMENTS[tr.action] ?? null, actorName: expect.any(String) });
            if (tr.to === 'published') expect(res.body.data.list[0].publishedAt).toEqual(expect.any(String));
          });
        }
      }
    });

    describe('every illegal transition is refused with the lifecycle message and changes nothing', () => {
      for (const state of PARCEL_STATES) {
        const illegal = TRANSITIONS.filter((tr) => !tr.from.includes(state));
        it(`from ${state}: ${illegal.map((x) => x.action).join(', ')}`, async () => {
          const id = await parcelIn(state);
          const before = (await log(id)).length;
          for (const tr of illegal) {
            const res = await transition(id, tr.action, COMMENTS[tr.action]);
            const expected = applyTransition(state, tr.action);
            expect(expected.ok).toBe(false);
            expect(res.body, tr.action).toMatchObject({ code: ERROR_CODES.CONFLICT, msg: expected.ok ? '' : expected.message });
            expect(res.status).toBe(409);
          }
          expect(await statusOf(id)).toBe(state);
          expect(await log(id)).toHaveLength(before);
        });
      }
    });

    it('a batch moves all parcels or none: one parcel in the wrong state stops the whole batch', async () => {
      const a = await parcelIn('draft');
      const b = await parcelIn('draft');
      const c = await parcelIn('pendingFirst');
      const res = await transition([a, b, c], 'submit');
      expect(res.body.code).toBe(ERROR_CODES.CONFLICT);
      expect(res.body.msg).toMatch(/^地块“测试地块\d+”：地块当前状态为“待初审”，不能执行“提交初审”$/);
      expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(['draft', 'draft', 'pendingFirst']);
      expect(await log(a)).toHaveLength(0);
      const ok = await transition([a, b], 'submit');
      expect(ok.body).toMatchObject({ code: '200', data: { total: 2 } });
      expect([await statusOf(a), await statusOf(b)]).toEqual(['pendingFirst', 'pendingFirst']);
    });

    it('a batch naming a parcel that does not exist moves none', async () => {
      const a = await parcelIn('draft');
      const res = await transition([a, '01nonexistent0000000000000'], 'submit');
      expect(res.body.code).toBe(ERROR_CODES.NOT_FOUND);
      expect(await statusOf(a)).toBe('draft');
    });

    it('reviewer actions are refused for an editor (A0301) and allowed for a reviewer; read-only users move nothing', async () => {
      const id = await parcelIn('draft');
      const submit = await transition(id, 'submit', undefined, w.tokens.editor);
      expect(submit.body.code).toBe('200');
      for (const action of ['passFirst', 'reject'] as const) {
        const res = await transition(id, action, COMMENTS[action], w.tokens.editor);
        expect(res.body, action).toMatchObject({ code: ERROR_CODES.FORBIDDEN });
        expect(res.status).toBe(403);
      }
      expect(await statusOf(id)).toBe('pendingFirst');
      expect((await transition(id, 'passFirst', undefined, w.tokens.reviewer)).body.code).toBe('200');
      expect((await transition(id, 'publish', undefined, w.tokens.editor)).body.code).toBe(ERROR_CODES.FORBIDDEN);
      expect((await transition(id, 'publish', undefined, w.tokens.reviewer)).body.code).toBe('200');
      const down = await transition(id, 'takeDown', '价格调整', w.tokens.readonly);
      expect(down.body.code).toBe(ERROR_CODES.FORBIDDEN);
      expect((await transition(id, 'takeDown', '价格调整', w.tokens.editor)).body.code).toBe('200');
      expect((await transition(id, 'republish', undefined, w.tokens.editor)).body.code).toBe(ERROR_CODES.FORBIDDEN);
      expect(await statusOf(id)).toBe('takenDown');
    });

    it('退回 and 下架 need a comment, with the messages the screens show', async () => {
      const pending = await parcelIn('pendingFirst');
      const reject = await transition(pending, 'reject', '   ');
      expect(reject.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请填写退回意见', data: { field: 'comment' } });
      const published = await parcelIn('published');
      const down = await transition(published, 'takeDown');
      expect(down.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请填写下架原因', data: { field: 'comment' } });
      expect([await statusOf(pending), await statusOf(published)]).toEqual(['pendingFirst', 'published']);
    });

    it('taking down writes a take-down record with reason, who and when', async () => {
      const id = await parcelIn('published');
      const res = await w.call('/api/tLandinfo/transition', { id, action: 'takeDown', comment: '规划调整，暂停出让', reasonType: 'planAdjust' }, { token: w.tokens.editor });
      expect(res.body.code).toBe('200');
      const records = await w.call('/api/tDkxj/getXjReasonListByDkid', { dkid: id }, { form: true });
      expect(records.body.data).toEqual([expect.objectContaining({ dkid: id, reasonType: 'planAdjust', reason: '规划调整，暂停出让', takenDownBy: 'editor用户', takenDownAt: expect.any(String) })]);
    });

    it('ids may come as a form field: JSON text or a comma list', async () => {
      const a = await parcelIn('draft');
      const b = await parcelIn('draft');
      const json = await w.call('/api/tLandinfo/transition', { ids: JSON.stringify([a]), action: 'submit' }, { form: true });
      expect(json.body.code).toBe('200');
      const comma = await w.call('/api/tLandinfo/transition', { ids: `${b}`, action: 'submit' }, { form: true });
      expect(comma.body.code).toBe('200');
      expect([await statusOf(a), await statusOf(b)]).toEqual(['pendingFirst', 'pendingFirst']);
      const unknown = await transition(a, 'approve');
      expect(unknown.body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('a parcel without a boundary cannot be submitted', async () => {
      const p = await w.createParcel({ geometry: null });
      const res = await transition(p.id as string, 'submit');
      expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'geometry' } });
      expect(res.body.msg).toContain('还没有地块边界');
    });

    describe('saves never change the state', () => {
      it('a new parcel starts 录入中 whatever is sent', async () => {
        const p = await w.createParcel({ status: 'published', tradeState: 'deal', publishedAt: '2024-01-01T00:00:00.000Z' });
        expect(p).toMatchObject({ status: 'draft', tradeState: 'none', publishedAt: null });
      });

      it('an update cannot move it either', async () => {
        const id = await parcelIn('pendingFirst');
        const res = await w.call('/api/tLandinfo/addOrUpdate', { id, status: 'published', introduction: '补充说明' });
        expect(res.body).toMatchObject({ code: '200', data: { status: 'pendingFirst' } });
      });
    });

    describe('past 录入中', () => {
      it('the fields that define the offer are locked, with a message naming them', async () => {
        const id = await parcelIn('published');
        const res = await w.call('/api/tLandinfo/addOrUpdate', { id, dkmc: '改名', startingPrice: 999 });
        expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, data: { field: 'dkmc' } });
        expect(res.body.msg).toBe('地块已发布，不能修改地块名称、起始价；如需修改请先退回录入');
        const geometry = await w.call('/api/tLandinfo/addOrUpdate', { id, geometry: { type: 'Polygon', coordinates: [[[120.9, 30.9], [120.91, 30.9], [120.91, 30.91], [120.9, 30.9]]] } });
        expect(geometry.body.code).toBe(ERROR_CODES.VALIDATION);
      });

      it('sending the stored values back (a whole form) is not a change', async () => {
        const id = await parcelIn('published');
        const stored = (await w.call('/api/tLandinfo/selectById', { id })).body.data;
        const res = await w.call('/api/tLandinfo/addOrUpdate', { ...stored, introduction: '新的介绍' });
        expect(res.body).toMatchObject({ code: '200', data: { introduction: '新的介绍', status: 'published' } });
      });

      it('other fields stay editable and the edit is logged', async () => {
        const id = await parcelIn('published');
        const res = await w.call('/api/tLandinfo/addOrUpdate', { id, introduction: '交通便利，七通一平', contact: '李工' }, { token: w.tokens.editor });
        expect(res.body.code).toBe('200');
        expect((await log(id)).at(-1)).toMatchObject({ action: 'edit', fromState: 'published', toState: 'published', comment: '修改：地块介绍、联系人', actorName: 'editor用户' });
      });

      it('after 退回 to 录入中 everything is editable again', async () => {
        const id = await parcelIn('pendingReview');
        expect((await transition(id, 'reject', '面积有误')).body.code).toBe('200');
        const res = await w.call('/api/tLandinfo/addOrUpdate', { id, landArea: 21000 });
        expect(res.body).toMatchObject({ code: '200', data: { landArea: 21000, landAreaMu: 31.5 } });
      });
    });

    describe('deleting', () => {
      it('only parcels 录入中 can be deleted', async () => {
        const id = await parcelIn('published');
        const res = await w.call('/api/tLandinfo/deleteById', { id }, { form: true });
        expect(res.body.code).toBe(ERROR_CODES.CONFLICT);
        expect(res.body.msg).toContain('只能删除录入中的地块');
        expect(await statusOf(id)).toBe('published');
      });

      it('a draft goes with its own records, and the deletion is logged', async () => {
        const p = await w.createParcel();
        const id = p.id as string;
        await w.call('/api/tLandmatching/addOrUpdate', { dkid: id, water: 'ready' });
        await w.call('/api/tYdzb/batchAddOrUpdate', { dkid: id, list: [{ indicator: 'plotRatio', comparator: 'ge', value: 1.2 }] });
        const res = await w.call('/api/tLandinfo/deleteById', { id }, { form: true });
        expect(res.body).toMatchObject({ code: '200', data: { deleted: 1 } });
        for (const table of ['t_landmatching', 't_ydzb']) {
          const left = await db().selectFrom(table).select('id').where('dkid', '=', id).execute();
          expect(left, table).toEqual([]);
        }
        expect((await log(id)).at(-1)).toMatchObject({ action: 'delete', fromState: 'draft', dkmc: p.dkmc });
      });
    });
  });
}
