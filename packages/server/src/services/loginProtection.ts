import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import type { Config } from '../config';
import type { Db } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { isoPlus, nowIso } from '../lib/time';
import { countHit, enforceLimit, peekHits, rateLimited, resetHits, type RateRule } from '../lib/throttle';
import { renderCaptcha } from './captchaImage';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const CAPTCHA_REQUIRED_MESSAGE = '请输入图片验证码';
export const CAPTCHA_WRONG_MESSAGE = '验证码错误或已过期，请重新输入';

export type LoginKind = 'staff' | 'visitor';

export function loginRules(config: Config, kind: LoginKind): { calls: RateRule; failures: RateRule } {
  return {
    calls: { name: `${kind}-login`, ...config.rateLimits.login, message: '登录尝试过于频繁，请稍后再试' },
    failures: { name: `${kind}-login-fail`, ...config.rateLimits.loginFailures, message: '登录失败次数过多，请稍后再试' },
  };
}

function hashAnswer(id: string, answer: string): string {
  return createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');
}

/** A new captcha: the image goes to the client, only a hash of the answer stays, for five minutes. */
export async function issueCaptcha(db: Db): Promise<{ captchaId: string; image: string }> {
  const { text, svg } = renderCaptcha();
  const captchaId = newId();
  await db.deleteFrom('t_captcha').where('expiresAt', '<', nowIso()).execute();
  await db
    .insertInto('t_captcha')
    .values({ id: captchaId, answerHash: hashAnswer(captchaId, text), expiresAt: isoPlus(CAPTCHA_TTL_MS) })
    .execute();
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Checks and spends a captcha: whatever the answer, it cannot be used again. */
export async function consumeCaptcha(db: Db, captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!captchaId || !answer) return false;
  const row = await db.deleteFrom('t_captcha').where('id', '=', captchaId).returning(['answerHash', 'expiresAt']).executeTakeFirst();
  if (!row || Date.parse(row.expiresAt) <= Date.now()) return false;
  return row.answerHash === hashAnswer(captchaId, answer);
}

export interface LoginAttempt {
  kind: LoginKind;
  account: string;
  captchaId?: string;
  captchaCode?: string;
}

const FAILURE_CODES: readonly string[] = [ERROR_CODES.BAD_CREDENTIALS, ERROR_CODES.ACCOUNT_LOCKED];

/**
 * Wraps a login: calls per address and failures per account + address are counted in the
 * database (so several processes share them); after `loginCaptchaAfterFailures` failures a
 * staff login needs a captcha (A0240 until it comes right). A success clears the failures.
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
  const subject = `${attempt.account.toLowerCase()}|${req.ip}`;
  await enforceLimit(db, rules.calls, req.ip, reply);
  const failures = await peekHits(db, rules.failures, subject);
  if (rules.failures.limit > 0 && failures.hits >= rules.failures.limit) throw rateLimited(reply, rules.failures, failures.retryAfter);
  const captchaAfter = attempt.kind === 'staff' ? config.loginCaptchaAfterFailures : 0;
  const captchaDue = captchaAfter > 0 && failures.hits >= captchaAfter;
  if (captchaDue) {
    const given = Boolean(attempt.captchaId && attempt.captchaCode);
    if (!(await consumeCaptcha(db, attempt.captchaId, attempt.captchaCode))) {
      throw new AppError(ERROR_CODES.CAPTCHA_REQUIRED, given ? CAPTCHA_WRONG_MESSAGE : CAPTCHA_REQUIRED_MESSAGE, 400, { captchaRequired: true });
    }
  }
  try {
    const result = await login();
    if (failures.hits > 0) await resetHits(db, rules.failures, subject);
    return result;
  } catch (err) {
    if (!(err instanceof AppError) || !FAILURE_CODES.includes(err.code)) throw err;
    const { hits } = await countHit(db, rules.failures, subject);
    // Tell the login form to show the captcha from the next attempt on.
    if (captchaAfter > 0 && hits >= captchaAfter) throw new AppError(err.code, err.message, err.httpStatus, { captchaRequired: true });
    throw err;
  }
}
