import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGE_TYPES } from '@land/shared/entities/common';
import { zRequiredString } from '@land/shared/validation';
import { sessionPolicy, type AppContext } from '../../app';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { requireStaff, staffGuard } from '../../plugins/auth';
import { broadcastMessage, deleteMessages, markRead, messagePage, messagesAbout, openMessage, MESSAGE_LIST_SPEC } from '../../services/publicMessages';
import { listInput, optionalText } from '../../services/publicQuery';
import { VISITOR_ONLY, requireVisitor } from './guard';
import { idInput, idsInput, parcelRef } from './inputs';

const messageTypes = MESSAGE_TYPES.map((t) => t.value) as [string, ...string[]];

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

  // Sent by the back office, so it needs a staff session although it lives under /openApi.
  defineCall(
    open,
    '/tWxuser/batchSendMessage',
    {
      summary: '（需后台登录）群发站内消息：userIds 访客编号，或 permission 发给持有该微信用户权限的访客（按手机号）；返回 sent 条数',
      tags: ['消息'],
      input: z.object({
        title: zRequiredString('消息标题', 'notBlank', 'len60'),
        content: z.string().max(2000, '长度不能超过60个汉字').nullish(),
        type: z.enum(messageTypes, { error: '消息类型不正确' }).default('system'),
        sourceId: optionalText(32),
        userIds: idsInput('接收人', 1, 5000).optional(),
        permission: z.enum(['', ...messageTypes], { error: '权限类型不正确' }).nullish(),
      }),
      options: { preHandler: staffGuard(ctx.db, sessionPolicy(ctx.config)) },
    },
    (input, req) => {
      const staff = requireStaff(req);
      return db.transaction().execute((trx) => broadcastMessage(trx, staff.userId, input));
    },
  );
}
