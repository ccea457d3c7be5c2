/**
 * The parcel lifecycle (issue "Parcels", item 5) as an explicit state machine shared by the
 * server, which enforces it, and the web, which offers only legal actions.
 *
 *   draft ──submit──▶ pendingFirst ──passFirst──▶ pendingReview ──publish──▶ published
 *     ▲                    │                          │                      │
 *     └──────reject────────┴──────────reject──────────┘                takeDown (reason)
 *     ▲                                                                      ▼
 *     └─────────────────────────────withdraw────────────────────────── takenDown ──republish──▶ published
 *
 * Listing (挂牌) and deal (成交) are trade states that come from land-transaction records;
 * they apply to published parcels and are kept in a separate field.
 */

import type { ParcelGeometry } from './geo/types';

export const PARCEL_STATES = ['draft', 'pendingFirst', 'pendingReview', 'published', 'takenDown'] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];

export const PARCEL_STATE_LABELS: Record<ParcelState, string> = {
  draft: '录入中',
  pendingFirst: '待初审',
  pendingReview: '待审核',
  published: '已发布',
  takenDown: '已下架',
};

/** The back-office screen that lists parcels in each state (SPEC §2). */
export const PARCEL_STATE_SCREENS: Record<ParcelState, string> = {
  draft: 'land',
  pendingFirst: 'landManagement_process',
  pendingReview: 'landManagement_publish',
  published: 'landManagement_published',
  takenDown: 'landManagement_xiajia',
};

export const TRADE_STATES = ['none', 'listed', 'deal'] as const;
export type TradeState = (typeof TRADE_STATES)[number];
export const TRADE_STATE_LABELS: Record<TradeState, string> = { none: '未挂牌', listed: '挂牌中', deal: '已成交' };

export type ParcelAction = 'submit' | 'passFirst' | 'publish' | 'reject' | 'takeDown' | 'republish' | 'withdraw';

export interface Transition {
  action: ParcelAction;
  from: ParcelState[];
  to: ParcelState;
  label: string;
  /** Needs a comment (reject) or a reason (take down). */
  needsComment?: boolean;
  /** Only reviewers (and admins) may do it. */
  reviewer?: boolean;
}

export const TRANSITIONS: Transition[] = [
  { action: 'submit', from: ['draft'], to: 'pendingFirst', label: '提交初审' },
  { action: 'passFirst', from: ['pendingFirst'], to: 'pendingReview', label: '初审通过', reviewer: true },
  { action: 'publish', from: ['pendingReview'], to: 'published', label: '审核通过并发布', reviewer: true },
  { action: 'reject', from: ['pendingFirst', 'pendingReview'], to: 'draft', label: '退回', needsComment: true, reviewer: true },
  { action: 'takeDown', from: ['published'], to: 'takenDown', label: '下架', needsComment: true },
  { action: 'republish', from: ['takenDown'], to: 'published', label: '重新发布', reviewer: true },
  { action: 'withdraw', from: ['takenDown'], to: 'draft', label: '退回录入' },
];

export function transitionFor(action: ParcelAction): Transition | undefined {
  return TRANSITIONS.find((t) => t.action === action);
}

/** The target state, or a Chinese message saying why the action is not allowed now. */
export function applyTransition(state: ParcelState, action: ParcelAction): { ok: true; to: ParcelState } | { ok: false; message: string } {
  const t = transitionFor(action);
  if (!t) return { ok: false, message: `未知的操作：${action}` };
  if (!t.from.includes(state)) {
    return { ok: false, message: `地块当前状态为“${PARCEL_STATE_LABELS[state]}”，不能执行“${t.label}”` };
  }
  return { ok: true, to: t.to };
}

export function actionsFrom(state: ParcelState): Transition[] {
  return TRANSITIONS.filter((t) => t.from.includes(state));
}

/** One step in a parcel's history: a lifecycle transition, an edit past 录入中, a deletion. */
export interface ParcelLogRow {
  id: string;
  dkid: string;
  /** The parcel's name at the time (kept when the parcel is deleted). */
  dkmc: string | null;
  /** submit | passFirst | publish | reject | takeDown | republish | withdraw | edit | delete */
  action: string;
  fromState: string | null;
  toState: string | null;
  comment: string | null;
  actorId: string | null;
  actorName: string | null;
  at: string;
  /** What the system adds: a step the four-eyes rule would have refused, an overlap published with its reason. */
  note: string | null;
}

/** /api/tLandinfo/transition: moves parcels through the lifecycle, all or none. */
export interface TransitionRequest {
  ids: string[];
  action: ParcelAction;
  /** The reviewer's opinion (审核意见; required to reject), or the take-down reason. */
  comment?: string;
  /** 下架 only: the reason's kind (tDkxj.reasonType), default 其他. */
  reasonType?: string;
  /** 发布 over an overlap with a published, listed or dealt parcel: why (kept in the log). */
  overlapReason?: string;
}

/** Another parcel that a parcel's outline overlaps. */
export interface ParcelOverlap {
  id: string;
  dkmc: string;
  dkbh: string | null;
  status: string;
  tradeState: string | null;
  /** Overlap area, m² and 亩 (two decimals). */
  areaM2: number;
  areaMu: number;
  /** The overlapping part, lon-lat. */
  geometry: ParcelGeometry;
}
