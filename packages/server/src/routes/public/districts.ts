import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { AppContext } from '../../context';
import type { AnyDb, Row } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { validationError } from '../../lib/errors';
import { UNPAGED_LIMIT } from '../../lib/pagedQuery';
import { divisionPrefix } from '../../services/publicCantons';
import { AREAS, AREAS_WITH_BOUNDARY, STREETS } from '../../services/publicContent';
import { divisionIndex } from '../../services/publicDivisions';
import { districtFigures, districtMoreInfo, districtPageData, requireDistrict } from '../../services/publicLand';
import { escapeLike, listInput, optionalNumber, optionalText, presentPublic, publicColumns, publicList, unpagedInput } from '../../services/publicQuery';

const tags = ['公众端 · 片区与行政区'];

/** A district named in the address (pqPositionDetail/{name}). */
const areanameInput = z.string({ error: '缺少片区名称' }).trim().min(1, '缺少片区名称').max(60, '片区名称不正确');

const LAND_CLASS_COLUMNS = publicColumns('tDl', ['id', 'code', 'name', 'parentCode', 'level', 'scheme', 'displayorder']);

/** Districts (片区), streets, administrative divisions and the land-class tree for the public site. */
export function registerPublicDistrictRoutes(open: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  const { dialect } = ctx;
  const areacodeInput = z.object({ areacode: z.string({ error: '缺少片区编码' }).trim().min(1, '缺少片区编码').max(60, '片区编码不正确') });

  defineCall(
    open,
    '/selectXzqTrerList',
    {
      summary: '行政区树（省→市→县区→乡镇街道），由片区的行政区划代码、街道编码与地块的行政区代码生成；每个节点 code、name、level、parentCode、count（已发布地块数）、landArea、landAreaMu、children',
      tags,
      input: z.object({}),
    },
    async () => (await divisionIndex(db)).roots,
  );

  defineCall(
    open,
    '/selectDLTreeList',
    { summary: '土地用途（地类）树：code、name、parentCode、level、children', tags, input: z.object({ scheme: optionalText(20) }) },
    async (input) => {
      let q = db.selectFrom('t_dl').select([...LAND_CLASS_COLUMNS]);
      if (input.scheme) q = q.where('scheme', '=', input.scheme);
      const rows = (await q.orderBy(sql`${sql.ref('displayorder')} asc nulls last`).orderBy('code').limit(UNPAGED_LIMIT).execute()) as Row[];
      const nodes = new Map<unknown, Row & { children: Row[] }>(rows.map((r) => [r.code, { ...presentPublic('tDl', LAND_CLASS_COLUMNS, r), children: [] }]));
      const roots: Row[] = [];
      for (const node of nodes.values()) {
        const parent = node.parentCode ? nodes.get(node.parentCode) : undefined;
        (parent ? parent.children : roots).push(node);
      }
      return roots;
    },
  );

  defineCall(
    open,
    '/selectTAreaByPage',
    {
      summary: '片区列表（分页；下拉框用 pageNo 0、pageSize 0、params [{column:"status",type:"eq",val:"1"},{column:"displayorder",type:"orderAsc"}]）；只含启用的片区，每个片区附范围 boundary（GeoJSON，经纬度）',
      tags,
      input: listInput(AREAS),
    },
    (input) => publicList(db, dialect, AREAS_WITH_BOUNDARY, input),
  );

  defineCall(
    open,
    '/getTAreaByPageList',
    { summary: '片区列表（分页，含范围 boundary）并附各片区已发布地块统计 statistics（count、landArea、landAreaMu、byTradeState、byClass）', tags, input: listInput(AREAS) },
    async (input) => {
      const page = await publicList(db, dialect, AREAS_WITH_BOUNDARY, input);
      const figures = await districtFigures(db, page.list.map((a) => a.areacode as string));
      return { ...page, list: page.list.map((a) => ({ ...a, statistics: figures.get(a.areacode as string) })) };
    },
  );

  defineCall(open, '/getTAreaByAreacode', { summary: '片区详情（含介绍 introduction 与范围 boundary）', tags, input: areacodeInput }, (input) =>
    requireDistrict(db, { areacode: input.areacode }),
  );

  defineCall(
    open,
    '/getTAreaMoreInfoByAreacode',
    { summary: '片区详情及其已发布地块统计 statistics、街道 streets、招商联系人 contacts', tags, input: areacodeInput },
    async (input) => districtMoreInfo(db, await requireDistrict(db, { areacode: input.areacode })),
  );

  defineCall(
    open,
    '/getTAreaByAreaname',
    {
      summary: '按片区名称（pqPositionDetail/{name}）取片区详情，并附 statistics、streets、contacts',
      tags,
      input: z.object({ areaname: areanameInput }),
    },
    async (input) => districtMoreInfo(db, await requireDistrict(db, { areaname: input.areaname })),
  );

  defineCall(
    open,
    '/getTAreaPageByAreaname',
    {
      summary:
        '片区详情页所需的全部数据（一次请求）：同 getTAreaByAreaname 的片区详情（statistics、streets、contacts），并附 parcels：该片区已发布地块的第一页（同 selectLandInfoListPage {areacode, pageNo 1, pageSize}，pageSize 默认12，最多500）',
      tags,
      input: z.object({
        areaname: areanameInput,
        pageSize: optionalNumber({ min: 1, max: 500, integer: true, message: '每页条数应为1到500' }),
      }),
    },
    (input) => districtPageData(db, dialect, input.areaname, input.pageSize ?? 12),
  );

  defineCall(
    open,
    '/getTAreaByType',
    { summary: '某类型的片区（industry 产业园区 / logistics 物流园区 / innovation 科创园区 / town 综合片区），不分页', tags, input: z.object({ type: optionalText(50) }) },
    async (input) => (await publicList(db, dialect, AREAS, unpagedInput({ type: input.type }))).list,
  );

  defineCall(
    open,
    '/getTAreaByCantoncode',
    { summary: '某行政区（cantoncode，省/市/县区级代码）内的启用片区，不分页', tags, input: z.object({ cantoncode: optionalText(12) }) },
    async (input) => {
      const prefix = input.cantoncode ? divisionPrefix(input.cantoncode) : undefined;
      if (input.cantoncode && !prefix) throw validationError('cantoncode', '行政区划代码应为6位或9位数字');
      const within = prefix ? sql<SqlBool>`${sql.ref('cantoncode')} like ${`${escapeLike(prefix.slice(0, 6))}%`} escape '\\'` : undefined;
      return (await publicList(db, dialect, AREAS, unpagedInput(), within)).list;
    },
  );

  defineCall(open, '/selectJdByPage', { summary: '街道列表（分页；areacode、jdcode、keyword）', tags, input: listInput(STREETS) }, (input) =>
    publicList(db, dialect, STREETS, input),
  );
}
