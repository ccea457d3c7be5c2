import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SECRET_SETTING_KEYS, publicSettings, settingsSchema, type Settings } from '@land/shared/settings';
import type { AppContext } from '../context';
import { defineCall } from '../lib/call';
import { requireRole, requireStaff } from '../plugins/auth';
import { loadSettings, saveSettings } from '../services/settings';

const tags = ['网站配置'];

/** Service keys are shown only to administrators, who are the only ones who may change them. */
function forStaff(settings: Settings, role: string): Settings {
  if (role === 'admin') return settings;
  const out: Record<string, unknown> = { ...settings };
  for (const key of SECRET_SETTING_KEYS) out[key] = '';
  return out as Settings;
}

/** Back-office configuration screen (peizhi): read for staff, save for administrators. */
export function registerConfigRoutes(api: FastifyInstance, ctx: AppContext): void {
  defineCall(
    api,
    '/config/get',
    { summary: '读取网站配置（密钥仅管理员可见）', tags, input: z.object({}), output: settingsSchema },
    async (_input, req) => forStaff(await loadSettings(ctx.db), requireStaff(req).role),
  );

  defineCall(
    api,
    '/config/save',
    {
      summary: '保存网站配置（只改提交的项，管理员）',
      tags,
      input: z.record(z.string(), z.unknown()).describe('settingsSchema 中的任意项'),
      output: settingsSchema,
      options: { preHandler: requireRole('admin') },
    },
    async (input) => saveSettings(ctx.db, input),
  );
}

/** What the public site needs to render: the public keys only. */
export function registerPublicConfigRoutes(open: FastifyInstance, ctx: AppContext): void {
  defineCall(open, '/config', { summary: '网站公开配置', tags, input: z.object({}) }, async () => publicSettings(await loadSettings(ctx.db)));
}
