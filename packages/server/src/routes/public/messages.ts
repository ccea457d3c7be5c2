import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zRequiredString } from '@land/shared/validation';
import { sessionPolicy, type AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { requireStaff, staffGuard } from '../../plugins/auth';
import { deleteMessages, markRead, messagePage, messagesAbout, openMessage, MESSAGE_LIST_SPEC } from '../../services/publicMessages';
import { listInput } from '../../services/publicQuery';
import { sendFromStaff, sendInput } from '../messages';
import { VISITOR_ONLY, requireVisitor } from './guard';
import { idInput, idsInput, parcelRef } from './inputs';

/**
 * The personal centre's inbox (SPEC §7 /openApi/tMessage) for the visitor of the session, and
 * tWxuser/batchSendMessage, by which staff send to visitors' inboxes.
 */
export function registerMessageRoutes(open: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  const tags = ['我的消息'];
  const pageInput = listInput(MESSAGE_LIST_SPEC).extend({ isRead: z.enum(['', '0', '1'], { error: '已读状态只能是 0 或 1' }).nullish() });

  defineCall(
    open,
    '/tMessage/selectByPage',
    { summary: '我的消息（分页，不含正文）：isRead 0 未读 / 1 已读，type，keyword；另返回 unread 未读数', tags, input: pageInput, options: VISITOR_ONLY },
    (input, req) => messagePage(db, ctx.dialect, requireVisitor(req).userId, input, false),
  );

  defineCall(
    open,
    '/tMessage/selectDetailByPage',
    { summary: '我的消息（分页，含正文 content），条件同 selectByPage', tags, input: pageInput, options: VISITOR_ONLY },
    (input, req) => messagePage(db, ctx.dialect, requireVisitor(req).userId, input, true),
  );

  defineCall(
    open,
    '/tMessage/selectDetailByDkid',
    { summary: '我收到的关于某地块（dkid，也可为公告、咨询编号）的消息，含正文', tags, input: parcelRef, options: VISITOR_ONLY },
    (input, req) => messagesAbout(db, ctx.dialect, requireVisitor(req).userId, input.dkid),
  );

  defineCall(
    open,
    '/tMessage/selectDetailById',
    { summary: '查看一条我的消息（同时标为已读）', tags, input: idInput, options: VISITOR_ONLY },
    (input, req) => openMessage(db, ctx.dialect, requireVisitor(req).userId, input.id),
  );

  defineCall(
    open,
    '/tMessage/readMessage',
    {
      summary: '标记我的消息为已读：ids（一个或多个），或 all=1 全部标为已读；返回 updated 条数',
      tags,
      input: z.object({ ids: idsInput('消息').optional(), id: z.string().max(32).nullish(), all: z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])]).nullish() }),
      options: VISITOR_ONLY,
    },
    async (input, req) => {
      const all = input.all === true || input.all === 1 || input.all === '1' || input.all === 'true';
      const ids = input.ids ?? (input.id ? [input.id] : undefined);
      return { updated: await markRead(db, requireVisitor(req).userId, { ids, all }) };
    },
  );

  defineCall(
    open,
    '/tMessage/deleteMessage',
    { summary: '删除我的消息：ids（一个或多个）；全部成功或全部不删', tags, input: z.object({ ids: idsInput('消息') }), options: VISITOR_ONLY },
    async (input, req) => ({ deleted: await deleteMessages(db, requireVisitor(req).userId, input.ids) }),
  );

  // Sent by the back office, so they need a staff session although they live under /openApi.
  const staffOnly = { preHandler: staffGuard(ctx.db, sessionPolicy(ctx.config)) };
  defineCall(
    open,
    '/tWxuser/batchSendMessage',
    {
      summary: '（需后台登录）群发消息：userIds 访客编号，或 permission 发给持有该微信用户权限的用户；先写入发件箱，站内信立即送达，已配置微信时另发订阅消息；idempotencyKey 相同的重复提交只发送一次；返回 sent 接收人数',
      tags: ['消息'],
      write: true,
      input: sendInput.extend({ title: zRequiredString('消息标题', 'notBlank', 'len60') }),
      options: staffOnly,
    },
    async (input, req) => {
      const { sent, recipients } = await sendFromStaff(ctx, open.messaging, requireStaff(req).userId, input);
      return { sent: sent.recipients, userIds: recipients.map((r) => r.visitorId).filter((v): v is string => !!v) };
    },
  );

  defineCall(
    open,
    '/tMessage/addOrUpdateMessage',
    {
      summary: '（需后台登录）新建并发送消息：title、content、type，或 templateId 加 values 用订阅消息模板；接收人 userIds 或 permission；经发件箱投递，返回 messageId 与各渠道条数',
      tags: ['消息'],
      write: true,
      input: sendInput,
      options: staffOnly,
    },
    async (input, req) => (await sendFromStaff(ctx, open.messaging, requireStaff(req).userId, input)).sent,
  );
}
