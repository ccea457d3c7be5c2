/**
 * Staff roles and what each may use: one declarative map, read by the server's permission hook
 * (every /api call) and by the back-office menu (every screen).
 */
import { ENTITIES } from './entities';

export const ROLES = ['admin', 'editor', 'reviewer', 'readonly'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: '管理员',
  editor: '编辑',
  reviewer: '审核员',
  readonly: '只读',
};

/**
 * What a call or a screen needs: `session` any signed-in staff (own profile, password, logout),
 * `read` looking at data, `write` changing it, `review` the reviewer steps of the parcel
 * lifecycle, `admin` users and system settings.
 */
export const PERMISSIONS = ['session', 'read', 'write', 'review', 'admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ['session', 'read', 'write', 'review', 'admin'],
  // Reviewers also correct the records they review (the lifecycle lets them act on parcels).
  reviewer: ['session', 'read', 'write', 'review'],
  editor: ['session', 'read', 'write'],
  readonly: ['session', 'read'],
};

/** May change data. */
export const WRITER_ROLES: readonly Role[] = ROLES.filter((r) => ROLE_PERMISSIONS[r].includes('write'));
/** May pass reviews and publish. */
export const REVIEWER_ROLES: readonly Role[] = ROLES.filter((r) => ROLE_PERMISSIONS[r].includes('review'));

export const READ_ONLY_MESSAGE = '只读用户不能修改数据';

/** The answer to a call the role may not make, by what it needed. */
export const PERMISSION_MESSAGES: Record<Permission, string> = {
  session: '未登录或登录已失效，请先登录',
  read: '没有权限查看此数据',
  write: READ_ONLY_MESSAGE,
  review: '只有审核人员可以执行此操作',
  admin: '只有管理员可以执行此操作',
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export function roleMay(role: string, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * What each back-office screen (MANAGEMENT_SCREENS path) needs; a screen not listed needs
 * `read`. Entry and edit pages need `write`, user management and system settings `admin`,
 * the reviewer screens of the parcel lifecycle (待初审, 待审核) `review` (the lifecycle service
 * also refuses their actions to others, whichever screen asks).
 */
export const SCREEN_PERMISSIONS: Readonly<Record<string, Permission>> = {
  land: 'write',
  landManagement_process: 'review',
  landManagement_publish: 'review',
  addZshd: 'write',
  'editZshd/:id': 'write',
  user: 'admin',
  peizhi: 'admin',
  templateManagement: 'admin',
  auditLog: 'admin',
  // Restoring is a write; deleting for good is for administrators (the server checks each call).
  recycleBin: 'write',
};

/** The screens whose actions are the reviewer steps of the parcel lifecycle. */
export const REVIEW_SCREENS: readonly string[] = ['landManagement_process', 'landManagement_publish'];

/** Whether the role may use the review actions of a screen (editors see them disabled). */
export function canReviewOn(role: string, screenPath: string): boolean {
  return !REVIEW_SCREENS.includes(screenPath) || roleMay(role, 'review');
}

export function screenPermission(screenPath: string): Permission {
  return SCREEN_PERMISSIONS[screenPath] ?? 'read';
}

export function canUseScreen(role: string, screenPath: string): boolean {
  return roleMay(role, screenPermission(screenPath));
}

/**
 * /api calls whose need is not read off their name: exact paths below the /api prefix
 * (apiPermission reads every other call's need off its name and its screen).
 */
export const API_PERMISSIONS: Readonly<Record<string, Permission>> = {
  '/logout': 'session',
  '/currentUser': 'session',
  '/session/continue': 'session',
  '/tUser/updatePassword': 'session',
  '/config/save': 'admin',
  '/auditLog/selectByPage': 'admin',
  '/recycleBin/delete': 'admin',
  '/recycleBin/purge': 'admin',
  '/tLandJyst/syncFromJyxt': 'admin',
  // Per action the lifecycle service also asks for a reviewer (初审, 审核, 退回, 重新发布).
  '/tLandinfo/transition': 'write',
  // Renders the investment manual; changes nothing.
  '/ExcelMainDispose/createPdf': 'read',
  '/file/upload': 'write',
  '/tPipenetwork/importFile': 'write',
};

/**
 * The back-office screen of each call group (first path segment below /api): every entity's
 * `screen`, plus the calls of the screens that are not entities.
 */
export const CALL_SCREENS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(ENTITIES.filter((e) => e.screen).map((e) => [e.name, e.screen!])),
  tUser: 'user',
  config: 'peizhi',
  auditLog: 'auditLog',
  recycleBin: 'recycleBin',
};

const WRITE_VERBS = /^(add|update|delete|batch|save|import|insert|remove|set|create|edit|upload|sync|send|resend|reply|move|restore|purge|fill)/i;

/** Of two needs, the one fewer roles hold (admin over review over write over read). */
function stronger(a: Permission, b: Permission): Permission {
  const holders = (p: Permission) => ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(p)).length;
  return holders(b) < holders(a) ? b : a;
}

/**
 * What an /api call needs (path with or without the /api prefix; `declared` is what defineCall
 * was told). Its own need — declared, else API_PERMISSIONS, else `write` when its last segment
 * names a change (add, update, delete, save, import, batch…) and `read` otherwise — and a change
 * needs at least what its screen needs (CALL_SCREENS): a call can never do more than its screen
 * allows. Reads stay `read`; presenters keep admin-only fields (service keys, staff contact
 * details) from other roles.
 */
export function apiPermission(path: string, declared?: Permission): Permission {
  const local = path.startsWith('/api/') ? path.slice(4) : path;
  const segments = local.split('/').filter(Boolean);
  const own = declared ?? API_PERMISSIONS[local] ?? (WRITE_VERBS.test(segments.at(-1) ?? '') ? 'write' : 'read');
  if (own === 'read' || own === 'session') return own;
  const screen = CALL_SCREENS[segments[0] ?? ''];
  return screen ? stronger(own, screenPermission(screen)) : own;
}
