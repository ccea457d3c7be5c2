import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { addressLimit } from '../../lib/throttle';
import { askQuestion } from '../../services/publicConsulting';
import { OWN_PROBLEMS, PUBLIC_PROBLEMS } from '../../services/publicContent';
import { listInput, publicList } from '../../services/publicQuery';
import { VISITOR_ONLY, VISITOR_OPTIONAL, requireVisitor } from './guard';

/** Questions per address: enough for a person, not for a script filling the office's queue. */
export const QUESTIONS_PER_HOUR = 5;

/** 咨询服务 (consultingServices): ask, read answered questions, and one's own questions. */
export function registerConsultingRoutes(open: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  const tags = ['咨询服务'];
  // Counted in the database: several server processes share the limit (config.rateLimits.question).
  const limit = addressLimit(ctx.db, { name: 'question', ...ctx.config.rateLimits.question, message: '提交过于频繁，请稍后再试' });

  defineCall(
    open,
    '/addProblem',
    {
      summary: `提交咨询：登录访客自动带出姓名、手机号与单位；未登录须填 askerName 与 askerPhone。每个地址每小时最多${QUESTIONS_PER_HOUR}条`,
      tags,
      // Field rules (length, phone) are the entity's; saveRecord applies them with SPEC messages.
      input: z.object({
        title: z.string({ error: '请输入咨询标题' }).max(400),
        content: z.string({ error: '请输入咨询内容' }).max(4000),
        category: z.string().max(50).nullish(),
        askerName: z.string().max(120).nullish(),
        askerPhone: z.string().max(40).nullish(),
        sqdw: z.string().max(400).nullish(),
        isPublic: z.union([z.literal(0), z.literal(1), z.enum(['0', '1'])]).nullish(),
      }),
      options: { ...VISITOR_OPTIONAL, preHandler: limit },
    },
    (input, req) =>
      db.transaction().execute((trx) =>
        askQuestion(trx, { ...input, isPublic: input.isPublic === undefined || input.isPublic === null ? undefined : Number(input.isPublic) === 1 ? 1 : 0 }, req.visitor),
      ),
  );

  defineCall(
    open,
    '/getProblemList',
    { summary: '已回复并公开的咨询（分页；keyword、category），不含咨询人信息', tags, input: listInput(PUBLIC_PROBLEMS) },
    (input) => publicList(db, ctx.dialect, PUBLIC_PROBLEMS, input),
  );

  defineCall(
    open,
    '/getMyProblemList',
    { summary: '我的咨询（分页，含待回复的；status 0 待回复 / 1 已回复 / 2 已关闭）', tags, input: listInput(OWN_PROBLEMS), options: VISITOR_ONLY },
    (input, req) => publicList(db, ctx.dialect, OWN_PROBLEMS, input, sql<SqlBool>`${sql.ref('visitorId')} = ${requireVisitor(req).userId}`),
  );
}
