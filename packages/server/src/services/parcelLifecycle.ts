import { REVIEWER_ROLES as SHARED_REVIEWER_ROLES, WRITER_ROLES } from '@land/shared/roles';
import { entityByName } from '@land/shared/entities/index';
import {
  TRANSITIONS,
  applyTransition,
  transitionFor,
  type ParcelAction,
  type ParcelState,
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

export const PARCEL_ACTIONS = TRANSITIONS.map((t) => t.action) as [ParcelAction, ...ParcelAction[]];

/** Roles that may review (初审, 审核, 退回, 重新发布). */
export const REVIEWER_ROLES: readonly string[] = SHARED_REVIEWER_ROLES;
/** Roles that may move parcels at all; 只读 users only look. */
const ACTING_ROLES: readonly string[] = WRITER_ROLES;

const COMMENT_MESSAGES: Partial<Record<ParcelAction, string>> = {
  reject: '请填写退回意见',
  takeDown: '请填写下架原因',
};

export interface TransitionRequest {
  ids: string[];
  action: ParcelAction;
  comment?: string;
  /** Take-down only: the reason's kind (tDkxj.reasonType), default 其他. */
  reasonType?: string;
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
  const rows = await trx.selectFrom('t_landinfo').select(['id', 'dkmc', 'status', 'geometry']).where('id', 'in', ids).execute();
  if (rows.length !== ids.length) throw notFound('部分地块不存在或已删除，未做任何变更');
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  const moves: { id: string; dkmc: string; from: ParcelState; to: ParcelState }[] = [];
  for (const id of ids) {
    const r = byId.get(id)!;
    const from = r.status as ParcelState;
    const prefix = ids.length > 1 ? `地块“${String(r.dkmc)}”：` : '';
    const result = applyTransition(from, req.action);
    if (!result.ok) throw conflict(`${prefix}${result.message}`);
    if (req.action === 'submit' && !r.geometry) {
      throw validationError('geometry', `地块“${String(r.dkmc)}”还没有地块边界，请先绘制或导入边界后再提交`);
    }
    moves.push({ id, dkmc: String(r.dkmc), from, to: result.to });
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
      summary: `地块“${m.dkmc}”${req.action}${comment ? `：${comment}` : ''}`,
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
    })),
  );
  // Saved searches are alerted of publications; recorded in the transaction that publishes.
  await recordParcelChanges(trx, moves.filter((m) => m.to === 'published').map((m) => ({ dkid: m.id, kind: 'published' as const })));
  const def = entityByName('tLandinfo')!;
  return Promise.all(ids.map(async (id) => (await findById(trx, def, id))!));
}

