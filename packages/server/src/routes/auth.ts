import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zRequiredString } from '@land/shared/validation';
import type { AppContext } from '../app';
import { defineCall } from '../lib/call';
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
      summary: '后台用户登录',
      tags: ['认证'],
      input: z.object({
        userAccount: zRequiredString('账号').max(50, '账号过长'),
        password: zRequiredString('密码').max(100, '密码过长'),
      }),
      output: loginResult,
    },
    (input, req) =>
      login(ctx.db, ctx.config, input.userAccount.trim(), input.password, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
  );
}
