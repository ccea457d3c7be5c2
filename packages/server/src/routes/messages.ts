/**
 * Staff sending (through the outbox) and what became of it: batchAddMessage, template messages
 * to chosen users, the sends with their per-recipient deliveries, resending failed ones.
 * tWxuser/batchSendMessage and tMessage/addOrUpdateMessage (SPEC §7, under /openApi with a
 * staff session) use the same send below.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGE_TYPES } from '@land/shared/entities/common';
import { jsonValue } from '@land/shared/entity';
import type { AppContext } from '../context';
import { batchInput, MAX_BATCH_ROWS } from '../entities/batch';
import { presentRow, type AnyDb, type Row } from '../entities/repository';
import { defineCall } from '../lib/call';
import { AppError, notFound, validationError } from '../lib/errors';
import { pagedQuerySchema } from '../lib/pagedQuery';
import { enqueueMessage, resolveRecipients, type Enqueued, type Recipient } from '../services/messaging';
import { deliverInboxNow, type MessagingRuntime } from '../services/messagingJobs';
import { outboxPage, recipientPage, sendPage } from '../services/messageStatus';
import { resendFailed } from '../services/outbox';
import { defOf, optionalText } from '../services/publicQuery';
import { idsInput } from './public/inputs';

const messageTypes = MESSAGE_TYPES.map((t) => t.value) as [string, ...string[]];
const messageType = z.enum(messageTypes, { error: '消息类型不正确' });

/** Keyword values of a template: an array in placeholder order or {keyword: value}. */
const templateValues = z.preprocess(
  jsonValue,
  z
    .union([z.array(z.string().max(200, '关键词内容不能超过200个字符')).max(20), z.record(z.string().max(40), z.string().max(200, '关键词内容不能超过200个字符'))], {
      error: '关键词内容 values 应为数组或对象',
    })
    .optional(),
);

const idempotencyKey = z.string().trim().max(200, '幂等键不能超过200个字符').nullish();

/** One send by staff: to visitors by id, or to the holders of a WeChat-user permission. */
export const sendInput = z.object({
  title: z.string().trim().max(60, '长度不能超过30个汉字或者60个字符').nullish(),
  content: z.string().max(2000, '长度不能超过60个汉字').nullish(),
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), messageType.optional()),
  sourceId: optionalText(32),
  userIds: idsInput('接收人', 1, 5000).optional(),
  permission: z.enum(['', ...messageTypes], { error: '权限类型不正确' }).nullish(),
  templateId: optionalText(32),
  values: templateValues,
  idempotencyKey,
});
export type SendInput = z.output<typeof sendInput>;

/** Writes the send with its outbox rows in one transaction, then delivers its inbox copies. */
export async function sendFromStaff(ctx: AppContext, runtime: MessagingRuntime, senderId: string, input: SendInput): Promise<{ sent: Enqueued; recipients: Recipient[] }> {
  const db = ctx.db as unknown as AnyDb;
  const outcome = await db.transaction().execute(async (trx) => {
    const template = input.templateId
      ? ((await trx.selectFrom('t_message').select(['id', 'title', 'type']).where('id', '=', input.templateId).where('status', '=', '1').executeTakeFirst()) as Row | undefined)
      : undefined;
    if (input.templateId && !template) throw notFound('消息模板不存在或已停用');
    const title = input.title || (template?.title as string | undefined);
    if (!title) throw validationError('title', '请输入消息标题');
    const recipients = await resolveRecipients(trx, { userIds: input.userIds, permission: input.permission });
    const sent = await enqueueMessage(trx, {
      kind: template ? 'template' : 'manual',
      title,
      content: input.content,
      type: input.type ?? (template?.type as string | undefined) ?? 'system',
      sourceId: input.sourceId,
      senderId,
      idempotencyKey: input.idempotencyKey,
      templateId: input.templateId,
      values: input.values,
      recipients,
    });
    return { sent, recipients };
  });
  await deliverInboxNow(ctx, runtime, outcome.sent.messageId);
  return outcome;
}

const runtimeOf = (app: FastifyInstance): MessagingRuntime => app.messaging;

function staffId(req: { staff?: { userId: string } }): string {
  if (!req.staff) throw new AppError('A0006', '未登录或登录已失效，请先登录', 401);
  return req.staff.userId;
}

/** Staff calls under /api. */
export function registerMessagingRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  const tags = ['消息发送'];
  const userMessage = defOf('tMessageuser');

  defineCall(
    api,
    '/tMessageuser/batchAddMessage',
    {
      summary: '批量发送站内消息：list 为接收记录 [{userId, title?, content?, type?, sourceId?}]，其余字段（title、content、type、sourceId）为每条的默认值；经发件箱投递，idempotencyKey 相同的重复提交只发送一次',
      tags,
      write: true,
      input: batchInput.extend({ idempotencyKey }),
    },
    async (input, req) => {
      const rows = input.list;
      if (!rows) throw validationError('list', '请提交要保存的记录列表 list');
      if (rows.length === 0) throw validationError('list', '记录列表为空');
      if (rows.length > MAX_BATCH_ROWS) throw validationError('list', `一次最多提交${MAX_BATCH_ROWS}条记录`);
      const shared = { title: input.title, content: input.content, type: input.type, sourceId: input.sourceId };
      const recipients: Recipient[] = rows.map((raw, index) => {
        const row: Row = { ...shared, ...raw };
        const fail = (field: string, msg: string) => validationError(field, `第${index + 1}条：${msg}（未发送任何消息）`);
        const userId = typeof row.userId === 'string' ? row.userId.trim() : '';
        if (!userId || userId.length > 32) throw fail('userId', '请选择接收用户');
        const title = typeof row.title === 'string' ? row.title.trim() : '';
        if (!title) throw fail('title', '请输入消息标题');
        if (title.length > 60) throw fail('title', '长度不能超过30个汉字或者60个字符');
        const type = row.type === undefined || row.type === null || row.type === '' ? 'system' : String(row.type);
        if (!messageTypes.includes(type)) throw fail('type', '消息类型的取值不在可选范围内');
        const content = row.content === undefined || row.content === null ? '' : String(row.content);
        if (content.length > 2000) throw fail('content', '长度不能超过60个汉字');
        const sourceId = typeof row.sourceId === 'string' && row.sourceId ? row.sourceId.slice(0, 32) : null;
        return { visitorId: userId, title, content, type, sourceId };
      });
      const first = recipients[0];
      const sent = await db.transaction().execute((trx) =>
        enqueueMessage(trx, {
          kind: 'batchAdd',
          title: first.title!,
          content: first.content,
          type: first.type!,
          senderId: staffId(req),
          idempotencyKey: input.idempotencyKey,
          recipients,
        }),
      );
      await deliverInboxNow(ctx, runtimeOf(api), sent.messageId);
      const ids = (await db.selectFrom('t_message_outbox').select('id').where('messageId', '=', sent.messageId).where('channel', '=', 'inbox').orderBy('id', 'asc').execute()).map((r) => r.id as string);
      const list = ids.length ? (await db.selectFrom('t_messageuser').selectAll().where('id', 'in', ids).orderBy('id', 'asc').execute()).map((r) => presentRow(userMessage, r as Row)) : [];
      return { list, total: list.length, messageId: sent.messageId, duplicate: sent.duplicate };
    },
  );

  defineCall(
    api,
    '/tMessage/sendTemplateMessage',
    {
      summary: '用订阅消息模板发送消息：templateId（模板记录编号）、values（关键词内容，按模板顺序的数组或 {thing1: …}）、userIds 或 permission；站内信必达，已配置微信且用户有 openid 时同时发送微信订阅消息',
      tags,
      write: true,
      input: sendInput,
    },
    async (input, req) => {
      if (!input.templateId) throw validationError('templateId', '请选择消息模板');
      const { sent } = await sendFromStaff(ctx, runtimeOf(api), staffId(req), input);
      return sent;
    },
  );

  defineCall(
    api,
    '/tMessageuser/selectSendByPage',
    { summary: '已发送的消息（分页，新的在前），每条带各状态的投递数 status {pending, sending, sent, failed}', tags, input: pagedQuerySchema },
    (input) => sendPage(db, ctx.dialect, input),
  );

  defineCall(
    api,
    '/tMessageuser/selectDeliveryByPage',
    { summary: '消息的逐个接收人投递状态（分页；params 可按 messageId、status、channel 筛选）：pending 待发送、sending 发送中、sent 已送达、failed 失败（lastError 为原因）', tags, input: pagedQuerySchema },
    (input) => outboxPage(db, ctx.dialect, input),
  );

  defineCall(
    api,
    '/tMessageuser/resendDelivery',
    { summary: '重新发送失败的投递（ids 为投递记录编号）；返回重新排队的条数', tags, write: true, input: z.object({ ids: idsInput('投递记录') }) },
    async (input) => ({ queued: await resendFailed(db, input.ids) }),
  );

  defineCall(
    api,
    '/tWxuser/selectRecipientByPage',
    { summary: '可选择的消息接收人：启用的公众用户（含微信登录用户，wechat 1 表示可收微信订阅消息）', tags, input: pagedQuerySchema },
    (input) => recipientPage(db, ctx.dialect, input),
  );
}
