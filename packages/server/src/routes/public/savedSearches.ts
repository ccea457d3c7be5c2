import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import {
  MAX_SAVED_SEARCHES,
  SAVED_SEARCH_NAME,
  deleteSearch,
  listSearches,
  saveSearch,
  savedFilterInput,
  staffSearchList,
  unsubscribe,
  updateSearch,
} from '../../services/savedSearches';
import { optionalText } from '../../services/publicQuery';
import { VISITOR_ONLY, requireVisitor } from './guard';
import { idInput, recordId } from './inputs';

const tags = ['保存的搜索'];

/** A filter sent as an object or its JSON text (form posts, GET). */
const filterInput = z.preprocess((v) => {
  if (typeof v !== 'string') return v ?? {};
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, savedFilterInput);

/**
 * 保存的搜索 under /openApi/tSavedSearch: always the saved searches of the visitor of the
 * session; the unsubscribe call takes the signed token of a digest's link instead of a session.
 */
export function registerSavedSearchRoutes(open: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;

  defineCall(
    open,
    '/tSavedSearch/addSavedSearch',
    {
      summary: `保存搜索：name 名称，filter 为地块搜索的筛选条件（同 selectLandInfoListPage：keyword、areacode、dlcode、areaMin/areaMax、priceMin/priceMax、state 等）及 area 绘制的范围（GeoJSON Polygon，经纬度）；有符合条件的地块发布、交易状态或价格变化时每天最多提醒一次；每人最多${MAX_SAVED_SEARCHES}个`,
      tags,
      input: z.object({ name: SAVED_SEARCH_NAME, filter: filterInput }),
      options: VISITOR_ONLY,
    },
    (input, req) => saveSearch(db, requireVisitor(req).userId, input),
  );

  defineCall(
    open,
    '/tSavedSearch/selectSavedSearchList',
    { summary: '我保存的搜索（最新在前）：id、name、filter、status（active 提醒中 / paused 已暂停）、lastDigestAt 最近提醒时间', tags, input: z.object({}), options: VISITOR_ONLY },
    (_input, req) => listSearches(db, requireVisitor(req).userId),
  );

  defineCall(
    open,
    '/tSavedSearch/renameSavedSearch',
    { summary: '重命名我保存的搜索：id、name', tags, input: z.object({ id: recordId('搜索编号'), name: SAVED_SEARCH_NAME }), options: VISITOR_ONLY },
    (input, req) => updateSearch(db, requireVisitor(req).userId, input.id, { name: input.name }),
  );

  defineCall(
    open,
    '/tSavedSearch/pauseSavedSearch',
    { summary: '暂停我保存的搜索的提醒：id', tags, input: idInput, options: VISITOR_ONLY },
    (input, req) => updateSearch(db, requireVisitor(req).userId, input.id, { status: 'paused' }),
  );

  defineCall(
    open,
    '/tSavedSearch/resumeSavedSearch',
    { summary: '恢复我保存的搜索的提醒（从恢复时起的变化才提醒）：id', tags, input: idInput, options: VISITOR_ONLY },
    (input, req) => updateSearch(db, requireVisitor(req).userId, input.id, { status: 'active' }),
  );

  defineCall(
    open,
    '/tSavedSearch/deleteSavedSearchByID',
    { summary: '删除我保存的搜索：id', tags, input: idInput, options: VISITOR_ONLY },
    async (input, req) => {
      await deleteSearch(db, requireVisitor(req).userId, input.id);
      return { deleted: 1 };
    },
  );

  defineCall(
    open,
    '/tSavedSearch/unsubscribe',
    {
      summary: '退订提醒（无需登录）：token 为提醒消息中退订链接的签名令牌；该搜索的提醒停止（已暂停），返回搜索名称 name',
      tags,
      input: z.object({ token: z.string({ error: '缺少退订令牌' }).trim().min(1, '缺少退订令牌').max(200, '退订链接无效') }),
    },
    (input) => unsubscribe(db, input.token),
  );
}

/** Staff (/api): a visitor's saved searches, for the visitor list of the back office. */
export function registerStaffSavedSearchRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  defineCall(
    api,
    '/tSavedSearch/selectByVisitor',
    { summary: '公众用户保存的搜索（最新在前，最多500条）：visitorId 为公众用户编号；不填为全部', tags, input: z.object({ visitorId: optionalText(32) }) },
    (input) => staffSearchList(db, input.visitorId || undefined),
  );
}
