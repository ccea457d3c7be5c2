import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zRequiredString } from '@land/shared/validation';
import type { AppContext } from '../context';
import { defineCall } from '../lib/call';
import { enforceLimit } from '../lib/throttle';
import { issueCaptcha, protectLogin } from '../services/loginProtection';
import { login } from '../services/users';

const loginResult = z.object({
  token: z.string(),
  userId: z.string(),
  userName: z.string(),
  userAccount: z.string(),
  role: z.string(),
  mustChangePassword: z.boolean(),
});

/** Public authentication calls under /openApi. */
export function registerAuthRoutes(open: FastifyInstance, ctx: AppContext): void {
  defineCall(
    open,
    '/login',
    {
      summary: '后台用户登录（失败后需人机验证：先调 /openApi/captcha 取 ALTCHA 挑战，求解后把载荷作为 captchaCode 提交）',
      tags: ['认证'],
      input: z.object({
        userAccount: zRequiredString('账号').max(50, '账号过长'),
        password: zRequiredString('密码').max(100, '密码过长'),
        captchaCode: z.string().max(4000, '人机验证数据不正确').optional(),
      }),
      output: loginResult,
    },
    (input, req, reply) => {
      const userAccount = input.userAccount.trim();
      return protectLogin(ctx.db, ctx.config, { kind: 'staff', account: userAccount, captchaCode: input.captchaCode }, req, reply, () =>
        login(ctx.db, ctx.config, userAccount, input.password, { ip: req.ip, userAgent: req.headers['user-agent'] }),
      );
    },
  );

  defineCall(
    open,
    '/captcha',
    {
      summary: '登录人机验证：ALTCHA 工作量证明挑战（challenge 交给 ALTCHA 组件求解，其载荷作为登录的 captchaCode）；一次有效，5 分钟内',
      tags: ['认证'],
      input: z.object({}),
      output: z.object({ captchaId: z.string(), challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }) }),
    },
    async (_input, req, reply) => {
      await enforceLimit(ctx.db, { name: 'captcha', ...ctx.config.rateLimits.login, message: '获取验证码过于频繁，请稍后再试' }, req.ip, reply);
      reply.header('cache-control', 'no-store');
      return issueCaptcha(ctx.db, ctx.config);
    },
  );
}
