import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zOptionalString, zRequiredString } from '@land/shared/validation';
import type { AppContext } from '../../context';
import { defineCall } from '../../lib/call';
import { addressLimit } from '../../lib/throttle';
import { protectLogin } from '../../services/loginProtection';
import { revokeSession } from '../../services/sessions';
import {
  changeVisitorPassword,
  registerVisitor,
  updateVisitorProfile,
  visitorLogin,
  visitorProfile,
} from '../../services/visitors';
import { VISITOR_ONLY, requireVisitor } from './guard';

const MOBILE_RE = /^1[3-9]\d{9}$/;

/** The login name of a visitor: a mainland mobile number (the SPEC phone rule, mobile only). */
const mobile = zRequiredString('手机号', 'phone').refine((s) => MOBILE_RE.test(s.trim()), '请输入11位手机号码');

const profileFields = {
  userName: zRequiredString('姓名', 'notBlank', 'len60'),
  sqdw: zRequiredString('申请单位', 'notBlank', 'len200'),
  email: zOptionalString('email').refine((s) => !s || s.length <= 100, '邮箱格式不正确'),
};

export const visitorSessionOut = z.object({
  token: z.string(),
  userId: z.string(),
  userName: z.string(),
  userAccount: z.string(),
  registerType: z.string(),
  sqdw: z.string(),
});

const profileOut = z.object({
  userId: z.string(),
  userAccount: z.string(),
  userName: z.string(),
  registerType: z.string(),
  sqdw: z.string(),
  email: z.string(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Visitor accounts: register, log in and out, profile, password. */
export function registerVisitorRoutes(open: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const tags = ['公众用户'];
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });
  // Per address (counted in the database); failed logins are locked per account and address.
  const registerLimit = addressLimit(db, { name: 'register', ...config.rateLimits.register, message: '注册过于频繁，请稍后再试' });

  defineCall(
    open,
    '/register',
    {
      summary: '公众用户注册（手机号为账号），成功即登录，返回与 visitorLogin 相同的会话字段',
      tags,
      input: z.object({ userAccount: mobile, password: zRequiredString('密码', 'password'), ...profileFields }),
      output: visitorSessionOut,
      options: { preHandler: registerLimit },
    },
    (input, req) =>
      registerVisitor(db, config, { ...input, userAccount: input.userAccount.trim(), userName: input.userName.trim(), sqdw: input.sqdw.trim() }, meta(req)),
  );

  defineCall(
    open,
    '/visitorLogin',
    {
      summary: '公众用户登录：data 为 SPEC §3 的会话字段 token、userId、userName、userAccount、registerType、sqdw',
      tags,
      input: z.object({
        userAccount: zRequiredString('手机号').max(20, '手机号不正确'),
        password: zRequiredString('密码').max(100, '密码过长'),
      }),
      output: visitorSessionOut,
    },
    (input, req, reply) =>
      protectLogin(db, config, { kind: 'visitor', account: input.userAccount.trim() }, req, reply, () =>
        visitorLogin(db, config, input.userAccount.trim(), input.password, meta(req)),
      ),
  );

  defineCall(open, '/visitorLogout', { summary: '公众用户退出登录', tags, input: z.object({}), options: VISITOR_ONLY }, async (_input, req) => {
    await revokeSession(db, requireVisitor(req).sessionId);
    return null;
  });

  defineCall(
    open,
    '/visitor/getInfo',
    { summary: '个人中心：我的资料', tags, input: z.object({}), output: profileOut, options: VISITOR_ONLY },
    (_input, req) => visitorProfile(db, requireVisitor(req).userId),
  );

  defineCall(
    open,
    '/visitor/updateInfo',
    {
      summary: '个人中心：修改姓名、申请单位、邮箱（手机号是账号，不能修改）',
      tags,
      input: z.object({ userName: profileFields.userName.optional(), sqdw: profileFields.sqdw.optional(), email: profileFields.email }),
      output: profileOut,
      options: VISITOR_ONLY,
    },
    (input, req) =>
      updateVisitorProfile(db, requireVisitor(req).userId, {
        userName: input.userName?.trim(),
        sqdw: input.sqdw?.trim(),
        email: input.email === undefined ? undefined : input.email?.trim() || null,
      }),
  );

  defineCall(
    open,
    '/visitor/updatePassword',
    {
      summary: '个人中心：修改密码（需原密码；其他设备上的登录随之失效）',
      tags,
      input: z.object({ oldPassword: zRequiredString('原密码').max(100), newPassword: zRequiredString('新密码', 'password') }),
      options: VISITOR_ONLY,
    },
    async (input, req) => {
      const visitor = requireVisitor(req);
      await changeVisitorPassword(db, visitor.userId, visitor.sessionId, input.oldPassword, input.newPassword);
      return null;
    },
  );
}
