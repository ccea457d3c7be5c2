import { ERROR_CODES } from '@land/shared/api';
import type { Config } from '../config';
import type { Db, DbOrTrx, UserTable } from '../db/schema';
import { AppError, conflict, notFound, validationError } from '../lib/errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { clearLoginLocks } from './loginProtection';
import { hashPassword, randomPassword, verifyDummy, verifyPassword } from './passwords';
import { auditedLogin, writeAudit, writeAuditMany } from './audit';
import { ACCOUNT_DISABLED_MESSAGE, createSession, revokeUserSessions } from './sessions';

export { ROLES, type Role } from '@land/shared/roles';
import type { Role } from '@land/shared/roles';

/** Columns a client may see: the presenter's allow-list (never the hash or lock counters). */
export const USER_PUBLIC_COLUMNS = [
  'id',
  'userAccount',
  'userName',
  'phone',
  'email',
  'company',
  'status',
  'role',
  'mustChangePassword',
  'lastLoginAt',
  'createdAt',
  'updatedAt',
] as const;

export type PublicUser = Pick<UserTable, (typeof USER_PUBLIC_COLUMNS)[number]>;

/** Staff contact details: shown to administrators and to the user themself, to nobody else. */
export const USER_CONTACT_COLUMNS = ['phone', 'email'] as const;

export type PresentedUser = Omit<PublicUser, 'mustChangePassword' | (typeof USER_CONTACT_COLUMNS)[number]> & {
  mustChangePassword: number;
  phone?: string | null;
  email?: string | null;
};

/** A staff user as `viewer` may see them (no viewer: the server itself, everything). */
export function presentUser(row: PublicUser, viewer?: { userId: string; role: string }): PresentedUser {
  const out: PresentedUser = { ...row, mustChangePassword: Number(row.mustChangePassword) };
  if (viewer && viewer.role !== 'admin' && viewer.userId !== row.id) {
    for (const column of USER_CONTACT_COLUMNS) delete out[column];
  }
  return out;
}

export interface NewUser {
  userAccount: string;
  userName: string;
  password: string;
  phone?: string | null;
  email?: string | null;
  company?: string | null;
  role: Role;
  status: '0' | '1';
  mustChangePassword?: boolean;
}

export async function findUserById(db: DbOrTrx, id: string): Promise<PublicUser | undefined> {
  return db.selectFrom('t_user').select(USER_PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findUserByAccount(db: DbOrTrx, userAccount: string): Promise<PublicUser | undefined> {
  return db
    .selectFrom('t_user')
    .select(USER_PUBLIC_COLUMNS)
    .where('userAccount', '=', userAccount)
    .executeTakeFirst();
}

export async function addUser(db: DbOrTrx, input: NewUser): Promise<PublicUser> {
  if (await findUserByAccount(db, input.userAccount)) {
    throw conflict(`账号 ${input.userAccount} 已存在`);
  }
  const now = nowIso();
  const id = newId();
  await db
    .insertInto('t_user')
    .values({
      id,
      userAccount: input.userAccount,
      userName: input.userName,
      passwordHash: await hashPassword(input.password),
      phone: input.phone || null,
      email: input.email || null,
      company: input.company || null,
      status: input.status,
      role: input.role,
      mustChangePassword: input.mustChangePassword ? 1 : 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const created = (await findUserById(db, id))!;
  await writeAudit(db, { action: 'create', entity: 't_user', recordId: id, summary: `后台用户“${input.userAccount}”`, after: created });
  return created;
}

export interface UserChanges {
  userName?: string;
  phone?: string | null;
  email?: string | null;
  company?: string | null;
  role?: Role;
  status?: '0' | '1';
}

export async function updateUser(db: Db, actorId: string, id: string, changes: UserChanges): Promise<PublicUser> {
  return db.transaction().execute(async (trx) => {
    const current = await findUserById(trx, id);
    if (!current) throw notFound('用户不存在');
    if (id === actorId && changes.status === '0') throw validationError('status', '不能停用当前登录的账号');
    if (id === actorId && changes.role && changes.role !== current.role) {
      throw validationError('role', '不能修改自己的角色');
    }
    await trx
      .updateTable('t_user')
      .set({
        ...(changes.userName !== undefined && { userName: changes.userName }),
        ...(changes.phone !== undefined && { phone: changes.phone || null }),
        ...(changes.email !== undefined && { email: changes.email || null }),
        ...(changes.company !== undefined && { company: changes.company || null }),
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.status !== undefined && { status: changes.status }),
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (changes.status === '0') await revokeUserSessions(trx, id, 'staff');
    const updated = (await findUserById(trx, id))!;
    await writeAudit(trx, { action: 'update', entity: 't_user', recordId: id, summary: `后台用户“${current.userAccount}”`, before: current, after: updated });
    return updated;
  });
}

export async function setStatus(db: Db, actorId: string, id: string, status: '0' | '1'): Promise<PublicUser> {
  return updateUser(db, actorId, id, { status });
}

/** Own password change: needs the old one; ends every other session of the user. */
export async function changeOwnPassword(
  db: Db,
  userId: string,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await db.selectFrom('t_user').select(['passwordHash']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('用户不存在');
  if (!(await verifyPassword(row.passwordHash, oldPassword))) {
    throw validationError('oldPassword', '原密码不正确');
  }
  if (oldPassword === newPassword) throw validationError('newPassword', '新密码不能与原密码相同');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('t_user')
      .set({ passwordHash, mustChangePassword: 0, updatedAt: nowIso() })
      .where('id', '=', userId)
      .execute();
    await revokeUserSessions(trx, userId, 'staff', sessionId);
    await writeAudit(trx, { action: 'password', entity: 't_user', recordId: userId, summary: '修改本人密码（其他会话已退出）' });
  });
}

/** An administrator sets another user's password; the user must change it at next login. */
export async function resetPassword(db: Db, id: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('t_user')
      .set({ passwordHash, mustChangePassword: 1, updatedAt: nowIso() })
      .where('id', '=', id)
      .returning('userAccount')
      .executeTakeFirst();
    if (!result) throw notFound('用户不存在');
    // The new password works at once, from every address.
    await clearLoginLocks(trx, 'staff', result.userAccount);
    await revokeUserSessions(trx, id, 'staff');
    await writeAudit(trx, { action: 'password', entity: 't_user', recordId: id, summary: '管理员重置密码' });
  });
}

/** Deletes users in one transaction: all of them or, on any problem, none. */
export async function deleteUsers(db: Db, actorId: string, ids: string[]): Promise<number> {
  if (ids.includes(actorId)) throw validationError('ids', '不能删除当前登录的账号');
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('t_user').select(['id', 'userAccount']).where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) throw notFound('部分用户不存在或已删除，未做任何删除');
    if (found.some((u) => u.userAccount === 'admin')) throw validationError('ids', '内置管理员账号不能删除');
    await trx.deleteFrom('t_session').where('userId', 'in', ids).where('kind', '=', 'staff').execute();
    const before = await trx.selectFrom('t_user').select([...USER_PUBLIC_COLUMNS]).where('id', 'in', ids).execute();
    await trx.deleteFrom('t_user').where('id', 'in', ids).execute();
    await writeAuditMany(
      trx,
      before.map((u) => ({ action: 'delete' as const, entity: 't_user', recordId: u.id, summary: `后台用户“${u.userAccount}”`, before: u })),
    );
    return found.length;
  });
}

export interface LoginMeta {
  ip?: string;
  userAgent?: string;
}

/**
 * Staff login; every attempt is in the audit log. Failures and locks are counted per account
 * and address by protectLogin (services/loginProtection), which adds the attempts left.
 */
export async function login(db: Db, config: Config, userAccount: string, password: string, meta: LoginMeta) {
  return auditedLogin(db, 'staff', userAccount, meta, () => checkLogin(db, config, userAccount, password, meta));
}

/**
 * The login checks (SPEC foundation issue, item 4): an unknown account and a wrong password get
 * the same answer after the same work (a password hash is checked either way).
 */
async function checkLogin(db: Db, config: Config, userAccount: string, password: string, meta: LoginMeta) {
  const user = await db.selectFrom('t_user').selectAll().where('userAccount', '=', userAccount).executeTakeFirst();
  if (!user) await verifyDummy(password);
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(ERROR_CODES.BAD_CREDENTIALS, '用户名或密码错误', 400);
  }
  if (user.status !== '1') {
    throw new AppError(ERROR_CODES.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE, 400);
  }
  await db
    .updateTable('t_user')
    .set({ lastLoginAt: nowIso() })
    .where('id', '=', user.id)
    .execute();
  const policy = { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours };
  const { token, expiresAt } = await createSession(
    db,
    user.id,
    'staff',
    policy,
    meta,
  );
  return {
    token,
    userId: user.id,
    userName: user.userName,
    userAccount: user.userAccount,
    role: user.role,
    mustChangePassword: user.mustChangePassword === 1,
    idleMinutes: policy.idleMinutes,
    expiresAt,
  };
}

/**
 * Creates the built-in admin on first start. Its password comes from ADMIN_PASSWORD, or a
 * random one is returned for printing once; either way it must be changed after login.
 */
export async function ensureAdmin(db: Db, adminPassword?: string): Promise<string | null> {
  const existing = await findUserByAccount(db, 'admin');
  if (existing) return null;
  const password = adminPassword ?? randomPassword();
  await addUser(db, {
    userAccount: 'admin',
    userName: '系统管理员',
    password,
    role: 'admin',
    status: '1',
    mustChangePassword: true,
  });
  return adminPassword ? null : password;
}
