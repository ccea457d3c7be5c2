import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@land/shared/api';
import { FACILITY_DICTIONARY_TYPES } from '@land/shared/entities/facility';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { AppError } from '../../lib/errors';
import { requireRole } from '../../plugins/auth';
import { loadSettings } from '../../services/settings';
import { mapsServiceFor } from './index';
import { fillSurroundings } from './surroundings';
import { MapsServiceError } from './types';

/** The facility dictionary grouped by type, in the dictionary's type order (SPEC §7 selectDicFacility). */
export function registerPublicMapsRoutes(open: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  defineCall(
    open,
    '/selectDicFacility',
    {
      summary: '配套设施字典：按类型分组 [{type, label, list:[{id, name, type, lon, lat, address, areacode}]}]（可按 type 筛选）',
      tags: ['配套设施'],
      input: z.object({ type: z.string().max(50).optional() }),
    },
    async (input) => {
      let q = db.selectFrom('t_facility').select(['id', 'name', 'type', 'lon', 'lat', 'address', 'areacode']).where('status', '=', '1');
      if (input.type) q = q.where('type', '=', input.type);
      const rows = (await q.orderBy('displayorder').orderBy('id').limit(5000).execute()) as Record<string, unknown>[];
      return FACILITY_DICTIONARY_TYPES.map((t) => ({ type: t.value, label: t.label, list: rows.filter((r) => r.type === t.value) })).filter((g) => g.list.length > 0);
    },
  );
}

/** One-click surroundings and distances of a parcel from the configured maps service. */
export function registerStaffMapsRoutes(api: FastifyInstance, ctx: AppContext, options: { fetch?: typeof fetch } = {}): void {
  const db = ctx.db as unknown as AnyDb;
  defineCall(
    api,
    '/tLandinfo/fillSurroundings',
    {
      summary: '一键填充地块的周边配套（tLandzbpt）与区位距离（tDistance）：来自配置的地图服务（高德 Web 服务，未配置密钥时为本平台配套设施字典）；替换上次自动填充的记录，人工录入或修改过的保留',
      tags: ['地块'],
      input: z.object({ dkid: z.string({ error: '缺少地块编号' }).trim().min(1, '缺少地块编号').max(32, '地块编号不正确') }),
      options: { preHandler: requireRole('admin', 'editor', 'reviewer') },
    },
    async (input, req) => {
      const settings = await loadSettings(ctx.db);
      try {
        const service = mapsServiceFor(db, settings, options);
        return await fillSurroundings(db, service, input.dkid, req.log);
      } catch (err) {
        if (err instanceof MapsServiceError) throw new AppError(ERROR_CODES.SERVER_ERROR, `地图服务不可用：${err.message}`, 502);
        throw err;
      }
    },
  );
}
