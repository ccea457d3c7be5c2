import { WRITER_ROLES } from '@land/shared/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Expression, SqlBool } from 'kysely';
import { z } from 'zod';
import { entityByName } from '@land/shared/entities/index';
import type { EntityDef } from '@land/shared/entity';
import { sessionPolicy, type AppContext } from '../context';
import { registerDocumentRoutes } from '../documents/routes';
import { exportInputSchema, importWorkbook, loadExportLookups, MAX_IMPORT_BYTES, XLSX_MIME } from '../entities/excel';
import { bulkCreator, saveRecord } from '../entities/routes';
import { selectColumns, queryColumns } from '../entities/columns';
import { saveBatch } from '../entities/batch';
import { findById, type AnyDb, type Row } from '../entities/repository';
import { loadSettings } from '../services/settings';
import { registerImageryRoutes } from '../integrations/imagery/routes';
import { registerPublicMapsRoutes, registerStaffMapsRoutes } from '../integrations/maps/routes';
import { defineCall, ok, parseInput } from '../lib/call';
import { forbidden, notFound, validationError } from '../lib/errors';
import type { JobFile, JobTable, ProgressFn } from '../lib/jobs';
import { UNPAGED_LIMIT, pagedQuerySchema, runPagedQuery } from '../lib/pagedQuery';
import { addressLimit, type RateRule } from '../lib/throttle';
import { MB, MULTIPART_OPTIONS, attachmentHeader, cleanFileName, fieldValue, firstFile, readWhole } from '../lib/upload';
import { requireStaff, staffGuard, type StaffIdentity } from '../plugins/auth';
import {
  EXPORT_FORMATS,
  PARCEL_LAYER,
  SUPPLY_PLAN_LAYER,
  exportLayer,
  type ExportFormat,
  type LayerSpec,
} from '../services/gisExchange';
import { pipeRowsFromFeatures } from '../services/pipeImport';
import { parcelCondition, parcelFilterShape, type ParcelFilter } from '../services/publicParcels';

/** Largest file fileToGeoJson reads; a 100,000-parcel zipped shapefile is about 10 MB. */
export const MAX_CONVERT_BYTES = 30 * MB;
/** Bytes a zip may inflate to (counted while inflating); bounds the memory of one conversion. */
const MAX_CONVERT_INFLATED = 100 * MB;
const WRITE_ROLES: readonly string[] = WRITER_ROLES;

const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

const crsInput = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim().replace(/^EPSG:/i, '') : v),
  z.coerce.number({ error: '坐标系应为 EPSG 代码，如 4490 或 4528' }).int('坐标系应为 EPSG 代码，如 4490 或 4528').positive('坐标系应为 EPSG 代码，如 4490 或 4528').optional(),
);

/** swapXY, repair: 1/true. */
const flagInput = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

const exportInput = z.object({
  params: pagedQuerySchema.shape.params,
  format: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : String(v).toLowerCase()),
    z.enum(EXPORT_FORMATS as [ExportFormat, ...ExportFormat[]], { error: '导出格式 format 只能是 shp、geojson 或 kml' }).default('shp'),
  ),
});

function sendFile(reply: FastifyReply, file: { body: unknown; contentType: string; fileName: string; asciiName: string }): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentHeader(file.fileName, file.asciiName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** The query string's value of `name` (multipart fields can also arrive there). */
function queryValue(req: FastifyRequest, name: string): unknown {
  return ((req.query ?? {}) as Record<string, unknown>)[name];
}

// ---------------------------------------------------------------- public

function registerConvert(open: FastifyInstance, ctx: AppContext): void {
  // Counted in the database (config.rateLimits.conversion); the work itself runs in the worker
  // pool, whose threads and queue bound how many conversions are held in memory at once.
  const limit = addressLimit(ctx.db, { name: 'conversion', ...ctx.config.rateLimits.conversion, message: '文件转换过于频繁，请稍后再试' });
  open.post(
    '/ConvertController/fileToGeoJson',
    {
      schema: {
        summary: `GIS 文件转 GeoJSON（multipart 字段 file：zip 压缩的 Shapefile、GeoJSON、KML/KMZ、含坐标列或 WKT 列的 CSV/Excel；可选字段 crs 为 EPSG 代码，swapXY=1 将 X、Y 互换读取（坐标系不明或与坐标不符时，错误的 data.crsReadings 列出可选读法）；repair=1 修复自相交的边界（data.repaired 列出修复前后的面积）；不超过${MAX_CONVERT_BYTES / MB}MB）。只转换，不保存`,
        tags: ['GIS 数据交换'],
        consumes: ['multipart/form-data'],
      },
      preHandler: limit,
    },
    async (req) => {
      const part = await firstFile(req, MAX_CONVERT_BYTES);
      let crs: number | undefined;
      let swapXY = false;
      let repair = false;
      try {
        ({ crs, swapXY, repair } = parseInput(z.object({ crs: crsInput, swapXY: flagInput, repair: flagInput }), {
          crs: fieldValue(part, 'crs') ?? queryValue(req, 'crs'),
          swapXY: fieldValue(part, 'swapXY') ?? queryValue(req, 'swapXY'),
          repair: fieldValue(part, 'repair') ?? queryValue(req, 'repair'),
        }));
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const buf = await readWhole(part, MAX_CONVERT_BYTES);
      // Zones a projected file without zone number may be in are offered nearest the office first.
      const nearLon = (await loadSettings(ctx.db)).mapCenterLon;
      const options = { crs, swapXY, repair, nearLon, maxFileBytes: MAX_CONVERT_BYTES, maxUncompressedBytes: MAX_CONVERT_INFLATED };
      return ok(await open.workers.run('convert', { data: buf, filename: cleanFileName(part.filename), options }), '转换成功');
    },
  );
}

/** The public parcel search's named filters (district, class, 亩, price, state…), as in selectLandInfoListPage. */
const PUBLIC_PARCEL_FILTERS: NamedExportFilters = {
  shape: parcelFilterShape,
  note: '；也接受公众端地图检索的条件 keyword、areacode、dlcode（含下级）、state、areaMin/areaMax（亩）、priceMin/priceMax（万元）等',
  scope: (db, dialect, input) => parcelCondition(db, dialect, input as ParcelFilter),
};

interface NamedExportFilters {
  shape: z.ZodRawShape;
  note: string;
  scope: (db: AnyDb, dialect: AppContext['dialect'], input: Record<string, unknown>) => Promise<Expression<SqlBool>>;
}

function registerLayerExport(
  app: FastifyInstance,
  ctx: AppContext,
  url: string,
  spec: LayerSpec,
  audience: 'public' | 'staff',
  named?: NamedExportFilters,
): void {
  const db = ctx.db as unknown as AnyDb;
  const rule: RateRule = { name: 'export', ...ctx.config.rateLimits.export, message: '导出过于频繁，请稍后再试' };
  const limit = audience === 'public' ? addressLimit(ctx.db, rule) : undefined;
  const who = audience === 'public' ? `已公开的${spec.label}` : `全部${spec.label}（含未发布）`;
  defineCall(
    app,
    url,
    {
      summary: `导出${who}的边界与属性：format=shp（默认，zip 压缩的 Shapefile，含 .prj/.cpg/字段说明）、geojson 或 kml；params 同分页查询的条件${named?.note ?? ''}`,
      tags: ['GIS 数据交换'],
      input: named ? exportInput.extend(named.shape) : exportInput,
    },
    async (raw, req, reply) => {
      if (limit) await limit(req, reply);
      const input = raw as z.output<typeof exportInput> & Record<string, unknown>;
      const scope = named ? await named.scope(db, ctx.dialect, input) : undefined;
      return sendFile(reply, await exportLayer(db, ctx.dialect, { spec, audience, conditions: input.params, format: input.format, scope }, app.workers.writeShapefile));
    },
  );
}

// ---------------------------------------------------------------- parcels through Excel

const parcelDef = (): EntityDef => entityByName('tLandinfo')!;

const excelInput = exportInputSchema.extend({ async: flag.default(false) });

/**
 * /openApi/ExcelMainDispose/readWriterExcel: the parcel template round trip. A multipart
 * upload (field file) imports; any other request exports the parcels matching `params` (or
 * the empty template with template=1). It writes data, so despite the /openApi path it needs a
 * staff session, checked here with the same session code as the /api tree. async=1 runs it as
 * a background job and answers {jobId}.
 */
function registerParcelExcel(open: FastifyInstance, ctx: AppContext, jobs: JobTable): void {
  const db = ctx.db as unknown as AnyDb;
  const guard = staffGuard(ctx.db, sessionPolicy(ctx.config));
  const excel = { geometry: true };
  const columns = queryColumns(parcelDef());

  const exportFile = async (input: z.output<typeof excelInput>, progress?: ProgressFn): Promise<JobFile> => {
    const def = parcelDef();
    let rows: Row[] = [];
    if (!input.template) {
      const page = await runPagedQuery<Row>(db, ctx.dialect, { table: def.table, select: selectColumns(def), columns, defaultOrder: [{ column: 'updatedAt', direction: 'desc' }, { column: 'id', direction: 'desc' }] }, { ...input, pageNo: 0, pageSize: 0 });
      if (page.total > UNPAGED_LIMIT) throw validationError('params', `导出数据${page.totalExact === false ? '超过' : '共'}${page.total}条，超过${UNPAGED_LIMIT}条上限，请缩小查询范围后再导出`);
      rows = page.list.map((r) => ({ ...r, geometry: typeof r.geometry === 'string' ? JSON.parse(r.geometry) : r.geometry }));
    }
    progress?.(0, rows.length);
    const lookups = await loadExportLookups(db, def, rows, excel);
    const buffer = Buffer.from(await open.workers.run('writeWorkbook', { entity: def.name, rows, lookups, options: { ...excel, template: input.template } }));
    progress?.(rows.length, rows.length);
    return {
      buffer,
      fileName: input.template ? '地块导入模板.xlsx' : '地块.xlsx',
      asciiName: input.template ? 'parcels-template.xlsx' : 'parcels.xlsx',
      contentType: XLSX_MIME,
    };
  };

  const importFile = async (buf: Buffer, staff: StaffIdentity, req: FastifyRequest, progress?: ProgressFn, signal?: AbortSignal) => {
    // Reading starts now (the worker's start and the archive's check count as reading); while the
    // sheet streams in, the count read so far is both figures: the total is not known yet.
    progress?.(0, 0, 'read');
    const sheet = await open.workers.readSheet({ data: buf, entity: parcelDef().name, options: excel }, progress && ((read) => progress(read, read, 'read')));
    return importWorkbook(db, parcelDef(), sheet, staff.userId, (trx, raw) => saveRecord(trx, parcelDef(), raw, staff.userId, 'save'), req.log, {
      ...excel,
      onProgress: progress,
      bulk: bulkCreator(db, parcelDef(), staff.userId),
      signal,
    });
  };

  defineCall(
    open,
    '/ExcelMainDispose/readWriterExcel',
    {
      summary:
        '地块 Excel 模板导入导出（需后台登录）：multipart 上传 file 为导入（全部成功才写入，逐行报告错误）；其他请求为导出（params 同分页查询，template=1 为空模板）。边界为 WKT 或 GeoJSON 文本列。async=1 时后台执行并返回 {jobId}，进度见 /api/jobs/status',
      tags: ['地块'],
      input: excelInput,
      options: { preHandler: guard },
    },
    async (input, req, reply) => {
      const staff = requireStaff(req);
      if (req.isMultipart()) {
        if (!WRITE_ROLES.includes(staff.role)) throw forbidden('只读账号不能导入数据');
        const part = await firstFile(req, MAX_IMPORT_BYTES);
        const ext = /\.([^.]+)$/.exec(part.filename ?? '')?.[1]?.toLowerCase();
        if (ext && ext !== 'xlsx') {
          part.file.resume();
          throw validationError('file', ext === 'xls' ? '不支持旧版 Excel（.xls）文件，请另存为 .xlsx 后再导入' : '请上传 Excel（.xlsx）文件');
        }
        const runAsync = input.async || flag.parse(fieldValue(part, 'async'));
        const buf = await readWhole(part, MAX_IMPORT_BYTES);
        if (runAsync) return { jobId: await jobs.start(staff.userId, 'parcelImport', async (progress, signal) => ({ result: await importFile(buf, staff, req, progress, signal) })) };
        const result = await importFile(buf, staff, req);
        return reply.send(ok(result, `导入成功：新增${result.created}条，更新${result.updated}条`));
      }
      if (input.async) return { jobId: await jobs.start(staff.userId, 'parcelExport', async (progress) => ({ result: { template: input.template }, file: await exportFile(input, progress) })) };
      const file = await exportFile(input);
      return sendFile(reply, { body: file.buffer, contentType: file.contentType, fileName: file.fileName, asciiName: file.asciiName });
    },
  );
}

// ---------------------------------------------------------------- staff

function registerJobRoutes(api: FastifyInstance, jobs: JobTable): void {
  const jobInput = z.object({ jobId: z.string({ error: '缺少任务编号' }).trim().min(1, '缺少任务编号').max(64, '任务编号不正确') });
  defineCall(
    api,
    '/jobs/status',
    { summary: '后台任务进度：{state: running|done|failed, progress: 0..1, processed, total, result|error}（任务状态保存在数据库中，任一服务进程均可查询；完成后保留30分钟）', tags: ['后台任务'], input: jobInput },
    (input, req) => jobs.status(input.jobId, requireStaff(req).userId),
  );
  defineCall(api, '/jobs/download', { summary: '下载已完成的导出任务的文件', tags: ['后台任务'], input: jobInput }, async (input, req, reply) => {
    const file = await jobs.file(input.jobId, requireStaff(req).userId);
    return sendFile(reply, { body: file.buffer, contentType: file.contentType, fileName: file.fileName, asciiName: file.asciiName });
  });
}

/**
 * POST /api/tPipenetwork/importFile {dkid, file, crs?, swapXY?}: the pipe lines of a parcel from a GIS
 * line layer (zipped shapefile, GeoJSON, KML) or from the pipe-network Excel template (with
 * the route as WKT), all or nothing, through the entity's write path.
 */
function registerPipeImport(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  const pipeDef = entityByName('tPipenetwork')!;
  const input = z.object({ dkid: z.string({ error: '缺少地块编号' }).trim().min(1, '缺少地块编号').max(32, '地块编号不正确'), crs: crsInput, swapXY: flagInput });
  api.post(
    '/tPipenetwork/importFile',
    {
      schema: {
        summary: '导入地块的管网（multipart：先 dkid 字段，可选 crs（EPSG 代码）与 swapXY=1，再 file：zip 压缩的线 Shapefile、GeoJSON、KML，或管网 Excel 模板；坐标系不明或与坐标不符时，错误的 data.crsReadings 列出可选读法）；全部成功才写入',
        tags: [pipeDef.label],
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      if (!WRITE_ROLES.includes(staff.role)) throw forbidden('只读账号不能导入数据');
      const part = await firstFile(req, MAX_CONVERT_BYTES);
      let parsed: z.output<typeof input>;
      try {
        parsed = parseInput(input, {
          dkid: fieldValue(part, 'dkid') ?? queryValue(req, 'dkid'),
          crs: fieldValue(part, 'crs') ?? queryValue(req, 'crs'),
          swapXY: fieldValue(part, 'swapXY') ?? queryValue(req, 'swapXY'),
        });
        if (!(await findById(db, parcelDef(), parsed.dkid))) throw notFound('地块不存在或已删除');
      } catch (err) {
        part.file.resume();
        throw err;
      }
      const name = cleanFileName(part.filename);
      const buf = await readWhole(part, MAX_CONVERT_BYTES);
      const save = (trx: AnyDb, raw: Row) => saveRecord(trx, pipeDef, { ...raw, dkid: parsed.dkid }, staff.userId, 'save');
      if (/\.xlsx$/i.test(name)) {
        const sheet = await api.workers.readSheet({ data: buf, entity: pipeDef.name, options: { geometry: true } });
        const result = await importWorkbook(db, pipeDef, sheet, staff.userId, save, req.log, { geometry: true });
        return ok(result, `导入成功：新增${result.created}条，更新${result.updated}条`);
      }
      // As fileToGeoJson: a file without .prj, or whose coordinates do not fit it, is refused with
      // the readings to choose from (data.crsReadings), zones nearest the office first.
      const nearLon = (await loadSettings(ctx.db)).mapCenterLon;
      const options = { crs: parsed.crs, swapXY: parsed.swapXY, nearLon, maxUncompressedBytes: MAX_CONVERT_INFLATED };
      const read = await api.workers.run('readLines', { data: buf, filename: name, options });
      if (read.rejected.length) {
        const first = read.rejected[0];
        throw validationError('file', `第${first.index + 1}个要素${first.message}（共${read.rejected.length}个要素无法导入，未导入任何数据）`, [
          ...read.rejected.slice(0, 200).map((r) => ({ field: 'file', msg: `第${r.index + 1}个要素：${r.message}` })),
        ]);
      }
      const rows = pipeRowsFromFeatures(read.features);
      const list = await db.transaction().execute((trx) => saveBatch(trx, rows, save));
      return ok({ list, total: list.length, crs: { epsg: read.crs.epsg, label: read.crs.label }, warnings: read.warnings }, `导入成功：共${list.length}条管线`);
    },
  );
}

/**
 * GIS exchange, documents and the external map services (one registration from app.ts): the
 * public calls under /openApi and the staff calls under /api, each subtree with its own
 * multipart parser and, for /api, the same staff guard as the rest of the tree.
 */
export async function registerGisExchange(app: FastifyInstance, ctx: AppContext, jobs: JobTable): Promise<void> {
  await app.register(
    async (open) => {
      await open.register(multipart, MULTIPART_OPTIONS);
      registerConvert(open, ctx);
      registerLayerExport(open, ctx, '/exportShpfile', PARCEL_LAYER, 'public', PUBLIC_PARCEL_FILTERS);
      registerLayerExport(open, ctx, '/exportGyjhShpfile', SUPPLY_PLAN_LAYER, 'public');
      registerParcelExcel(open, ctx, jobs);
      registerDocumentRoutes(open, ctx, 'public');
      registerPublicMapsRoutes(open, ctx);
      registerImageryRoutes(open, ctx);
    },
    { prefix: '/openApi' },
  );
  await app.register(
    async (api) => {
      api.addHook('onRequest', staffGuard(ctx.db, sessionPolicy(ctx.config)));
      await api.register(multipart, MULTIPART_OPTIONS);
      registerLayerExport(api, ctx, '/tLandinfo/exportShpfile', PARCEL_LAYER, 'staff');
      registerLayerExport(api, ctx, '/tGyjsyd/exportShpfile', SUPPLY_PLAN_LAYER, 'staff');
      registerJobRoutes(api, jobs);
      registerDocumentRoutes(api, ctx, 'staff');
      registerStaffMapsRoutes(api, ctx);
      registerPipeImport(api, ctx);
    },
    { prefix: '/api' },
  );
}
