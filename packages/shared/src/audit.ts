/**
 * The audit log's vocabulary, shared by the server (what it writes, what the search accepts)
 * and the back-office screen (labels).
 */
export const AUDIT_ACTIONS = {
  create: '新增',
  update: '修改',
  delete: '删除',
  restore: '恢复',
  purge: '彻底删除',
  transition: '状态流转',
  login: '登录',
  logout: '退出登录',
  loginFailed: '登录失败',
  upload: '上传文件',
  deleteFile: '删除文件',
  settings: '修改配置',
  password: '修改密码',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export const AUDIT_ACTOR_TYPES = { staff: '后台用户', visitor: '公众用户', anonymous: '未登录', system: '系统' } as const;
export type AuditActorType = keyof typeof AUDIT_ACTOR_TYPES;

/** Shortest retention of the audit log (等保 2.0 asks for at least six months). */
export const AUDIT_MIN_RETENTION_DAYS = 180;
/** How long a deleted record stays restorable in the recycle bin. */
export const RECYCLE_DAYS = 30;

/** Pseudo-entities of audit entries that are not entity-engine records. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  t_user: '后台用户',
  t_visitor: '公众用户',
  t_session: '会话',
  t_setting: '系统配置',
  t_collection: '收藏',
  file: '文件',
  recycleBin: '回收站',
};

/**
 * Main records: deleting one moves it (with everything deleted along, e.g. a parcel's
 * supporting records) to the recycle bin. These are what a person deletes on purpose and would
 * miss: parcels, published content, plans, contacts, districts and streets. Supporting records
 * deleted on their own (one price row, the panorama markers a save replaces), dictionaries
 * (land classes, facilities), messages and staff accounts (disabled rather than deleted; a
 * deletion is in the audit log with the record as it was) are deleted outright.
 */
export const RECYCLED_ENTITIES: readonly string[] = [
  'tLandinfo',
  'tTzgg',
  'tZshd',
  'tRegulations',
  'tKeyproject',
  'tInvestmentLinkman',
  'tPlatformcompany',
  'tProphaseproject',
  'tGyjsyd',
  'tCltd',
  'tPqcrdk',
  'tPqkffa',
  'tZssc',
  'tKczy',
  'tSecondmarket',
  'tWxgzh',
  'tWxvideo',
  'tArea',
  'tJd',
  'tTemplate',
  'tProblem',
];

/**
 * What a delete confirmation tells the user happens to the record: to the recycle bin, where it
 * can be restored, for RECYCLED_ENTITIES; gone for good for the rest.
 */
export function deleteOutcome(entity: string): string {
  return RECYCLED_ENTITIES.includes(entity) ? `删除后将移入回收站，可在回收站恢复（保留 ${RECYCLE_DAYS} 天）。` : '删除后无法恢复。';
}

/** An audit entry as the search call answers it (before/after parsed). */
export interface AuditRecord {
  id: string;
  at: string;
  actorType: AuditActorType;
  actorId: string | null;
  actorName: string | null;
  ip: string | null;
  action: AuditAction;
  entity: string | null;
  recordId: string | null;
  summary: string | null;
  before: unknown;
  after: unknown;
}

/** A recycle-bin entry as the list call answers it. */
export interface RecycleEntry {
  id: string;
  entity: string;
  entityLabel: string;
  recordId: string;
  name: string | null;
  deletedAt: string;
  deletedBy: string | null;
  deletedByName: string | null;
  /** The record and what was deleted with it. */
  rowCount: number;
  /** Whole days until the purge removes it (0: goes with the next purge). */
  daysLeft: number;
}
