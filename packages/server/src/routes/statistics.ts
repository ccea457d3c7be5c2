import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ALL_DISTRICTS_LABEL } from '@land/shared/constants';
import { PARCEL_STATES } from '@land/shared/lifecycle';
import { sessionPolicy, type AppContext } from '../context';
import { XLSX_MIME } from '../entities/excel';
import type { AnyDb } from '../entities/repository';
import { defineCall } from '../lib/call';
import { safeCell } from '../lib/spreadsheet';
import { attachmentHeader } from '../lib/upload';
import { staffGuard } from '../plugins/auth';
import {
  dealsByQuarter,
  consultingStatistics,
  overview,
  parcelStatistics,
  priceTrend,
  recentFiveYearsDeals,
  supplyByQuarter,
  topVisited,
  type Granularity,
  type StatisticsFilter,
} from '../services/statistics';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-MM-dd, between 1900 and 2100. */
function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const dateInput = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label}格式应为 yyyy-MM-dd` })
      .trim()
      .refine(isCalendarDate, `${label}格式应为 yyyy-MM-dd`)
      .optional(),
  );

const filterFields = {
  startDate: dateInput('开始日期'),
  endDate: dateInput('结束日期'),
  /** '' = all districts (the 全部片区 option). */
  areacode: z.preprocess(blankToUndefined, z.string({ error: '片区编码不正确' }).trim().max(60, '片区编码不正确').optional()),
};

const landClassCode = z.preprocess(
  blankToUndefined,
  z.string({ error: '地类代码不正确' }).trim().regex(/^[0-9A-Za-z]{1,18}$/, '地类代码不正确').optional(),
);
const granularityInput = z.preprocess(blankToUndefined, z.enum(['quarter', 'year'], { error: '统计粒度只能是 quarter 或 year' }).default('quarter'));

/** The period's end may not come before its start. */
const periodInOrder = (v: object) => {
  const { startDate, endDate } = v as StatisticsFilter;
  return !startDate || !endDate || startDate <= endDate;
};

function withPeriod<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...filterFields, ...shape }).refine(periodInOrder, { message: '开始日期不能晚于结束日期', path: ['endDate'] });
}

const filterInput = withPeriod({});
const statisticsDkInput = withPeriod({
  status: z.preprocess(blankToUndefined, z.enum(PARCEL_STATES, { error: '状态不正确' }).optional()),
  dlParent: landClassCode,
});
const priceTrendInput = withPeriod({ granularity: granularityInput });

const filterOf = (v: StatisticsFilter): StatisticsFilter => ({ startDate: v.startDate, endDate: v.endDate, areacode: v.areacode });

// ---------------------------------------------------------------------------------------
// Excel: one sheet per chart, with the filters written above the table
// ---------------------------------------------------------------------------------------

type Cell = string | number | null;

interface SheetColumn {
  header: string;
  width: number;
  /** Excel number format; text otherwise. */
  numFmt?: string;
}

interface Sheet {
  title: string;
  columns: SheetColumn[];
  rows: Cell[][];
}

const AREA = '#,##0.00';
const COUNT = '#,##0';
const PERCENT = '0.0"%"';
const col = (header: string, width: number, numFmt?: string): SheetColumn => ({ header, width, numFmt });
const areaColumns = [col('地块数（宗）', 12, COUNT), col('面积（㎡）', 16, AREA), col('面积（亩）', 14, AREA)];

export const EXPORT_SECTIONS = ['overview', 'status', 'tradeState', 'district', 'class', 'supply', 'deals', 'price', 'topVisited'] as const;
type Section = (typeof EXPORT_SECTIONS)[number];

const exportInput = withPeriod({
  section: z.enum(EXPORT_SECTIONS, { error: `section 只能是 ${EXPORT_SECTIONS.join('、')} 之一` }),
  dlParent: landClassCode,
  granularity: granularityInput,
});

async function sheetOf(ctx: AppContext, db: AnyDb, input: z.output<typeof exportInput>): Promise<Sheet> {
  const f = filterOf(input);
  const section: Section = input.section;
  switch (section) {
    case 'overview': {
      const o = await overview(db, ctx.dialect, f);
      const rows: Cell[][] = [
        ['地块总数', o.parcels.count, '宗'],
        ['总面积', o.parcels.landAreaMu, '亩'],
        ['总面积', o.parcels.landArea, '㎡'],
        ['已发布', o.parcels.published, '宗'],
        ['挂牌中', o.parcels.listed, '宗'],
        ['已成交（期间内成交）', o.deals.count, '宗'],
        ['成交面积', o.deals.landAreaMu, '亩'],
        ['成交金额', o.deals.amount, '万元'],
        ['咨询数', o.consulting.asked, '条'],
        ['已回复', o.consulting.answered, '条'],
        ['咨询回复率', o.consulting.replyRate, '%'],
        ['平均回复时长', o.consulting.avgAnswerHours, '小时'],
        ['收藏数', o.collections.available ? o.collections.count : '暂未统计', '次'],
      ];
      return { title: '主要指标', columns: [col('指标', 22), col('数值', 18, '#,##0.##'), col('单位', 10)], rows };
    }
    case 'status': {
      const s = await parcelStatistics(db, f);
      return { title: '地块状态分布', columns: [col('状态', 14), ...areaColumns], rows: s.byStatus.map((r) => [r.label, r.count, r.landArea, r.landAreaMu]) };
    }
    case 'tradeState': {
      const s = await parcelStatistics(db, f);
      return { title: '交易状态分布', columns: [col('交易状态', 14), ...areaColumns], rows: s.byTradeState.map((r) => [r.label, r.count, r.landArea, r.landAreaMu]) };
    }
    case 'district': {
      const s = await parcelStatistics(db, f);
      return {
        title: '片区地块分布',
        columns: [col('片区', 18), col('片区编码', 12), ...areaColumns, col('可供地块（宗）', 14, COUNT), col('可供面积（㎡）', 16, AREA), col('可供面积（亩）', 14, AREA)],
        rows: s.byDistrict.map((r) => [r.areaname, r.areacode, r.count, r.landArea, r.landAreaMu, r.availableCount, r.availableArea, r.availableAreaMu]),
      };
    }
    case 'class': {
      const s = await parcelStatistics(db, { ...f, dlParent: input.dlParent });
      return {
        title: s.classParent ? `土地用途构成（${s.classParent.name}）` : '土地用途构成',
        columns: [col('地类代码', 12), col('地类名称', 22), ...areaColumns],
        rows: s.byClass.map((r) => [r.dlcode, r.name, r.count, r.landArea, r.landAreaMu]),
      };
    }
    case 'supply': {
      const s = await supplyByQuarter(db, f);
      return {
        title: '供地计划与实际供应',
        columns: [col('季度', 12), col('计划地块（宗）', 14, COUNT), col('计划面积（亩）', 16, AREA), col('实际供应（宗）', 14, COUNT), col('实际面积（亩）', 16, AREA), col('完成率', 10, PERCENT)],
        rows: s.quarters.map((q) => [q.period, q.plannedCount, q.plannedAreaMu, q.actualCount, q.actualAreaMu, q.completionRate]),
      };
    }
    case 'deals': {
      const s = await dealsByQuarter(db, f);
      return {
        title: '土地成交情况',
        columns: [col('季度', 12), col('成交宗数', 12, COUNT), col('成交面积（㎡）', 16, AREA), col('成交面积（亩）', 16, AREA), col('成交金额（万元）', 18, AREA)],
        rows: s.quarters.map((q) => [q.period, q.count, q.landArea, q.landAreaMu, q.amount]),
      };
    }
    case 'price': {
      const s = await priceTrend(db, f, input.granularity as Granularity);
      return {
        title: '成交地价走势',
        columns: [col(s.granularity === 'quarter' ? '季度' : '年度', 12), col('地类代码', 10), col('地类', 18), col('成交宗数', 10, COUNT), col('成交面积（亩）', 16, AREA), col('成交金额（万元）', 18, AREA), col('均价（万元/亩）', 16, AREA), col('均价（元/㎡）', 14, COUNT)],
        rows: s.rows.map((r) => [r.period, r.dlcode, r.name, r.count, r.landAreaMu, r.amount, r.pricePerMu, r.pricePerM2]),
      };
    }
    case 'topVisited': {
      const list = await topVisited(db, f);
      return {
        title: '热门地块（浏览次数前十）',
        columns: [col('排名', 8, COUNT), col('宗地编号', 16), col('地块名称', 30), col('片区', 16), col('面积（亩）', 14, AREA), col('浏览次数', 12, COUNT)],
        rows: list.map((r) => [r.rank, r.dkbh, r.dkmc, r.areaname, r.landAreaMu, r.visitcount]),
      };
    }
  }
}

async function filterText(db: AnyDb, f: StatisticsFilter): Promise<string> {
  const period = f.startDate || f.endDate ? `${f.startDate ?? '不限'} 至 ${f.endDate ?? '不限'}` : '全部';
  let district = ALL_DISTRICTS_LABEL;
  if (f.areacode) {
    const a = await db.selectFrom('t_area').select('areaname').where('areacode', '=', f.areacode).executeTakeFirst();
    district = (a?.areaname as string | undefined) ?? f.areacode;
  }
  return `统计期间：${period}；片区：${district}`;
}

async function workbookOf(sheet: Sheet, subtitle: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '开发区土地信息平台';
  const ws = wb.addWorksheet(sheet.title.slice(0, 31));
  ws.columns = sheet.columns.map((c) => ({ width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  // Every cell through safeCell: names and the filter text come from the database and the caller.
  ws.addRow([safeCell(sheet.title)]);
  ws.addRow([safeCell(subtitle)]);
  ws.mergeCells(1, 1, 1, sheet.columns.length);
  ws.mergeCells(2, 1, 2, sheet.columns.length);
  ws.getRow(1).font = { bold: true, size: 14 };
  ws.getRow(2).font = { color: { argb: 'FF666666' } };
  const header = ws.addRow(sheet.columns.map((c) => safeCell(c.header)));
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
  for (const row of sheet.rows) ws.addRow(row.map(safeCell));
  ws.views = [{ state: 'frozen', ySplit: 3 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------

function registerStaffCalls(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  const tags = ['统计分析'];
  const period = '（startDate、endDate 为 yyyy-MM-dd 北京时间，含首尾；areacode 为片区编码，空为全部片区）';

  defineCall(
    api,
    '/tLandinfo/statisticsDk',
    {
      summary: `地块统计：期间内录入的地块数与面积（㎡、亩），按状态、交易状态、片区（含可供面积）、土地用途（一级地类；dlParent 给出时为其下一级）${period}`,
      tags,
      input: statisticsDkInput,
    },
    (input) => parcelStatistics(db, { ...filterOf(input), status: input.status, dlParent: input.dlParent }),
  );
  defineCall(api, '/statistics/overview', { summary: `主要指标：地块、发布、挂牌、期间成交及金额、咨询回复、收藏${period}`, tags, input: filterInput }, (input) =>
    overview(db, ctx.dialect, filterOf(input)),
  );
  defineCall(api, '/statistics/supplyByQuarter', { summary: `供地计划与实际供应（期间成交）按季度${period}`, tags, input: filterInput }, (input) =>
    supplyByQuarter(db, filterOf(input)),
  );
  defineCall(api, '/statistics/dealsByQuarter', { summary: `土地成交按季度：宗数、面积、金额（万元）${period}`, tags, input: filterInput }, (input) =>
    dealsByQuarter(db, filterOf(input)),
  );
  defineCall(
    api,
    '/statistics/priceTrend',
    { summary: `成交均价（万元/亩、元/㎡）按一级地类与季度或年度（granularity=quarter|year）${period}`, tags, input: priceTrendInput },
    (input) => priceTrend(db, filterOf(input), input.granularity as Granularity),
  );
  defineCall(api, '/statistics/topVisited', { summary: '浏览次数最多的十个已发布地块（areacode 可选）', tags, input: filterInput }, (input) =>
    topVisited(db, filterOf(input)),
  );
  defineCall(api, '/statistics/consulting', { summary: `咨询：期间内提问数、已回复数、回复率、平均回复时长（小时）${period}`, tags, input: filterInput }, (input) =>
    consultingStatistics(db, ctx.dialect, filterOf(input)),
  );
  defineCall(
    api,
    '/statistics/exportExcel',
    { summary: `导出一个统计图表的数据（Excel）：section=${EXPORT_SECTIONS.join('|')}，筛选条件同图表${period}`, tags, input: exportInput },
    async (input, _req, reply) => {
      const sheet = await sheetOf(ctx, db, input);
      const buf = await workbookOf(sheet, await filterText(db, filterOf(input)));
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachmentHeader(`统计分析-${sheet.title}.xlsx`, `statistics-${input.section}.xlsx`))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(buf);
    },
  );
}

/** The statistics screen's calls (/api, staff) and the public deal summary (/openApi). */
export async function registerStatistics(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db as unknown as AnyDb;
  await app.register(
    async (open) => {
      defineCall(
        open,
        '/getRecentFiveYearsCjDK',
        { summary: '近五年（含本年）已发布地块的成交：每年宗数、面积（㎡、亩）、金额（万元）', tags: ['公开数据'], input: z.object({}) },
        () => recentFiveYearsDeals(db),
      );
    },
    { prefix: '/openApi' },
  );
  await app.register(
    async (api) => {
      api.addHook('onRequest', staffGuard(ctx.db, sessionPolicy(ctx.config)));
      registerStaffCalls(api, ctx);
    },
    { prefix: '/api' },
  );
}
