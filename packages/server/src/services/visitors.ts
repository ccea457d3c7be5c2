import { ERROR_CODES, type VisitorProfile, type VisitorSession } from '@land/shared/api';

export type { VisitorProfile, VisitorSession };
import type { Insertable } from 'kysely';
import type { Config } from '../config';
import type { Db, DbOrTrx } from '../db/schema';
import { AppError, conflict, notFound, validationError } from '../lib/errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { hashPassword, verifyDummy, verifyPassword } from './passwords';
import { ACCOUNT_DISABLED_MESSAGE, createSession, revokeUserSessions, type SessionPolicy } from './sessions';
import type { VisitorTable } from './publicTables';
import { auditedLogin, writeAudit } from './audit';

export const REGISTER_TYPE_PHONE = 'phone';

/** What a visitor sees of their own account (never the hash or the lock counters). */
const PROFILE_COLUMNS = ['id', 'userAccount', 'userName', 'registerType', 'sqdw', 'email', 'status', 'lastLoginAt', 'createdAt'] as const;
type ProfileRow = Pick<VisitorTable, (typeof PROFILE_COLUMNS)[number]>;

function presentProfile(row: ProfileRow): VisitorProfile {
  return {
    userId: row.id,
    userAccount: row.userAccount,
    userName: row.userName,
    registerType: row.registerType,
    sqdw: row.sqdw ?? '',
    email: row.email ?? '',
    lastLoginAt: row.lastLoginAt,
    createdAt: row.createdAt,
  };
}

export interface VisitorMeta {
  ip?: string;
  userAgent?: string;
}

/**
 * Visitors keep their session for days, not the staff half hour: a visitor who comes back to
 * compare parcels next week is still signed in. The idle limit slides with every request.
 */
export function visitorSessionPolicy(config: Config): SessionPolicy {
  return { idleMinutes: config.visitorIdleDays * 24 * 60, absoluteHours: config.visitorAbsoluteDays * 24 };
}

export async function findVisitor(db: DbOrTrx, id: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('t_visitor').select(PROFILE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function visitorProfile(db: DbOrTrx, id: string): Promise<VisitorProfile> {
  const row = await findVisitor(db, id);
  if (!row) throw notFound('账号不存在');
  return presentProfile(row);
}

export interface NewVisitor {
  userAccount: string;
  password: string;
  userName: string;
  sqdw: string;
  email?: string | null;
}

/** A new visitor session for an active account (password, registration or WeChat login). */
export async function openSession(db: DbOrTrx, config: Config, row: Pick<VisitorTable, 'id' | 'userName' | 'userAccount' | 'registerType' | 'sqdw'>, meta: VisitorMeta): Promise<VisitorSession> {
  const { token } = await createSession(db, row.id, 'visitor', visitorSessionPolicy(config), meta);
  return {
    token,
    userId: row.id,
    userName: row.userName,
    userAccount: row.userAccount,
    registerType: row.registerType,
    sqdw: row.sqdw ?? '',
  };
}

/** The t_visitor row of a new, active visitor who signs in `now` (registration, a first WeChat login). */
export function newVisitorRow(
  visitor: Pick<Insertable<VisitorTable>, 'id' | 'userAccount' | 'userName' | 'passwordHash' | 'registerType' | 'sqdw' | 'email'>,
  now: string,
): Insertable<VisitorTable> {
  return { ...visitor, status: '1', lockedUntil: null, lastLoginAt: now, createdAt: now, updatedAt: now };
}

/** Registers a visitor by mobile number and signs them in (the answer is a login's). */
export async function registerVisitor(db: Db, config: Config, input: NewVisitor, meta: VisitorMeta): Promise<VisitorSession> {
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  const id = newId();
  const taken = () => conflict('该手机号已注册，请直接登录');
  if (await db.selectFrom('t_visitor').select('id').where('userAccount', '=', input.userAccount).executeTakeFirst()) throw taken();
  try {
    await db
      .insertInto('t_visitor')
      .values(
        newVisitorRow(
          { id, userAccount: input.userAccount, userName: input.userName, passwordHash, registerType: REGISTER_TYPE_PHONE, sqdw: input.sqdw || null, email: input.email || null },
          now,
        ),
      )
      .execute();
  } catch (err) {
    // Two registrations of one number at once: the unique index decides, the loser is told.
    if (await db.selectFrom('t_visitor').select('id').where('userAccount', '=', input.userAccount).executeTakeFirst()) throw taken();
    throw err;
  }
  const created = (await findVisitor(db, id))!;
  await writeAudit(db, { action: 'create', entity: 't_visitor', recordId: id, summary: `公众用户注册“${input.userAccount}”`, after: created, actor: { actorType: 'visitor', actorId: id, actorName: input.userName } });
  return openSession(db, config, created, meta);
}

/**
 * Visitor login with the staff rules (services/users login): the same answer after the same work
 * for an unknown number and a wrong password; failures and locks per account and address are
 * protectLogin's; then a new visitor session.
 */
export async function visitorLogin(db: Db, config: Config, userAccount: string, password: string, meta: VisitorMeta): Promise<VisitorSession> {
  return auditedLogin(db, 'visitor', userAccount, meta, () => checkVisitorLogin(db, config, userAccount, password, meta));
}

async function checkVisitorLogin(db: Db, config: Config, userAccount: string, password: string, meta: VisitorMeta): Promise<VisitorSession> {
  const visitor = await db.selectFrom('t_visitor').selectAll().where('userAccount', '=', userAccount).executeTakeFirst();
  if (!visitor) await verifyDummy(password);
  if (!visitor || !(await verifyPassword(visitor.passwordHash, password))) {
    throw new AppError(ERROR_CODES.BAD_CREDENTIALS, '手机号或密码错误', 400);
  }
  if (visitor.status !== '1') throw new AppError(ERROR_CODES.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE, 400);
  await db
    .updateTable('t_visitor')
    .set({ lastLoginAt: nowIso() })
    .where('id', '=', visitor.id)
    .execute();
  return openSession(db, config, visitor, meta);
}

export interface VisitorChanges {
  userName?: string;
  sqdw?: string | null;
  email?: string | null;
}

/** A visitor edits their own name, company and e-mail; the mobile number is the login and stays. */
export async function updateVisitorProfile(db: Db, id: string, changes: VisitorChanges): Promise<VisitorProfile> {
  const before = await findVisitor(db, id);
  const result = await db
    .updateTable('t_visitor')
    .set({
      ...(changes.userName !== undefined && { userName: changes.userName }),
      ...(changes.sqdw !== undefined && { sqdw: changes.sqdw || null }),
      ...(changes.email !== undefined && { email: changes.email || null }),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('账号不存在');
  await writeAudit(db, { action: 'update', entity: 't_visitor', recordId: id, summary: '公众用户修改资料', before, after: await findVisitor(db, id) });
  return visitorProfile(db, id);
}

/** Own password change: needs the old one; ends every other session of the visitor. */
export async function changeVisitorPassword(
  db: Db,
  id: string,
  sessionId: string,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const row = await db.selectFrom('t_visitor').select(['passwordHash']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('账号不存在');
  if (!(await verifyPassword(row.passwordHash, oldPassword))) throw validationError('oldPassword', '原密码不正确');
  if (oldPassword === newPassword) throw validationError('newPassword', '新密码不能与原密码相同');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('t_visitor').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute();
    await revokeUserSessions(trx, id, 'visitor', sessionId);
    await writeAudit(trx, { action: 'password', entity: 't_visitor', recordId: id, summary: '公众用户修改密码（其他会话已退出）' });
  });
}
