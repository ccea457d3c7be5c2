import { REVIEWER_ROLES as SHARED_REVIEWER_ROLES, WRITER_ROLES } from '@land/shared/roles';
import { entityByName } from '@land/shared/entities/index';
import {
  TRANSITIONS,
  applyTransition,
  transitionFor,
  type ParcelAction,
  type ParcelOverlap,
  type ParcelState,
  type TransitionRequest,
} from '@land/shared/lifecycle';
import { MESSAGES, maxUnits } from '@land/shared/validation';
import type { StaffIdentity } from '../plugins/auth';
import { conflict, forbidden, notFound, validationError } from '../lib/errors';
import { nowIso } from '../lib/time';
import { saveRecord } from '../entities/routes';
import { findById, type AnyDb, type Row } from '../entities/repository';
import { writeParcelLog } from './parcelLog';
import { recordParcelChanges } from './savedSearches';
import { writeAuditMany } from './audit';
import { enqueueMessage } from './messaging';
import { findOverlaps, isOfferedParcel, overlapGeometry } from './parcelOverlap';
import { loadSettings } from './settings';
import type { DbOrTrx } from '../db/schema';

export const PARCEL_ACTIONS = TRANSITIONS.map((t) => t.action) as [ParcelAction, ...ParcelAction[]];

/** Roles that may review (初审, 审核, 退回, 重新发布). */
export const REVIEWER_ROLES: readonly string[] = SHARED_REVIEWER_ROLES;
/** Roles that may move parcels at all; 只读 users only look. */
const ACTING_ROLES: readonly string[] = WRITER_ROLES;

const COMMENT_MESSAGES: Partial<Record<ParcelAction, string>> = {
  reject: '请填写退回意见',
  takeDown: '请填写下架原因',
};

/**
 * The review steps, approving or rejecting: the four-eyes rule applies (who entered or last
 * changed a parcel may not review it, either way).
 */
const REVIEWS: readonly ParcelAction[] = ['passFirst', 'publish', 'republish', 'reject'];
const PUBLICATIONS: readonly ParcelAction[] = ['publish', 'republish'];
/** The steps whose opinion the clerk who entered the parcel is told of. */
const REVIEW_RESULTS: readonly ParcelAction[] = ['passFirst', 'publish', 'reject'];

const fmt = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const overlapText = (o: Pick<ParcelOverlap, 'dkmc' | 'areaM2' | 'areaMu'>) => `“${o.dkmc}”${fmt(o.areaM2)} ㎡（${fmt(o.areaMu)} 亩）`;

/**
 * What the four-eyes rule says about `staff` taking `action` on a parcel: null when allowed,
 * otherwise why not. Who entered or last changed a parcel does not approve it; its first review
 * and its publication are two people's.
 */
async function fourEyesProblem(trx: AnyDb, staff: StaffIdentity, action: ParcelAction, parcel: Row): Promise<string | null> {
  if (!REVIEWS.includes(action)) return null;
  if (parcel.createdBy === staff.userId) return '录入该地块的人不能审核它';
  if ((parcel.editedBy ?? parcel.createdBy) === staff.userId) return '最后修改该地块的人不能审核它';
  if (action === 'publish') {
    const first = await trx
      .selectFrom('t_landinfo_log')
      .select('actorId')
      .where('dkid', '=', parcel.id as string)
      .where('action', '=', 'passFirst')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (first?.actorId === staff.userId) return '初审与发布须由两人完成';
  }
  return null;
}

/**
 * Moves parcels through the lifecycle, all or none, inside the caller's transaction: every
 * parcel must allow the action from its state, reviewer actions need a reviewer, 退回 and 下架
 * need a comment. Each move is logged; 下架 also writes a take-down record. Returns the parcels
 * as they are afterwards.
 */
export async function transitionParcels(trx: AnyDb, staff: StaffIdentity, req: TransitionRequest): Promise<Row[]> {
  const t = transitionFor(req.action);
  if (!t) throw validationError('action', `未知的操作：${req.action}`);
  if (!ACTING_ROLES.includes(staff.role)) throw forbidden('只读用户不能变更地块状态');
  if (t.reviewer && !REVIEWER_ROLES.includes(staff.role)) throw forbidden(`只有审核人员可以执行“${t.label}”`);
  const comment = req.comment?.trim() ?? '';
  if (t.needsComment && comment === '') throw validationError('comment', COMMENT_MESSAGES[req.action] ?? '请填写意见');
  if (!maxUnits(comment, 200)) throw validationError('comment', MESSAGES.len200);

  const ids = [...new Set(req.ids)];
  const rows = await trx
    .selectFrom('t_landinfo')
    .select(['id', 'dkmc', 'status', 'geometry', 'createdBy', 'editedBy'])
    .where('id', 'in', ids)
    .execute();
  if (rows.length !== ids.length) throw notFound('部分地块不存在或已删除，未做任何变更');
  const settings = await loadSettings(trx as unknown as DbOrTrx);
  const fourEyes = settings.fourEyes === 'on';
  const overlapReason = req.overlapReason?.trim() ?? '';
  if (!maxUnits(overlapReason, 200)) throw validationError('overlapReason', MESSAGES.len200);
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  const moves: { id: string; dkmc: string; from: ParcelState; to: ParcelState; note: string[] }[] = [];
  for (const id of ids) {
    const r = byId.get(id)!;
    const from = r.status as ParcelState;
    const prefix = ids.length > 1 ? `地块“${String(r.dkmc)}”：` : '';
    const result = applyTransition(from, req.action);
    if (!result.ok) throw conflict(`${prefix}${result.message}`);
    if (req.action === 'submit' && !r.geometry) {
      throw validationError('geometry', `地块“${String(r.dkmc)}”还没有地块边界，请先绘制或导入边界后再提交`);
    }
    const note: string[] = [];
    const problem = await fourEyesProblem(trx, staff, req.action, r);
    if (problem && fourEyes) throw forbidden(`地块“${String(r.dkmc)}”：${problem}，请由其他审核人员“${t.label}”（双人审核）`);
    if (problem) note.push(`双人审核已关闭，本应拒绝：${problem}`);
    if (PUBLICATIONS.includes(req.action) && r.geometry) {
      const over = (await findOverlaps(trx, overlapGeometry(r.geometry), id)).filter((o) => isOfferedParcel(o) && o.areaM2 > settings.overlapToleranceM2);
      if (over.length > 0) {
        const list = over.map(overlapText).join('、');
        if (!overlapReason) {
          throw validationError('overlapReason', `地块“${String(r.dkmc)}”与已发布、挂牌或成交的地块${list}重叠，超过容差 ${settings.overlapToleranceM2} ㎡；如确需发布，请填写发布理由`);
        }
        note.push(`与地块${list}重叠，发布理由：${overlapReason}`);
      }
    }
    moves.push({ id, dkmc: String(r.dkmc), from, to: result.to, note });
  }

  const now = nowIso();
  for (const m of moves) {
    const set: Row = { status: m.to, updatedAt: now, updatedBy: staff.userId };
    if (m.to === 'published') set.publishedAt = now;
    const res = await trx
      .updateTable('t_landinfo')
      .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
      .where('id', '=', m.id)
      .where('status', '=', m.from)
      .executeTakeFirst();
    // Someone else moved it between the read and this write.
    if (Number(res.numUpdatedRows) !== 1) throw conflict(`地块“${m.dkmc}”的状态已变化，请刷新后重试`);
  }
  await writeAuditMany(
    trx,
    moves.map((m) => ({
      action: 'transition' as const,
      entity: 'tLandinfo',
      recordId: m.id,
      summary: `地块“${m.dkmc}”${t.label}${comment ? `：${comment}` : ''}`,
      before: { status: m.from },
      after: { status: m.to },
    })),
  );
  if (req.action === 'takeDown') {
    const def = entityByName('tDkxj')!;
    for (const m of moves) {
      await saveRecord(trx, def, { dkid: m.id, reasonType: req.reasonType || 'other', reason: comment, takenDownBy: staff.userName, takenDownAt: now }, staff.userId, 'create');
    }
  }
  await writeParcelLog(
    trx,
    moves.map((m) => ({
      dkid: m.id,
      dkmc: m.dkmc,
      action: req.action,
      fromState: m.from,
      toState: m.to,
      comment: comment || null,
      actorId: staff.userId,
      actorName: staff.userName,
      note: m.note.join('；') || null,
    })),
  );
  // Saved searches are alerted of publications; recorded in the transaction that publishes.
  await recordParcelChanges(trx, moves.filter((m) => m.to === 'published').map((m) => ({ dkid: m.id, kind: 'published' as const })));
  if (REVIEW_RESULTS.includes(req.action)) {
    for (const m of moves) await tellClerk(trx, byId.get(m.id)!, t.label, staff, comment);
  }
  const def = entityByName('tLandinfo')!;
  return Promise.all(ids.map(async (id) => (await findById(trx, def, id))!));
}


/**
 * Tells the clerk who entered the parcel the review's result and opinion, in the inbox of the
 * visitor account registered with the clerk's mobile number (and by WeChat where bound, as
 * every message). A clerk without one reads it in the parcel's log in the back office.
 */
async function tellClerk(trx: AnyDb, parcel: Row, label: string, reviewer: StaffIdentity, comment: string): Promise<void> {
  if (!parcel.createdBy || parcel.createdBy === reviewer.userId) return;
  const clerk = await trx.selectFrom('t_user').select('phone').where('id', '=', parcel.createdBy as string).executeTakeFirst();
  const phone = clerk?.phone as string | null | undefined;
  if (!phone) return;
  const visitor = await trx.selectFrom('t_visitor').select('id').where('userAccount', '=', phone).where('status', '=', '1').executeTakeFirst();
  if (!visitor) return;
  await enqueueMessage(trx, {
    kind: 'system',
    type: 'system',
    title: `地块“${String(parcel.dkmc)}”${label}`,
    content: `${reviewer.userName}对地块“${String(parcel.dkmc)}”执行了“${label}”。审核意见：${comment || '无'}`,
    sourceId: parcel.id as string,
    senderId: reviewer.userId,
    recipients: [{ visitorId: visitor.id as string }],
  });
}
