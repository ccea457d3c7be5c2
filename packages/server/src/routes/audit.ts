import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_ACTION_KEYS, AUDIT_ACTOR_TYPES, type AuditAction, type AuditActorType } from '@land/shared/audit';
import type { AppContext } from '../context';
import { defineCall } from '../lib/call';
import { requireRole } from '../plugins/auth';
import { searchAudit } from '../services/audit';

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}过长`)
    .optional()
    .transform((v) => v || undefined);

const isoTime = (label: string) =>
  optionalText(label, 30).refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), `${label}格式不正确，应为 yyyy-MM-dd 或 ISO 时间`);

export const auditSearchInput = z.object({
  pageNo: z.coerce.number({ message: '页码必须是数字' }).int('页码必须是整数').min(1, '页码最小为1').max(100_000, '页码过大').default(1),
  pageSize: z.coerce.number({ message: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(100, '每页条数不能超过100').default(20),
  actor: optionalText('操作人', 100),
  actorType: z
    .enum(Object.keys(AUDIT_ACTOR_TYPES) as [AuditActorType, ...AuditActorType[]], { error: '操作人类型不正确' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  entity: optionalText('对象类型', 60),
  action: z
    .enum(AUDIT_ACTION_KEYS as [AuditAction, ...AuditAction[]], { error: '操作类型不正确' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  recordId: optionalText('记录编号', 64),
  from: isoTime('开始时间'),
  to: isoTime('结束时间'),
  keyword: optionalText('关键字', 100),
});

/**
 * The audit log screen's one call: search, read-only. The log has no call that adds, changes
 * or deletes entries; entries are written by the services as they change data.
 */
export function registerAuditRoutes(api: FastifyInstance, ctx: AppContext): void {
  defineCall(
    api,
    '/auditLog/selectByPage',
    {
      summary: '审计日志查询（管理员）：按操作人、对象类型、操作、时间段、关键字筛选，分页，按时间倒序',
      tags: ['审计日志'],
      input: auditSearchInput,
      options: { preHandler: requireRole('admin') },
    },
    async (input) => searchAudit(ctx.db, input),
  );
}
