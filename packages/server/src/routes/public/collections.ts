import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineCall } from '../../lib/call';
import { pagedQuerySchema } from '../../lib/pagedQuery';
import { validationError } from '../../lib/errors';
import { addCollection, collectionPage, deleteCollections, isCollected } from '../../services/publicCollections';
import { keywordInput } from '../../services/publicQuery';
import { VISITOR_ONLY, VISITOR_OPTIONAL, requireVisitor } from './guard';
import { idsInput, parcelRef } from './inputs';

/** 收藏 (SPEC §7 /openApi/tCollection): always the collections of the visitor of the session. */
export function registerCollectionRoutes(open: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const tags = ['收藏'];

  defineCall(
    open,
    '/tCollection/selectInfosByPage',
    {
      summary: '我的收藏（分页，最新在前）：每条含收藏编号 id、dkid、collectedAt 与地块主要指标 parcel；已下架的地块不再列出',
      tags,
      input: pagedQuerySchema.pick({ pageNo: true, pageSize: true }).extend({ keyword: keywordInput }),
      options: VISITOR_ONLY,
    },
    (input, req) => collectionPage(db, ctx.dialect, requireVisitor(req).userId, input),
  );

  defineCall(
    open,
    '/tCollection/addCollection',
    { summary: '收藏地块（只能收藏已发布的地块；重复收藏不报错，added 为 false）', tags, input: parcelRef, options: VISITOR_ONLY },
    (input, req) => addCollection(db, requireVisitor(req).userId, input.dkid),
  );

  defineCall(
    open,
    '/tCollection/deleteCollectionByID',
    {
      summary: '取消收藏：id（收藏编号，或 ids 多个）或 dkid（地块编号）；只能取消自己的收藏',
      tags,
      input: z.object({ id: z.string().max(32).nullish(), ids: idsInput('收藏').optional(), dkid: z.string().max(32).nullish() }),
      options: VISITOR_ONLY,
    },
    async (input, req) => {
      const ids = input.ids ?? (input.id ? [input.id] : undefined);
      if (!ids?.length && !input.dkid) throw validationError('id', '请选择要取消的收藏');
      return { deleted: await deleteCollections(db, requireVisitor(req).userId, { ids, dkid: input.dkid ?? undefined }) };
    },
  );

  defineCall(
    open,
    '/tCollection/getBooleanByDkid',
    { summary: '当前访客是否已收藏该地块（未登录为 false）：data 为 true 或 false', tags, input: parcelRef, options: VISITOR_OPTIONAL },
    async (input, req) => (req.visitor ? isCollected(db, req.visitor.userId, input.dkid) : false),
  );
}
