/**
 * Mini-program users: a WeChat login (code → openid) finds or creates the t_wxuser row and the
 * visitor account it signs in as, then opens an ordinary visitor session, so the inbox,
 * collections and questions work for WeChat users unchanged.
 */
import { randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@land/shared/api';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import type { WechatClient } from '../integrations/wechat/index';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { auditedLogin } from './audit';
import { ACCOUNT_DISABLED_MESSAGE } from './sessions';
import { newVisitorRow, openSession, type VisitorMeta, type VisitorSession } from './visitors';
import './messagingTables';
import './publicTables';

export const REGISTER_TYPE_WECHAT = 'wechat';

/** Never a valid argon2 hash: a WeChat user's visitor account cannot log in with a password. */
const NO_PASSWORD = '!wechat-login-only';

export interface WechatLoginInput {
  code: string;
  nickname?: string | null;
  avatarUrl?: string | null;
}

export interface WechatLoginResult extends VisitorSession {
  openid: string;
  /** Signed in by the development login (no app id configured). */
  devLogin: boolean;
}

/** A login name in t_visitor's 20 characters that no mobile number can collide with. */
function wechatAccount(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(18);
  return `wx${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

async function findByOpenid(db: Db, openid: string) {
  return db.selectFrom('t_wxuser').select(['id', 'visitorId']).where('openid', '=', openid).executeTakeFirst();
}

/** The WeChat user of an openid, created with its visitor account on first login. */
async function findOrCreate(db: Db, openid: string, unionid: string | undefined, input: WechatLoginInput, dev: boolean): Promise<string> {
  const now = nowIso();
  const existing = await findByOpenid(db, openid);
  if (existing) {
    await db
      .updateTable('t_wxuser')
      .set({ lastLoginAt: now, ...(unionid && { unionid }), ...(input.nickname && { nickname: input.nickname }), ...(input.avatarUrl && { avatarUrl: input.avatarUrl }) })
      .where('id', '=', existing.id)
      .execute();
    await db.updateTable('t_visitor').set({ lastLoginAt: now }).where('id', '=', existing.visitorId).execute();
    return existing.visitorId;
  }
  const visitorId = newId();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('t_visitor')
        .values(
          newVisitorRow(
            { id: visitorId, userAccount: wechatAccount(), userName: input.nickname?.trim() || '微信用户', passwordHash: NO_PASSWORD, registerType: REGISTER_TYPE_WECHAT, sqdw: null, email: null },
            now,
          ),
        )
        .execute();
      await trx
        .insertInto('t_wxuser')
        .values({
          id: newId(),
          openid,
          unionid: unionid ?? null,
          visitorId,
          nickname: input.nickname?.trim() || null,
          avatarUrl: input.avatarUrl || null,
          dev: dev ? 1 : 0,
          createdAt: now,
          lastLoginAt: now,
        })
        .execute();
    });
    return visitorId;
  } catch (err) {
    // Two first logins of one user at once: the unique openid decides, the other finds it.
    const winner = await findByOpenid(db, openid);
    if (winner) return winner.visitorId;
    throw err;
  }
}

export async function wechatLogin(db: Db, config: Config, client: WechatClient, input: WechatLoginInput, meta: VisitorMeta): Promise<WechatLoginResult> {
  // Logged like every other login: the account is known only once WeChat has answered.
  return auditedLogin(db, 'visitor', '微信登录', meta, () => checkWechatLogin(db, config, client, input, meta));
}

/** Without a WeChat app id and with the development login off (WECHAT_DEV_LOGIN), nobody signs in through WeChat. */
export const WECHAT_LOGIN_OFF_MESSAGE = '微信登录未开通：服务器未配置微信小程序';

async function checkWechatLogin(db: Db, config: Config, client: WechatClient, input: WechatLoginInput, meta: VisitorMeta): Promise<WechatLoginResult> {
  // The development login takes any code: only when switched on (config.wechatDevLogin).
  if (!client.configured && !config.wechatDevLogin) throw new AppError(ERROR_CODES.FORBIDDEN, WECHAT_LOGIN_OFF_MESSAGE, 403);
  const session = await client.login(input.code);
  const visitorId = await findOrCreate(db, session.openid, session.unionid, input, session.dev);
  const visitor = await db.selectFrom('t_visitor').select(['id', 'userName', 'userAccount', 'registerType', 'sqdw', 'status']).where('id', '=', visitorId).executeTakeFirstOrThrow();
  if (visitor.status !== '1') throw new AppError(ERROR_CODES.ACCOUNT_DISABLED, ACCOUNT_DISABLED_MESSAGE, 400);
  return {
    ...(await openSession(db, config, visitor, meta)),
    openid: session.openid,
    devLogin: session.dev,
  };
}

/** The openid of a visitor signed in through WeChat, if any. */
export async function openidOfVisitor(db: Db, visitorId: string): Promise<string | null> {
  const row = await db.selectFrom('t_wxuser').select('openid').where('visitorId', '=', visitorId).executeTakeFirst();
  return row?.openid ?? null;
}
