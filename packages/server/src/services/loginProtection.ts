import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@land/shared/api';
import type { Config } from '../config';
import type { Db, DbOrTrx } from '../db/schema';
import { AppError } from '../lib/errors';
import { isoPlus, nowIso } from '../lib/time';
import { enforceLimit, type RateRule } from '../lib/throttle';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_REQUIRED_MESSAGE = '请先完成人机验证';
export const CAPTCHA_WRONG_MESSAGE = '人机验证无效或已过期，请重新验证';
/** The longest lock of one account from one address, however often it was locked before. */
const MAX_LOCK_MS = 24 * 3600_000;
/** How long failures and the back-off level of a pair are remembered after its last event. */
const MEMORY_MS = 24 * 3600_000;
const ALGORITHM = 'PBKDF2/SHA-256';
const HMAC_SETTING = 'altcha.hmacKey';

export type LoginKind = 'staff' | 'visitor';

export function loginRules(config: Config, kind: LoginKind): { calls: RateRule } {
  return { calls: { name: `${kind}-login`, ...config.rateLimits.login, message: '登录尝试过于频繁，请稍后再试' } };
}

// ---------------------------------------------------------------------------------------------
// The captcha: an ALTCHA proof-of-work challenge (the browser spends a second or two of CPU; a
// script has to spend the same for every attempt). Challenges are signed, expire after five
// minutes, and each one is accepted once (its nonce is recorded in t_captcha until it expires).

const secrets = new WeakMap<Db, Promise<string>>();

/** The HMAC key: ALTCHA_HMAC_KEY, else one random key kept in the database for every process. */
function hmacKey(db: Db, config: Config): Promise<string> {
  if (config.captcha.hmacKey) return Promise.resolve(config.captcha.hmacKey);
  let key = secrets.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('t_setting')
        .values({ key: HMAC_SETTING, value: randomBytes(32).toString('hex'), updatedAt: nowIso() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db.selectFrom('t_setting').select('value').where('key', '=', HMAC_SETTING).executeTakeFirstOrThrow();
      return row.value;
    })();
    key.catch(() => secrets.delete(db));
    secrets.set(db, key);
  }
  return key;
}

function signingSecrets(key: string) {
  return {
    hmacSignatureSecret: key,
    // Signs the expected key in deterministic mode; derived so one configured key is enough.
    hmacKeySignatureSecret: createHmac('sha256', key).update('altcha-key-signature').digest('hex'),
  };
}

export interface CaptchaChallenge {
  /** The challenge's nonce; a solution of it is accepted once. */
  captchaId: string;
  /** What the ALTCHA widget solves (its `challenge` option). */
  challenge: Challenge;
}

/** A new signed challenge; nothing is stored until a solution of it is spent. */
export async function issueCaptcha(db: Db, config: Config): Promise<CaptchaChallenge> {
  const { maxNumber, cost } = config.captcha;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost,
    counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
    deriveKey,
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    ...signingSecrets(await hmacKey(db, config)),
  });
  return { captchaId: challenge.parameters.nonce, challenge };
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().regex(/^[0-9a-f]{32}$/),
      salt: z.string().max(200),
      cost: z.number().int().positive().max(1_000_000),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(200).optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().max(200),
  }),
  solution: z.object({ counter: z.number().int().min(0).max(2 ** 32 - 1), derivedKey: z.string().max(200), time: z.number().optional() }),
});

function decodePayload(payload: string): z.output<typeof payloadSchema> | undefined {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks and spends a solution (the widget's base64 payload): signed by us, not expired, solved,
 * and its challenge never spent before — in the database, so no process accepts it twice.
 */
export async function consumeCaptcha(db: Db, config: Config, payload: string | undefined): Promise<boolean> {
  const decoded = payload ? decodePayload(payload) : undefined;
  // Our own challenges carry an expiry; one without it was not made here.
  if (!decoded?.challenge.parameters.expiresAt) return false;
  const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, ...signingSecrets(await hmacKey(db, config)) });
  if (!result.verified) return false;
  const now = nowIso();
  await db.deleteFrom('t_captcha').where('expiresAt', '<', now).execute();
  const spent = await db
    .insertInto('t_captcha')
    .values({
      id: decoded.challenge.parameters.nonce,
      answerHash: createHash('sha256').update(payload!).digest('hex'),
      expiresAt: new Date(decoded.challenge.parameters.expiresAt * 1000).toISOString(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Failures and locks per account AND address: a wrong guess from elsewhere never locks the real
// user out, known and unknown accounts are counted alike (the answers cannot tell them apart),
// and each further lock of the same pair lasts twice as long (back-off), up to a day.

function lockKey(kind: LoginKind, account: string, ip: string): string {
  return `${kind}:${account.toLowerCase()}|${ip}`.slice(0, 300);
}

function lockedError(untilMs: number): AppError {
  const minutes = Math.max(1, Math.ceil((untilMs - Date.now()) / 60_000));
  return new AppError(ERROR_CODES.ACCOUNT_LOCKED, `登录失败次数过多，账号已锁定，请${minutes}分钟后再试`, 400);
}

/** Ends the locks of an account from every address (an administrator reset its password). */
export async function clearLoginLocks(db: DbOrTrx, kind: LoginKind, account: string): Promise<void> {
  const prefix = `${kind}:${account.toLowerCase()}|`;
  await db.deleteFrom('t_login_lock').where('key', '>=', prefix).where('key', '<', `${prefix}\uffff`).execute();
}

/** Counts one failure of the pair; returns the lock's end when this failure locked it. */
async function countFailure(db: Db, config: Config, key: string): Promise<{ failures: number; lockedUntil?: number }> {
  // Pairs nobody has tried for a day are forgotten (indexed by expiresAt).
  await db.deleteFrom('t_login_lock').where('expiresAt', '<', nowIso()).execute();
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    await trx
      .insertInto('t_login_lock')
      .values({ key, failures: 0, locks: 0, lockedUntil: null, expiresAt: isoPlus(MEMORY_MS) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // One statement adds the failure, so concurrent attempts cannot each see the same count.
    const row = await trx
      .updateTable('t_login_lock')
      .set((eb) => ({ failures: eb('failures', '+', 1) }))
      .where('key', '=', key)
      .returning(['failures', 'locks'])
      .executeTakeFirstOrThrow();
    if (row.failures < config.lockoutAttempts) {
      await trx.updateTable('t_login_lock').set({ expiresAt: isoPlus(MEMORY_MS) }).where('key', '=', key).execute();
      return { failures: row.failures };
    }
    const lockMs = Math.min(MAX_LOCK_MS, config.lockoutMinutes * 60_000 * 2 ** Math.min(row.locks, 20));
    const until = now + lockMs;
    await trx
      .updateTable('t_login_lock')
      .set({ failures: 0, locks: row.locks + 1, lockedUntil: new Date(until).toISOString(), expiresAt: new Date(until + MEMORY_MS).toISOString() })
      .where('key', '=', key)
      .execute();
    return { failures: row.failures, lockedUntil: until };
  });
}

export interface LoginAttempt {
  kind: LoginKind;
  account: string;
  /** The ALTCHA payload, needed after a failed attempt from this address (A0240 until it is valid). */
  captchaCode?: string;
}

/**
 * Wraps a login: calls per address are limited; failures are counted per account and address
 * (shared by every process through the database); `lockoutAttempts` failures lock that pair
 * for `lockoutMinutes`, doubling with each further lock. After `loginCaptchaAfterFailures`
 * failures a staff login needs a solved captcha, and without one nothing is counted — so a
 * script that cannot solve it cannot lock anyone. A success clears the pair. The login itself
 * answers a wrong password with BAD_CREDENTIALS; the remaining attempts are added here, the
 * same for an account that exists and one that does not.
 */
export async function protectLogin<T>(
  db: Db,
  config: Config,
  attempt: LoginAttempt,
  req: FastifyRequest,
  reply: FastifyReply,
  login: () => Promise<T>,
): Promise<T> {
  const rules = loginRules(config, attempt.kind);
  await enforceLimit(db, rules.calls, req.ip, reply);
  const key = lockKey(attempt.kind, attempt.account, req.ip);
  const state = await db.selectFrom('t_login_lock').selectAll().where('key', '=', key).executeTakeFirst();
  if (state?.lockedUntil && Date.parse(state.lockedUntil) > Date.now()) throw lockedError(Date.parse(state.lockedUntil));
  const captchaAfter = attempt.kind === 'staff' ? config.loginCaptchaAfterFailures : 0;
  // After a lock the pair needs the captcha again from its first attempt.
  const captchaDue = captchaAfter > 0 && state !== undefined && (state.failures >= captchaAfter || state.locks > 0);
  if (captchaDue && !(await consumeCaptcha(db, config, attempt.captchaCode))) {
    throw new AppError(ERROR_CODES.CAPTCHA_REQUIRED, attempt.captchaCode ? CAPTCHA_WRONG_MESSAGE : CAPTCHA_REQUIRED_MESSAGE, 400, { captchaRequired: true });
  }
  try {
    const result = await login();
    if (state) await db.deleteFrom('t_login_lock').where('key', '=', key).execute();
    return result;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== ERROR_CODES.BAD_CREDENTIALS) throw err;
    const { failures, lockedUntil } = await countFailure(db, config, key);
    if (lockedUntil !== undefined) {
      throw new AppError(ERROR_CODES.ACCOUNT_LOCKED, `密码连续错误${config.lockoutAttempts}次，账号已锁定，请${Math.round((lockedUntil - Date.now()) / 60_000)}分钟后再试`, 400);
    }
    // Tell the login form to show the captcha from the next attempt on.
    const data = captchaAfter > 0 && failures >= captchaAfter ? { captchaRequired: true } : null;
    throw new AppError(ERROR_CODES.BAD_CREDENTIALS, `${err.message}，还可尝试${config.lockoutAttempts - failures}次`, 400, data);
  }
}
