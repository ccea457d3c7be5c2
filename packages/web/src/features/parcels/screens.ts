import { REVIEWER_ROLES as SHARED_REVIEWER_ROLES, WRITER_ROLES as SHARED_WRITER_ROLES } from '@land/shared/roles';
/**
 * The back-office parcel screens (SPEC §2): which parcels each lists and which lifecycle
 * actions it offers. The actions come from the state machine in lifecycle.ts, so a screen
 * offers exactly what is legal from its state; the role decides which of them are enabled.
 */
import type { ParcelAction, ParcelState, TradeState, Transition } from '@land/shared/lifecycle';
import { PARCEL_STATE_SCREENS, actionsFrom } from '@land/shared/lifecycle';

/** Supporting data a screen shows beside each parcel. */
export type ScreenExtra = 'takeDown' | 'listing' | 'deal';

export interface ParcelScreenConfig {
  path: string;
  state: ParcelState;
  /** Trading screens list published parcels in one trade state. */
  tradeState?: TradeState;
  /** New parcels are entered, and parcels edited, on this screen (录入). */
  entry?: boolean;
  extra?: ScreenExtra;
  /** Empty list text. */
  emptyText: string;
}

const byState = (state: ParcelState) => PARCEL_STATE_SCREENS[state];

export const PARCEL_SCREENS: Record<string, ParcelScreenConfig> = {
  [byState('draft')]: { path: byState('draft'), state: 'draft', entry: true, emptyText: '暂无录入中的地块，点击“新增”录入' },
  [byState('pendingFirst')]: { path: byState('pendingFirst'), state: 'pendingFirst', emptyText: '暂无待初审的地块' },
  [byState('pendingReview')]: { path: byState('pendingReview'), state: 'pendingReview', emptyText: '暂无待审核的地块' },
  [byState('published')]: { path: byState('published'), state: 'published', emptyText: '暂无已发布的地块' },
  [byState('takenDown')]: { path: byState('takenDown'), state: 'takenDown', extra: 'takeDown', emptyText: '暂无已下架的地块' },
  landJyxtManagement_gp: { path: 'landJyxtManagement_gp', state: 'published', tradeState: 'listed', extra: 'listing', emptyText: '暂无挂牌中的地块' },
  landJyxtManagement_cj: { path: 'landJyxtManagement_cj', state: 'published', tradeState: 'deal', extra: 'deal', emptyText: '暂无已成交的地块' },
};

/** Roles that review (初审, 审核, 退回, 重新发布) and that may change parcels at all; the server uses the same lists. */
export const REVIEWER_ROLES: readonly string[] = SHARED_REVIEWER_ROLES;
export const WRITER_ROLES: readonly string[] = SHARED_WRITER_ROLES;

export interface OfferedAction {
  transition: Transition;
  /** Why the user may not do it, or null when allowed. */
  denied: string | null;
}

/** The actions legal from the screen's state, each with whether this role may do it. */
export function offeredActions(state: ParcelState, role: string): OfferedAction[] {
  return actionsFrom(state).map((transition) => ({ transition, denied: deniedReason(transition, role) }));
}

export function deniedReason(transition: Transition, role: string): string | null {
  if (!WRITER_ROLES.includes(role)) return '只读用户不能变更地块状态';
  if (transition.reviewer && !REVIEWER_ROLES.includes(role)) return `只有审核人员可以执行“${transition.label}”`;
  return null;
}

/** What a finished action says, e.g. 已提交初审 2 个地块. */
export function doneMessage(action: ParcelAction, count: number): string {
  const verbs: Record<ParcelAction, string> = {
    submit: '已提交初审',
    passFirst: '已初审通过',
    publish: '已审核通过并发布',
    reject: '已退回',
    takeDown: '已下架',
    republish: '已重新发布',
    withdraw: '已退回录入',
  };
  return `${verbs[action]} ${count} 个地块`;
}

/** Log entries that are not transitions. */
export const LOG_ACTION_LABELS: Record<string, string> = { edit: '修改', delete: '删除', create: '新增' };
