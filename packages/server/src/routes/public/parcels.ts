import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { notFound, validationError } from '../../lib/errors';
import { pagedQuerySchema } from '../../lib/pagedQuery';
import { divisionWithChildren, divisionsNamed } from '../../services/publicDivisions';
import {
  compareParcels,
  parcelDetailWithRecords,
  parcelPageData,
  parcelPageWithTransactions,
  priceRecordPage,
  planParcelPage,
  recommendParcels,
  transactionWithParcel,
  publicTotals,
} from '../../services/publicLand';
import {
  inDivision,
  parcelFilterShape,
  parcelList,
  parcelListInput,
  parcelMapLayer,
  parcelPage,
  publicParcelDetail,
  publicParcelScope,
  publicParcels,
  publicRecordsOfParcel,
} from '../../services/publicParcels';
import { transactionsSpec } from '../../services/publicContent';
import { listInput, optionalNumber, optionalText, publicList } from '../../services/publicQuery';
import { VisitCounter } from '../../services/publicVisits';
import { VISITOR_OPTIONAL } from './guard';
import { idsInput, parcelPageRef, parcelRef } from './inputs';

const tags = ['公众端 · 地块'];

/** Public parcel calls of SPEC §7: published parcels only, through services/publicParcels. */
export function registerPublicParcelRoutes(open: FastifyInstance, ctx: AppContext, visits: VisitCounter): void {
  const db = ctx.db as unknown as AnyDb;
  // The searches and map layers below may read from a replica; details, counters and writes use db.
  const read = (ctx.readDb ?? ctx.db) as unknown as AnyDb;
  const { dialect } = ctx;

  defineCall(
    open,
    '/selectLandInfoList',
    {
      summary:
        '地图上的全部已发布地块：id、dkbh、dkmc、areacode、dlcode、landArea、landAreaMu、startingPrice、tradeState、centre、bbox、geometry；zoom（地图级别）或 simplify（容差，米）时简化边界；可带 selectLandInfoListPage 的筛选条件',
      tags,
      input: z.object({
        ...parcelFilterShape,
        zoom: optionalNumber({ min: 0, max: 24, message: '地图级别应为0到24' }),
        simplify: optionalNumber({ min: 0, max: 10_000, message: '简化容差应为0到10000米' }),
      }),
    },
    (input) => parcelMapLayer(read, dialect, input, { zoom: input.zoom, toleranceMetres: input.simplify }),
  );

  defineCall(
    open,
    '/selectLandInfoListPage',
    {
      summary:
        '地块列表（分页）：areacode 片区、dlcode 土地用途（含下级）、areaMin/areaMax 面积（亩）、priceMin/priceMax 起始价（万元）、state available 可供 / listed 挂牌中 / deal 已成交、keyword、jdcode、xzqdm、zylx、supplyMethod；orderBy publishedAt|landArea|startingPrice|visitcount|dkbh 与 order asc|desc；也接受 params',
      tags,
      input: parcelListInput,
    },
    (input) => parcelPage(read, dialect, input),
  );

  defineCall(
    open,
    '/selectLandInfoTotals',
    {
      summary: '全区公开地块合计（首页概况）：count、landArea、landAreaMu、byTradeState、byClass；与地图搜索、片区统计同一口径（已发布，停用片区的地块不公开）',
      tags,
      input: z.object({}),
    },
    () => publicTotals(read),
  );

  defineCall(open, '/selectLandInfoByMore', { summary: '“更多地块”列表（分页），条件同 selectLandInfoListPage', tags, input: parcelListInput }, (input) =>
    parcelPage(read, dialect, input),
  );

  defineCall(
    open,
    '/selectLandInfoByMoreAll',
    { summary: '“更多地块”全部（不分页，最多5000条），条件同 selectLandInfoListPage', tags, input: z.object(parcelFilterShape) },
    (input) => parcelList(read, dialect, input),
  );

  defineCall(
    open,
    '/selectLandInfoByMoreGG',
    { summary: '挂牌公告中的地块（分页，tradeState listed），每条附最新交易记录 transaction（公告编号、挂牌起止、保证金）', tags, input: parcelListInput },
    (input) => parcelPageWithTransactions(read, dialect, { ...input, state: 'listed', tradeState: undefined }),
  );

  defineCall(
    open,
    '/selectLandInfoByMoreCR',
    { summary: '出让地块（分页，资源类型 zylx 为出让地块），可按 state 等筛选', tags, input: parcelListInput },
    (input) => parcelPage(read, dialect, { ...input, zylx: 'transfer' }),
  );

  defineCall(
    open,
    '/selectLandInfosJyxt',
    {
      summary: '交易系统中的地块（分页）：挂牌中与已成交（state listed 或 deal 只看其一），每条附最新交易记录 transaction',
      tags,
      input: parcelListInput,
    },
    async (input) => {
      const state = input.state || input.tradeState;
      if (state && !['listed', 'deal'].includes(state)) throw validationError('state', '交易状态只能是 listed 或 deal');
      const page = await parcelPageWithTransactions(
        db,
        dialect,
        state ? input : { ...input, params: [...input.params, { column: 'tradeState', type: 'in', val: ['listed', 'deal'] }] },
      );
      return page;
    },
  );

  defineCall(
    open,
    '/interestDk',
    {
      summary: '推荐地块：有 dkid 时为同片区、同用途的其他地块；登录访客无 dkid 时按其收藏的片区推荐；否则为浏览最多的地块（limit 默认6，最多20）',
      tags,
      input: z.object({
        dkid: optionalText(32),
        id: optionalText(32),
        limit: optionalNumber({ min: 1, max: 20, integer: true, message: '数量应为1到20' }),
      }),
      options: VISITOR_OPTIONAL,
    },
    (input, req) => recommendParcels(db, { dkid: input.dkid || input.id || undefined, visitorId: req.visitor?.userId, limit: input.limit ?? 6 }),
  );

  defineCall(
    open,
    '/getLandInfoById',
    {
      summary: '地块详情：全部公开字段，片区 areaname、街道 jdname、用途 dlname 名称，centre、bbox，指标 indicators、优势 advantages、最新交易 transaction',
      tags,
      input: parcelRef,
    },
    (input) => parcelDetailWithRecords(db, input.dkid),
  );

  defineCall(
    open,
    '/getLandInfoPageById',
    {
      summary:
        '地块详情页所需的全部数据（一次请求）：landInfo（同 getLandInfoById）、matching（七通一平）、distances、facilities（周边配套）、pipes（管网）、markers（全景标注）、manual（招商手册）、prices（前50条价格记录）、transactions（前20条交易记录）、contacts（所在片区的招商联系人）；nearby 为 1–20 时另附同片区的前 nearby 个地块（同 selectLandInfoListPage）',
      tags,
      input: parcelPageRef,
    },
    (input) => parcelPageData(db, dialect, input.dkid, { nearby: input.nearby }),
  );

  defineCall(
    open,
    '/getLandInfoAndMatchingById',
    { summary: '地块详情 landInfo 与配套（七通一平）matching（没有时为 null）', tags, input: parcelRef },
    async (input) => {
      const landInfo = await publicParcelDetail(db, input.dkid);
      const [matching] = await publicRecordsOfParcel(db, 'tLandmatching', input.dkid);
      return { landInfo, matching: matching ?? null };
    },
  );

  defineCall(open, '/getDistanceByDkId', { summary: '地块的区位距离（机场、高铁站、高速出口…）', tags, input: parcelRef }, (input) =>
    publicRecordsOfParcel(db, 'tDistance', input.dkid),
  );

  defineCall(open, '/getLandZbptByDkId', { summary: '地块的周边配套（学校、医院、公交…），由近到远', tags, input: parcelRef }, (input) =>
    publicRecordsOfParcel(db, 'tLandzbpt', input.dkid),
  );

  defineCall(open, '/selectPipeNetworkByDkId', { summary: '地块周边的管网', tags, input: parcelRef }, (input) =>
    publicRecordsOfParcel(db, 'tPipenetwork', input.dkid),
  );

  defineCall(open, '/getPhotoSphereMarkerListById', { summary: '地块全景图上的标注（地块详情的 panorama 为全景图）', tags, input: parcelRef }, (input) =>
    publicRecordsOfParcel(db, 'tPhotoSphereMarker', input.dkid),
  );

  defineCall(open, '/getByDkid', { summary: '地块的招商手册（没有时为 null）', tags, input: parcelRef }, async (input) => {
    const [manual] = await publicRecordsOfParcel(db, 'tDkzssc', input.dkid);
    return manual ?? null;
  });

  defineCall(
    open,
    '/selectDkxqByPage',
    { summary: '地块价格记录（分页）：dkid、priceType；评估价不公开', tags, input: pagedQuerySchema.extend({ dkid: optionalText(32), priceType: optionalText(50) }) },
    (input) => priceRecordPage(db, dialect, { ...input, keyword: undefined }),
  );

  defineCall(
    open,
    '/selectDkids',
    {
      summary: '地块对比：ids 为2到4个地块编号（数组或逗号分隔），按给出的顺序返回详情、指标 indicators、配套 matching、最新交易 transaction；未发布的不返回',
      tags,
      input: z.object({ ids: idsInput('地块', 2, 4) }),
    },
    (input) => compareParcels(db, input.ids),
  );

  defineCall(
    open,
    '/updateLandInfoVisitcount',
    { summary: '地块浏览次数+1（同一地址同一地块一小时内只计一次）；返回 visitcount 与本次是否计入 counted', tags, input: parcelRef },
    async (input, req) => {
      const row = await publicParcels(db).select(['t_landinfo.id', 't_landinfo.visitcount']).where('t_landinfo.id', '=', input.dkid).executeTakeFirst();
      if (!row) throw notFound('地块不存在或未发布');
      const counted = await visits.shouldCount('parcel', input.dkid, req.ip);
      if (counted) {
        await db
          .updateTable('t_landinfo')
          .set({ visitcount: sql`coalesce(${sql.ref('visitcount')}, 0) + 1` })
          .where('id', '=', input.dkid)
          .where(publicParcelScope)
          .execute();
      }
      return { visitcount: Number(row.visitcount ?? 0) + (counted ? 1 : 0), counted };
    },
  );

  // Administrative divisions.

  defineCall(
    open,
    '/selectXZQLandInfoList',
    {
      summary: '按行政区统计已发布地块：code（行政区划代码）的下级行政区及各自的地块数 count、面积 landArea/landAreaMu；不传 code 为省级',
      tags,
      input: z.object({ code: optionalText(12), xzqdm: optionalText(12) }),
    },
    (input) => divisionWithChildren(db, input.code || input.xzqdm || undefined),
  );

  defineCall(
    open,
    '/getLandInfoByXZQ',
    { summary: '某行政区（code 或 xzqdm，6位或9位）内的已发布地块（分页），其余条件同 selectLandInfoListPage', tags, input: parcelListInput.extend({ code: optionalText(12) }) },
    (input) => {
      const code = input.code || input.xzqdm;
      if (!code) throw validationError('code', '请选择行政区');
      return parcelPage(db, dialect, { ...input, xzqdm: code });
    },
  );

  defineCall(
    open,
    '/selectByCityName',
    { summary: '按行政区名称（如“杭州”“临江街道”）查已发布地块（分页），其余条件同 selectLandInfoListPage', tags, input: parcelListInput.extend({ cityName: optionalText(30) }) },
    async (input) => {
      if (!input.cityName) throw validationError('cityName', '请输入行政区名称');
      const codes = await divisionsNamed(db, input.cityName);
      const within = codes.length ? sql<SqlBool>`(${sql.join(codes.map(inDivision), sql` or `)})` : sql<SqlBool>`1 = 0`;
      return parcelPage(db, dialect, input, within);
    },
  );

  // Transactions.

  const transactions = transactionsSpec(db);
  defineCall(
    open,
    '/selectLandJystByPage',
    { summary: '土地交易记录（分页，仅已发布地块的）：status listing/dealt/failed/terminated、transactionType、dkid、keyword', tags, input: listInput(transactions) },
    (input) => publicList(db, dialect, transactions, input),
  );

  defineCall(
    open,
    '/selectLandJyxtById',
    { summary: '交易系统中的一宗：id 为交易记录编号（或地块编号，取其最新记录）；返回 transaction 与地块 parcel', tags, input: parcelRef },
    (input) => transactionWithParcel(db, input.dkid),
  );

  defineCall(
    open,
    '/getGdjhLandByPage',
    { summary: '供地计划中已发布的地块（分页，按宗地编号对应计划地块）：每条附 plan（计划年度、季度、供地方向）；planYear 可选', tags, input: parcelListInput.extend({ planYear: optionalNumber({ min: 2000, max: 2100, integer: true, message: '计划年度不正确' }) }) },
    (input) => planParcelPage(db, dialect, input),
  );
}
