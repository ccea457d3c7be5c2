import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@land/shared/api';
import { entityByName } from '@land/shared/entities/index';
import type { AppContext } from '../context';
import { batchInput } from '../entities/batch';
import type { AnyDb, Row } from '../entities/repository';
import { defineCall } from '../lib/call';
import { AppError, validationError } from '../lib/errors';
import { requireRole, requireStaff } from '../plugins/auth';
import { HttpLandTransactionClient } from '../integrations/landTransaction/http';
import { syncLandTransactions } from '../integrations/landTransaction/sync';
import { LandTransactionError } from '../integrations/landTransaction/types';
import { deleteUpload } from '../services/files';
import { parcelLog } from '../services/parcelLog';
import { findOverlaps, overlapGeometry } from '../services/parcelOverlap';
import { loadSettings } from '../services/settings';
import { PARCEL_ACTIONS, transitionParcels } from '../services/parcelLifecycle';
import {
  deleteRecordsOfParcel,
  nextDisplayOrder,
  recordsOfParcel,
  removeParcelAttachment,
  replaceMarkers,
  requireParcel,
} from '../services/parcels';
import { fileStoreFor } from '../services/storage';

const recordId = (label: string) =>
  z.string({ error: `缺少${label}` }).trim().min(1, `缺少${label}`).max(32, `${label}不正确`);

const dkidInput = z.object({ dkid: recordId('地块编号') });

/** One id, an array of ids, their JSON text or a comma list (form posts). */
const idsInput = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return JSON.parse(s);
      } catch {
        return s;
      }
    }
    return s.split(',').map((x) => x.trim()).filter(Boolean);
  },
  z.array(z.string().min(1).max(32), { error: '请选择地块' }).min(1, '请选择地块').max(500, '一次最多处理500个地块'),
);

const transitionInput = z
  .object({
    ids: idsInput.optional(),
    id: z.string().max(32).optional(),
    action: z.enum(PARCEL_ACTIONS, { error: `操作只能是 ${PARCEL_ACTIONS.join('、')} 之一` }),
    comment: z.string({ error: '意见格式不正确' }).max(2000, '长度不能超过100个汉字或者200个字符').optional(),
    reasonType: z.string().max(50).optional(),
    overlapReason: z.string({ error: '发布理由格式不正确' }).max(2000, '长度不能超过100个汉字或者200个字符').optional(),
  })
  .refine((v) => v.ids?.length || v.id, { message: '请选择地块', path: ['ids'] });

/**
 * The parcel calls beyond the engine's standard set (SPEC §7 /api/tLandinfo, /api/tLandmatching,
 * /api/tDkzssc): lifecycle transitions and log, attachments, panorama markers (statisticsDk is in
 * routes/statistics.ts).
 */
export function registerParcelRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  const tags = ['地块'];
  const actor = (req: { staff?: { userId: string } }) => req.staff?.userId ?? null;

  defineCall(
    api,
    '/tLandinfo/transition',
    {
      summary:
        '地块状态流转（ids 一个或多个，action：submit|passFirst|publish|reject|takeDown|republish|withdraw；comment 为审核意见或下架原因，退回、下架必填；与已发布、挂牌或成交地块重叠超过容差时发布须填 overlapReason）；全部成功或全部不变',
      tags,
      input: transitionInput,
    },
    async (input, req) => {
      const staff = requireStaff(req);
      const ids = input.ids ?? [input.id!];
      const list = await db.transaction().execute((trx) =>
        transitionParcels(trx, staff, { ids, action: input.action, comment: input.comment, reasonType: input.reasonType, overlapReason: input.overlapReason }),
      );
      return { list, total: list.length };
    },
  );

  defineCall(
    api,
    '/tLandinfo/selectOverlaps',
    {
      summary: '与地块边界重叠的地块（未删除的全部地块）：geometry 为要检查的边界（不传则用地块 id 已保存的边界），id 为地块自身（不与自己比较）；重叠面积单位 ㎡ 与亩，只接边不算重叠',
      tags,
      input: z
        .object({ id: z.string().max(32).optional(), geometry: z.unknown().optional() })
        .refine((v) => v.id || (v.geometry !== undefined && v.geometry !== null && v.geometry !== ''), { message: '缺少地块边界', path: ['geometry'] }),
    },
    async (input) => {
      let geometry = input.geometry;
      if (geometry === undefined || geometry === null || geometry === '') {
        geometry = (await requireParcel(db, input.id!)).geometry;
        if (!geometry) throw validationError('geometry', '地块还没有地块边界');
      }
      const list = await findOverlaps(db, overlapGeometry(geometry), input.id || undefined);
      const { overlapToleranceM2 } = await loadSettings(ctx.db);
      return { list, total: list.length, toleranceM2: overlapToleranceM2 };
    },
  );

  defineCall(api, '/tLandinfo/selectLogByDkid', { summary: '地块操作记录（状态流转、发布后的修改、删除），按时间先后', tags, input: dkidInput }, async (input) =>
    parcelLog(db, input.dkid),
  );

  defineCall(
    api,
    '/tLandinfo/selectDisplayorderByZYLX',
    { summary: '某资源类型（zylx）的下一个排序号', tags, input: z.object({ zylx: z.string().max(50).optional() }) },
    async (input) => nextDisplayOrder(db, input.zylx || undefined),
  );

  defineCall(
    api,
    '/tLandinfo/deleteFile',
    {
      summary: '删除地块附件：从地块（id，不传则为引用它的地块）的照片、全景、文件中移除，并删除已上传的文件',
      tags,
      input: z.object({
        filepath: z.string({ error: '缺少文件路径' }).trim().min(1, '缺少文件路径').max(300, '文件路径不正确'),
        id: z.string().max(32).optional(),
      }),
    },
    async (input, req) => {
      const removedFrom = await db.transaction().execute((trx) => removeParcelAttachment(trx, input.filepath, input.id || undefined, actor(req)));
      let fileDeleted = true;
      try {
        await deleteUpload(fileStoreFor(ctx.config), input.filepath);
      } catch (err) {
        // Already gone: the parcel no longer lists it, which is what the caller wanted.
        if (!(err instanceof AppError) || err.code !== ERROR_CODES.NOT_FOUND) throw err;
        fileDeleted = false;
      }
      return { removedFrom, fileDeleted };
    },
  );

  const markersInput = batchInput.and(z.object({ dkid: z.string().max(32).optional(), markers: z.unknown().optional() }));
  const saveMarkers = async (input: z.output<typeof markersInput>, actorId: string | null) => {
    const list = (input.list ?? (Array.isArray(input.markers) ? (input.markers as Row[]) : [])) as Row[];
    const dkid = input.dkid || (list[0]?.dkid as string | undefined);
    if (!dkid) throw validationError('dkid', '缺少地块编号');
    if (list.some((m) => m.dkid && m.dkid !== dkid)) throw validationError('dkid', '一次只能保存同一地块的全景标注');
    const saved = await db.transaction().execute((trx) => replaceMarkers(trx, dkid, list, actorId));
    return { list: saved, total: saved.length };
  };
  for (const name of ['addListTphotoSphereMarker', 'addListTphotoSphereMarkers']) {
    defineCall(
      api,
      `/tLandinfo/${name}`,
      { summary: '保存地块的全景标注：用 list 替换该地块（dkid）现有的全部标注；list 为空则清空', tags, input: markersInput },
      (input, req) => saveMarkers(input, actor(req)),
    );
  }

  defineCall(api, '/tLandinfo/selectListTphotoSphereMarker', { summary: '地块的全景标注', tags, input: dkidInput }, async (input) =>
    recordsOfParcel(db, 'tPhotoSphereMarker', input.dkid),
  );

  defineCall(api, '/tLandinfo/deletePhotospheremarkerByDkId', { summary: '删除地块的全部全景标注', tags, input: dkidInput }, async (input, req) => ({
    deleted: await db.transaction().execute((trx) => deleteRecordsOfParcel(trx, 'tPhotoSphereMarker', input.dkid, actor(req))),
  }));

  defineCall(
    api,
    '/tLandmatching/getLandInfoAndMatchingById',
    {
      summary: '地块及其配套（七通一平）：id（或 dkid）为地块编号；没有配套记录时 matching 为 null',
      tags: ['地块配套'],
      input: z.object({ id: z.string().max(32).optional(), dkid: z.string().max(32).optional() }).refine((v) => v.id || v.dkid, { message: '缺少地块编号', path: ['id'] }),
    },
    async (input) => {
      const landInfo = await requireParcel(db, (input.id || input.dkid)!);
      const [matching] = await recordsOfParcel(db, 'tLandmatching', landInfo.id as string);
      return { landInfo, matching: matching ?? null };
    },
  );

  defineCall(api, '/tLandmatching/deleteByDkId', { summary: '删除地块的配套记录', tags: ['地块配套'], input: dkidInput }, async (input, req) => ({
    deleted: await db.transaction().execute((trx) => deleteRecordsOfParcel(trx, 'tLandmatching', input.dkid, actor(req))),
  }));

  defineCall(
    api,
    '/tLandJyst/syncFromJyxt',
    { summary: '立即从土地交易系统（JYXT_BASE_URL）同步挂牌与成交记录（管理员）', tags: ['土地交易记录'], input: z.object({}), options: { preHandler: requireRole('admin') } },
    async () => {
      if (!ctx.config.jyxtBaseUrl) throw validationError('jyxtBaseUrl', '未配置土地交易系统地址（JYXT_BASE_URL）');
      try {
        const client = new HttpLandTransactionClient({ baseUrl: ctx.config.jyxtBaseUrl, timeoutMs: ctx.config.jyxtTimeoutMs });
        return await syncLandTransactions(ctx, client);
      } catch (err) {
        if (err instanceof LandTransactionError) throw new AppError(ERROR_CODES.SERVER_ERROR, `${err.message}（已有数据未改动）`, 502);
        throw err;
      }
    },
  );

  defineCall(api, '/tDkzssc/getByDkid', { summary: '地块的招商手册（没有时为 null）', tags: [entityByName('tDkzssc')!.label], input: dkidInput }, async (input) => {
    const [manual] = await recordsOfParcel(db, 'tDkzssc', input.dkid);
    return manual ?? null;
  });
}
