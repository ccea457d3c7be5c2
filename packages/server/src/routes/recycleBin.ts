import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { defineCall } from '../lib/call';
import { requireRole } from '../plugins/auth';
import { discardRecycled, purgeRecycleBin, recyclePage, restoreRecycled, RECYCLED_ENTITIES } from '../services/recycleBin';

const entryId = z.object({ id: z.string({ error: '缺少回收站记录编号' }).trim().min(1, '缺少回收站记录编号').max(32, '回收站记录编号不正确') });

/** 回收站: deleted main records for 30 days; restore (writers), delete for good (administrators). */
export function registerRecycleBinRoutes(api: FastifyInstance, ctx: AppContext): void {
  const tags = ['回收站'];
  defineCall(
    api,
    '/recycleBin/selectByPage',
    {
      summary: '回收站列表：类型、名称、删除人、删除时间、剩余天数；entity 按类型筛选，keyword 按名称或删除人',
      tags,
      input: z.object({
        pageNo: z.coerce.number({ message: '页码必须是数字' }).int('页码必须是整数').min(1, '页码最小为1').max(100_000, '页码过大').default(1),
        pageSize: z.coerce.number({ message: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(100, '每页条数不能超过100').default(20),
        entity: z
          .enum(RECYCLED_ENTITIES as [string, ...string[]], { error: '类型不正确' })
          .optional()
          .or(z.literal('').transform(() => undefined)),
        keyword: z.string({ error: '关键字格式不正确' }).trim().max(100, '关键字过长').optional(),
      }),
    },
    async (input) => recyclePage(ctx.db, { ...input, keyword: input.keyword || undefined }),
  );

  defineCall(
    api,
    '/recycleBin/restore',
    { summary: '从回收站恢复记录（连同随它删除的附属记录）', tags, write: true, input: entryId },
    async (input) => ctx.db.transaction().execute((trx) => restoreRecycled(trx, input.id)),
  );

  defineCall(
    api,
    '/recycleBin/delete',
    { summary: '从回收站彻底删除（管理员，不可恢复）', tags, input: entryId, options: { preHandler: requireRole('admin') } },
    async (input) => {
      await ctx.db.transaction().execute((trx) => discardRecycled(trx, input.id));
      return null;
    },
  );

  defineCall(
    api,
    '/recycleBin/purge',
    { summary: '立即清除回收站中超过30天的记录（管理员；每天也会自动执行）', tags, input: z.object({}), options: { preHandler: requireRole('admin') } },
    async () => ({ purged: await purgeRecycleBin(ctx.db) }),
  );
}
