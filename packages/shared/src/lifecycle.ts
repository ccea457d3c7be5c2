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
