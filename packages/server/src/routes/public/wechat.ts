import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { ERROR_CODES } from '@land/shared/api';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { WechatError } from '../../integrations/wechat/index';
import { defineCall } from '../../lib/call';
import { AppError, notFound, validationError } from '../../lib/errors';
import { addressLimit } from '../../lib/throttle';
import { nowIso } from '../../lib/time';
import { incrementVisits, listInput, publicColumns, publicList, publicRecord, type PublicListSpec } from '../../services/publicQuery';
import { openidOfVisitor, wechatLogin } from '../../services/wechatUsers';
import type { VisitCounter } from '../../services/publicVisits';
import { visitorSessionOut } from './visitors';
import { VISITOR_ONLY, requireVisitor } from './guard';
import { idInput } from './inputs';

/** 小程序视频: published videos, in their display order. */
export const VIDEOS: PublicListSpec & { detail: readonly string[] } = {
  entity: 'tWxvideo',
  list: publicColumns('tWxvideo', ['id', 'title', 'category', 'cover', 'video', 'duration', 'description', 'displayorder', 'visitcount']),
  detail: publicColumns('tWxvideo', ['id', 'title', 'category', 'cover', 'video', 'duration', 'description', 'displayorder', 'visitcount']),
  scope: () => sql<SqlBool>`${sql.ref('status')} = '1'`,
  keyword: ['title', 'description'],
  filters: ['category'],
};

const PERMISSION_COLUMNS = ['id', 'permission', 'status', 'expiryDate', 'nickname', 'realName', 'company'] as const;

/**
 * The mini-program's calls: WeChat login (code → openid → a visitor session), the signed-in
 * user's WeChat permissions, and the published videos (official-account articles are
 * selectWxgzhByPage / getWxgzhById of the content calls).
 */
export function registerWechatRoutes(open: FastifyInstance, ctx: AppContext, visits: VisitCounter): void {
  const db = ctx.db as unknown as AnyDb;
  const tags = ['小程序'];
  // Per address, counted in the database like every other limit (RATE_LIMIT_WECHAT_LOGIN).
  const loginLimit = addressLimit(ctx.db, { name: 'wechat-login', ...ctx.config.rateLimits.wechatLogin, message: '登录尝试过于频繁，请稍后再试' });

  defineCall(
    open,
    '/tWxuser/wxLogin',
    {
      summary:
        '小程序登录：code（wx.login 所得）换取 openid，首次登录自动建立微信用户；返回与 visitorLogin 相同的会话字段及 openid。未配置 WECHAT_APPID 且开启 WECHAT_DEV_LOGIN 时为开发登录（devLogin true，openid 由 code 推出，以 dev_ 开头）；两者皆无时拒绝（A0301）',
      tags,
      input: z.object({
        code: z.string({ error: '缺少登录凭证 code' }).trim().min(1, '缺少登录凭证 code').max(128, '登录凭证 code 不正确'),
        nickName: z.string().trim().max(60, '昵称不能超过60个字符').nullish(),
        avatarUrl: z.string().trim().max(500, '头像地址过长').refine((s) => s === '' || /^https?:\/\//i.test(s), '头像地址必须以 http(s):// 开头').nullish(),
      }),
      output: visitorSessionOut.extend({ openid: z.string(), devLogin: z.boolean() }),
      options: { preHandler: loginLimit },
    },
    async (input, req) => {
      try {
        return await wechatLogin(ctx.db, ctx.config, open.messaging.wechat, { code: input.code, nickname: input.nickName, avatarUrl: input.avatarUrl }, {
          ip: req.ip,
          userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
        });
      } catch (err) {
        if (!(err instanceof WechatError)) throw err;
        // An invalid or used code is the caller's; WeChat being unreachable is ours (logged, told plainly).
        if (err.errcode === 40029 || err.errcode === 40163) throw validationError('code', '登录凭证 code 无效或已使用，请重新登录');
        req.log.warn({ err }, '微信登录失败');
        throw new AppError(ERROR_CODES.SERVER_ERROR, `微信登录失败：${err.message}`, 502);
      }
    },
  );

  defineCall(
    open,
    '/tWxuser/selectMyPermission',
    { summary: '我的微信用户权限（按登录的 openid）：启用且未到期的权限 {permission, status, expiryDate, …}', tags, input: z.object({}), options: VISITOR_ONLY },
    async (_input, req) => {
      const openid = await openidOfVisitor(ctx.db, requireVisitor(req).userId);
      if (!openid) return [];
      const today = nowIso().slice(0, 10);
      return db
        .selectFrom('t_wxuserpermission')
        .select([...PERMISSION_COLUMNS])
        .where('openid', '=', openid)
        .where('status', '=', '1')
        .where((eb) => eb.or([eb('expiryDate', 'is', null), eb('expiryDate', '=', ''), eb('expiryDate', '>=', today)]))
        .orderBy('id', 'asc')
        .execute();
    },
  );

  defineCall(open, '/selectWxvideoByPage', { summary: '小程序视频（分页，已发布；category、keyword），按排序号', tags, input: listInput(VIDEOS) }, (input) =>
    publicList(db, ctx.dialect, VIDEOS, input),
  );

  defineCall(open, '/getWxvideoById', { summary: '小程序视频详情（播放次数+1）', tags, input: idInput }, async (input, req) => {
    const record = await publicRecord(db, VIDEOS, VIDEOS.detail, input.id);
    if (!record) throw notFound('视频不存在或未发布');
    if (await visits.shouldCount(VIDEOS.entity, input.id, req.ip)) {
      await incrementVisits(db, VIDEOS.entity, input.id, VIDEOS.scope?.());
      record.visitcount = Number(record.visitcount ?? 0) + 1;
    }
    return record;
  });
}
