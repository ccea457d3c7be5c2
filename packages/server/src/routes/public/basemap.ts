import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { BASE_MAP_KINDS, baseMapFeatures } from '../../services/publicBaseMap';

const tags = ['公众端 · 片区与行政区'];

const BBOX_MESSAGE = '范围 bbox 应为“最小经度,最小纬度,最大经度,最大纬度”';

/** "120.4,30.2,120.6,30.4" or [120.4, 30.2, 120.6, 30.4] → a lon-lat box; '' = none. */
const bboxInput = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return undefined;
    if (typeof v === 'string') return v.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
    return v;
  },
  z
    .array(z.number({ error: BBOX_MESSAGE }).finite(BBOX_MESSAGE), { error: BBOX_MESSAGE })
    .length(4, BBOX_MESSAGE)
    .refine(([minLon, minLat, maxLon, maxLat]) => minLon <= maxLon && minLat <= maxLat && minLon >= -180 && maxLon <= 180 && minLat >= -90 && maxLat <= 90, BBOX_MESSAGE)
    .transform((b) => b as [number, number, number, number])
    .optional(),
);

/** The offline base map (main roads, water) of the public maps. */
export function registerBaseMapRoutes(open: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  defineCall(
    open,
    '/selectBaseMapFeatures',
    {
      summary:
        '离线底图要素：主要道路（kind road，LineString）与水系（kind water，Polygon），GeoJSON FeatureCollection（经纬度），properties 为 kind、name；bbox=最小经度,最小纬度,最大经度,最大纬度 只取与范围相交的要素，kind 只取一类',
      tags,
      input: z.object({
        bbox: bboxInput,
        kind: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(BASE_MAP_KINDS, { error: '要素类型 kind 只能是 road 或 water' }).optional()),
      }),
    },
    async (input, _req, reply) => {
      // The base map changes only when an office reloads it; a short shared cache spares the database.
      reply.header('cache-control', 'public, max-age=300');
      return baseMapFeatures(db, { bbox: input.bbox, kind: input.kind });
    },
  );
}
