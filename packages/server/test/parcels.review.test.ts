import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import type { AnyDb } from '../src/entities/repository';
import { addUser } from '../src/services/users';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { STAFF_PASSWORD, parcelWorld, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;
const CLERK_PHONE = '13905719876';

/** Issue 15, items 4 and 5: review opinions and the four-eyes rule, on both review steps. */
for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`parcel reviews [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    /** clerk (editor, has a visitor account by phone), two reviewers. */
    const tok: Record<'clerk' | 'first' | 'second', string> = { clerk: '', first: '', second: '' };

    const db = () => t.db.db as unknown as AnyDb;
    const move = (id: string, action: string, token: string, extra: Row = {}) => w.call('/api/tLandinfo/transition', { ids: [id], action, ...extra }, { token });
    const statusOf = async (id: string) => (await db().selectFrom('t_landinfo').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const log = async (id: string) => (await w.call('/api/tLandinfo/selectLogByDkid', { dkid: id })).body.data as Row[];
    const setFourEyes = async (value: 'on' | 'off') => expect((await w.call('/api/config/save', { fourEyes: value })).body.code).toBe('200');
    const enteredBy = async (token: string) => {
      const res = await w.call('/api/tLandinfo/addOrUpdate', w.parcel(), { token });
      expect(res.body.code).toBe('200');
      return res.body.data.id as string;
    };
    const ok = async (res: Promise<{ body: { code: string; msg: string } }>) => expect((await res).body).toMatchObject({ code: '200' });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t, { fourEyes: 'on' });
      await addUser(t.db.db, { userAccount: 'clerk01', userName: '录入员甲', password: STAFF_PASSWORD, role: 'editor', status: '1', phone: CLERK_PHONE });
      await addUser(t.db.db, { userAccount: 'first01', userName: '初审员乙', password: STAFF_PASSWORD, role: 'reviewer', status: '1' });
      await addUser(t.db.db, { userAccount: 'second01', userName: '审核员丙', password: STAFF_PASSWORD, role: 'reviewer', status: '1' });
      tok.clerk = await t.login('clerk01', STAFF_PASSWORD);
      tok.first = await t.login('first01', STAFF_PASSWORD);
      tok.second = await t.login('second01', STAFF_PASSWORD);
    });
    afterAll(async () => t?.close());

    describe('four eyes (setting on, the default)', () => {
      it('is on by default', async () => {
        const fresh = await createTestApp(dialect);
        try {
          const token = await fresh.login();
          expect((await fresh.call('/api/config/get', {}, { token })).body.data).toMatchObject({ fourEyes: 'on', overlapToleranceM2: 1 });
        } finally {
          await fresh.close();
        }
      });

      it('who entered a parcel cannot pass its first review or publish it; nothing changes', async () => {
        const id = await enteredBy(w.tokens.admin);
        await ok(move(id, 'submit', w.tokens.admin));
        const before = (await log(id)).length;
        const refused = await move(id, 'passFirst', w.tokens.admin);
        expect(refused.body.code).toBe(ERROR_CODES.FORBIDDEN);
        expect(refused.body.msg).toContain('录入该地块的人不能审核它');
        expect(await statusOf(id)).toBe('pendingFirst');
        expect(await log(id)).toHaveLength(before);

        await ok(move(id, 'passFirst', tok.first));
        const publish = await move(id, 'publish', w.tokens.admin);
        expect(publish.body.code).toBe(ERROR_CODES.FORBIDDEN);
        expect(publish.body.msg).toContain('录入该地块的人不能审核它');
        expect(await statusOf(id)).toBe('pendingReview');
      });

      it('the first review and the publication are two different people', async () => {
        const id = await enteredBy(tok.clerk);
        await ok(move(id, 'submit', tok.clerk));
        await ok(move(id, 'passFirst', tok.first));
        const same = await move(id, 'publish', tok.first);
        expect(same.body.code).toBe(ERROR_CODES.FORBIDDEN);
        expect(same.body.msg).toContain('初审与发布须由两人完成');
        expect(await statusOf(id)).toBe('pendingReview');
        await ok(move(id, 'publish', tok.second));
        expect(await statusOf(id)).toBe('published');
        const entries = await log(id);
        expect(entries.map((e) => [e.action, e.actorName, e.note])).toEqual([
          ['submit', '录入员甲', null],
          ['passFirst', '初审员乙', null],
          ['publish', '审核员丙', null],
        ]);
      });

      it('who last changed a parcel cannot review it, on either step', async () => {
        const id = await enteredBy(tok.clerk);
        await ok(move(id, 'submit', tok.clerk));
        // The first reviewer corrects the parcel while it waits: now someone else reviews it.
        await ok(w.call('/api/tLandinfo/addOrUpdate', { id, introduction: '初审员补充的介绍' }, { token: tok.first }));
        const first = await move(id, 'passFirst', tok.first);
        expect(first.body.code).toBe(ERROR_CODES.FORBIDDEN);
        expect(first.body.msg).toContain('最后修改该地块的人不能审核它');
        await ok(move(id, 'passFirst', tok.second));
        // The second reviewer corrects it before publication: the publication is a third person's.
        await ok(w.call('/api/tLandinfo/addOrUpdate', { id, introduction: '审核员修改的介绍' }, { token: tok.second }));
        const publish = await move(id, 'publish', tok.second);
        expect(publish.body.code).toBe(ERROR_CODES.FORBIDDEN);
        expect(publish.body.msg).toContain('最后修改该地块的人不能审核它');
        await ok(move(id, 'publish', tok.first));
        expect(await statusOf(id)).toBe('published');
      });

      it('who entered or last changed a parcel cannot reject it either, on either step', async () => {
        const id = await enteredBy(tok.clerk);
        await ok(move(id, 'submit', tok.clerk));
        // The clerk is made a reviewer for this check: a reviewer who entered a parcel.
        await db().updateTable('t_user').set({ role: 'reviewer' }).where('userAccount', '=', 'clerk01').execute();
        try {
          const own = await move(id, 'reject', tok.clerk, { comment: '自己退回' });
          expect(own.body.code).toBe(ERROR_CODES.FORBIDDEN);
          expect(own.body.msg).toContain('录入该地块的人不能审核它');
        } finally {
          await db().updateTable('t_user').set({ role: 'editor' }).where('userAccount', '=', 'clerk01').execute();
        }
        expect(await statusOf(id)).toBe('pendingFirst');
        await ok(move(id, 'passFirst', tok.first));
        // The second reviewer corrects it while it waits for publication: now they may not reject it.
        await ok(w.call('/api/tLandinfo/addOrUpdate', { id, introduction: '审核员修改的介绍' }, { token: tok.second }));
        const edited = await move(id, 'reject', tok.second, { comment: '修改后退回' });
        expect(edited.body.code).toBe(ERROR_CODES.FORBIDDEN);
        expect(edited.body.msg).toContain('最后修改该地块的人不能审核它');
        expect(await statusOf(id)).toBe('pendingReview');
        expect((await log(id)).map((e) => e.action)).toEqual(['submit', 'passFirst', 'edit']);
        // Someone who neither entered nor changed it may.
        await ok(move(id, 'reject', tok.first, { comment: '规划条件附图缺失' }));
        expect(await statusOf(id)).toBe('draft');
      });

      it('a save that changes nothing does not make its author the last editor', async () => {
        const id = await enteredBy(tok.clerk);
        await ok(move(id, 'submit', tok.clerk));
        const stored = (await w.call('/api/tLandinfo/selectById', { id })).body.data as Row;
        await ok(w.call('/api/tLandinfo/addOrUpdate', { id, dkmc: stored.dkmc }, { token: tok.first }));
        await ok(move(id, 'passFirst', tok.first));
      });

      it('switched off, one person may do everything and each step the rule would refuse is marked in the log', async () => {
        await setFourEyes('off');
        try {
          const id = await enteredBy(w.tokens.admin);
          for (const action of ['submit', 'passFirst', 'publish']) await ok(move(id, action, w.tokens.admin));
          const entries = await log(id);
          expect(entries.map((e) => e.action)).toEqual(['submit', 'passFirst', 'publish']);
          expect(entries[0].note).toBeNull();
          expect(entries[1].note).toBe('双人审核已关闭，本应拒绝：录入该地块的人不能审核它');
          expect(entries[2].note).toBe('双人审核已关闭，本应拒绝：录入该地块的人不能审核它');

          // Two people, but the same one on both review steps: only the publication is marked.
          const other = await enteredBy(tok.clerk);
          for (const action of ['submit']) await ok(move(other, action, tok.clerk));
          await ok(move(other, 'passFirst', tok.first));
          await ok(move(other, 'publish', tok.first));
          const marks = (await log(other)).map((e) => e.note);
          expect(marks).toEqual([null, null, '双人审核已关闭，本应拒绝：初审与发布须由两人完成']);

          // Rejecting one's own parcel is allowed while off, and marked.
          const own = await enteredBy(w.tokens.admin);
          await ok(move(own, 'submit', w.tokens.admin));
          await ok(move(own, 'reject', w.tokens.admin, { comment: '自己退回' }));
          expect((await log(own)).map((e) => [e.action, e.note])).toEqual([
            ['submit', null],
            ['reject', '双人审核已关闭，本应拒绝：录入该地块的人不能审核它'],
          ]);
        } finally {
          await setFourEyes('on');
        }
      });
    });

    describe('review opinion (审核意见)', () => {
      it('is required to reject, on both review steps, with the message the screens show', async () => {
        const id = await enteredBy(tok.clerk);
        await ok(move(id, 'submit', tok.clerk));
        for (const comment of [undefined, '', '   ']) {
          const res = await move(id, 'reject', tok.first, { comment });
          expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请填写退回意见', data: { field: 'comment' } });
        }
        await ok(move(id, 'passFirst', tok.first));
        const res = await move(id, 'reject', tok.second);
        expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请填写退回意见' });
        expect(await statusOf(id)).toBe('pendingReview');
      });

      it('is optional to approve and kept in the log either way', async () => {
        const id = await enteredBy(tok.clerk);
        await ok(move(id, 'submit', tok.clerk));
        await ok(move(id, 'passFirst', tok.first, { comment: '材料齐全，同意' }));
        await ok(move(id, 'publish', tok.second));
        const entries = await log(id);
        expect(entries.map((e) => [e.action, e.comment])).toEqual([
          ['submit', null],
          ['passFirst', '材料齐全，同意'],
          ['publish', null],
        ]);
      });

      it('reaches the clerk who entered the parcel: in the log and in their inbox', async () => {
        const visitor = await t.call('/openApi/register', { userAccount: CLERK_PHONE, password: 'Visit@2024ab', userName: '录入员甲', sqdw: '开发区' });
        expect(visitor.body.code).toBe('200');
        const visitorId = visitor.body.data.userId as string;
        const id = await enteredBy(tok.clerk);
        await ok(move(id, 'submit', tok.clerk));
        await ok(move(id, 'reject', tok.first, { comment: '规划条件附图缺失，请补充' }));
        expect((await log(id)).at(-1)).toMatchObject({ action: 'reject', comment: '规划条件附图缺失，请补充', actorName: '初审员乙' });
        await ok(move(id, 'submit', tok.clerk));
        await ok(move(id, 'passFirst', tok.first, { comment: '已补充，同意' }));

        const inbox = (await db()
          .selectFrom('t_message_outbox')
          .select(['title', 'content'])
          .where('visitorId', '=', visitorId)
          .where('channel', '=', 'inbox')
          .orderBy('id', 'asc')
          .execute()) as Row[];
        expect(inbox).toHaveLength(2);
        expect(inbox[0].title).toContain('退回');
        expect(inbox[0].content).toContain('审核意见：规划条件附图缺失，请补充');
        expect(inbox[1].title).toContain('初审通过');
        expect(inbox[1].content).toContain('审核意见：已补充，同意');
      });
    });
  });
}
