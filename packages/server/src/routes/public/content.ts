import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { notFound } from '../../lib/errors';
import { pagedQuerySchema } from '../../lib/pagedQuery';
import {
  ARTICLES,
  CONTACTS,
  EVENTS,
  KEY_PROJECTS,
  LEASABLE,
  NOTICES,
  REGULATIONS,
  SECOND_MARKET,
  STOCK_LAND,
  SUPPLY_PLAN,
  type ContentSpec,
} from '../../services/publicContent';
import { popularNews, supplyPlanSummary } from '../../services/publicNews';
import { incrementVisits, listInput, optionalNumber, optionalText, publicList, publicRecord, unpagedInput } from '../../services/publicQuery';
import type { VisitCounter } from '../../services/publicVisits';
import { idInput } from './inputs';

const tags = ['公众端 · 资讯与公告'];

/** Notices, events, regulations, news, key projects, contacts, supply plan and listings. */
export function registerPublicContentRoutes(open: FastifyInstance, ctx: AppContext, visits: VisitCounter): void {
  const db = ctx.db as unknown as AnyDb;
  const { dialect } = ctx;

  const page = (url: string, spec: ContentSpec, summary: string) =>
    defineCall(open, url, { summary, tags, input: listInput(spec) }, (input) => publicList(db, dialect, spec, input));

  /** A detail call; opening it counts a page view (once per address and hour) when the entity has a counter. */
  const detail = (url: string, spec: ContentSpec, label: string, countVisits: boolean) =>
    defineCall(open, url, { summary: `${label}详情${countVisits ? '（浏览次数+1）' : ''}`, tags, input: idInput }, async (input, req) => {
      const record = await publicRecord(db, spec, spec.detail, input.id);
      if (!record) throw notFound(`${label}不存在或未发布`);
      if (countVisits && (await visits.shouldCount(spec.entity, input.id, req.ip))) {
        await incrementVisits(db, spec.entity, input.id, spec.scope?.());
        record.visitcount = Number(record.visitcount ?? 0) + 1;
      }
      return record;
    });

  // 通知公告
  page('/selectByPage', NOTICES, '通知公告（分页，已发布；type transfer 出让公告 / deal 成交公示 / notice / announcement，keyword），置顶在前');
  defineCall(
    open,
    '/getTzggList',
    { summary: '首页通知公告：最新的 limit 条（默认10，最多50），可按 type', tags, input: z.object({ type: optionalText(50), limit: optionalNumber() }) },
    async (input) => {
      const limit = Math.min(50, Math.max(1, Math.floor(input.limit ?? 10)));
      return (await publicList(db, dialect, NOTICES, { ...unpagedInput({ type: input.type }), pageNo: 1, pageSize: limit })).list;
    },
  );
  detail('/getTzggById', NOTICES, '通知公告', true);

  // 招商活动
  page('/selectZshdByPage', EVENTS, '招商活动与新闻（分页，已发布；type、areacode、keyword）');
  detail('/getZshdById', EVENTS, '招商活动', true);

  // 政策法规
  page('/getRegulationsList', REGULATIONS, '政策法规（分页，已发布；category national/provincial/municipal/zone，keyword）');
  detail('/getRegulationsById', REGULATIONS, '政策法规', true);

  // 热门资讯
  defineCall(
    open,
    '/selectRmzxByPage',
    {
      summary: '热门资讯（分页）：已发布的公众号文章（kind wxgzh）与招商活动（kind zshd），按浏览次数从多到少；详情分别为 getWxgzhById、getZshdById',
      tags,
      input: pagedQuerySchema.pick({ pageNo: true, pageSize: true }),
    },
    (input) => popularNews(db, input),
  );
  page('/selectWxgzhByPage', ARTICLES, '公众号资讯（分页，已发布；keyword）');
  detail('/getWxgzhById', ARTICLES, '资讯', true);

  // 重点项目、招商联系人
  page('/selectKeyprojectsByPage', KEY_PROJECTS, '重点项目（分页，已发布；stage、areacode、keyword）');
  defineCall(
    open,
    '/getInvestmentLinkList',
    {
      summary: '招商联系人（启用的；areacode 可选；默认不分页，也可传 pageNo、pageSize）',
      tags,
      input: listInput(CONTACTS).extend({ pageNo: pagedQuerySchema.shape.pageNo.unwrap().default(0), pageSize: pagedQuerySchema.shape.pageSize.unwrap().default(0) }),
    },
    (input) => publicList(db, dialect, CONTACTS, input),
  );

  // 供地计划
  page('/selectGyjsydByPage', SUPPLY_PLAN, '国有建设用地供应计划（分页；planYear、gdfx、areacode、supplyMethod、status、planQuarter、dlcode、keyword）');
  defineCall(
    open,
    '/getGyjsydByPage',
    { summary: '供应计划（分页）并附汇总 summary：count、planArea、planAreaMu、byGdfx、byQuarter（条件同 selectGyjsydByPage）', tags, input: listInput(SUPPLY_PLAN) },
    async (input) => ({ ...(await publicList(db, dialect, SUPPLY_PLAN, input)), summary: await supplyPlanSummary(db, dialect, input) }),
  );
  defineCall(
    open,
    '/getGdjhByPage',
    { summary: '供地计划地图：计划地块含范围 geometry（分页；pageNo 0、pageSize 0 为全部），条件同 selectGyjsydByPage', tags, input: listInput(SUPPLY_PLAN) },
    (input) => publicList(db, dialect, { ...SUPPLY_PLAN, list: SUPPLY_PLAN.detail }, input),
  );

  // 可出租资源、二级市场、存量可出让土地
  page('/selectKczyByPage', LEASABLE, '可出租资源（分页；type、areacode、status available/leased、keyword）');
  page('/selectSecondMarketByPage', SECOND_MARKET, '二级市场（分页，已发布与已成交；transactionType、areacode、status、dlcode、keyword）');
  detail('/selectSecondMarketById', SECOND_MARKET, '二级市场信息', false);
  defineCall(
    open,
    '/updateSecondMarKetVisitcount',
    { summary: '二级市场信息浏览次数+1（同一地址一小时内只计一次）', tags, input: idInput },
    async (input, req) => {
      const record = await publicRecord(db, SECOND_MARKET, ['id', 'visitcount'], input.id);
      if (!record) throw notFound('二级市场信息不存在或未发布');
      const counted = await visits.shouldCount(SECOND_MARKET.entity, input.id, req.ip);
      if (counted) await incrementVisits(db, SECOND_MARKET.entity, input.id, SECOND_MARKET.scope?.());
      return { visitcount: Number(record.visitcount ?? 0) + (counted ? 1 : 0), counted };
    },
  );
  defineCall(
    open,
    '/selectCltdByPage',
    { summary: '存量可出让土地（分页，含范围 geometry；areacode、dlcode、status、keyword）', tags, input: listInput(STOCK_LAND) },
    (input) => publicList(db, dialect, { ...STOCK_LAND, list: STOCK_LAND.detail }, input),
  );
}
