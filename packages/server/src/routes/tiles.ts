/**
 * Vector tiles (MVT) of the map layers:
 *   GET /openApi/tiles/{layer}/{z}/{x}/{y}.pbf   public maps (published parcels only)
 *   GET /api/tiles/{layer}/{z}/{x}/{y}.pbf       staff maps (every parcel, with its state)
 *   /openApi/tiles/meta, /api/tiles/meta         layer versions, parcel count, zoom of detail
 *   GET /openApi/tiles/{layer}/tilejson.json     TileJSON 3.0 of a public layer (QGIS, MapLibre)
 *   GET /openApi/tiles/style.json                MapLibre style of the public parcel map
 * layer: parcels | districts | supplyPlan | stockLand. Answers carry an ETag from the layer's
 * version (raised by any change of the layer's records), so If-None-Match gives 304 until
 * something changes; an empty tile is 204.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { defineCall } from '../lib/call';
import { notFound, validationError } from '../lib/errors';
import { ensureTileIndex, TILE_LAYER_NAMES, type TileLayerName } from '../services/tiles/store';
import { DETAIL_ZOOM, MAX_ZOOM, TileService, type TileScope } from '../services/tiles/tiles';
import type { TileCoord } from '../services/tiles/mvt';
import { publicMapStyle, tileJson } from '../services/tiles/style';
import { anyOrigin } from './ogc';

const CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';

/** Browsers may reuse a public tile briefly, then ask again (a 304 while nothing changed). */
const CACHE_CONTROL: Record<TileScope, string> = {
  public: 'public, max-age=30, must-revalidate',
  staff: 'private, no-cache',
};

interface TileParams {
  layer: string;
  z: string;
  x: string;
  y: string;
}

function parseTile(params: TileParams): { layer: TileLayerName; coord: TileCoord } {
  if (!(TILE_LAYER_NAMES as readonly string[]).includes(params.layer)) throw notFound(`图层不存在：${params.layer}`);
  const int = (v: string) => (/^\d{1,8}$/.test(v) ? Number(v) : NaN);
  const z = int(params.z);
  if (!(z >= 0 && z <= MAX_ZOOM)) throw validationError('z', `瓦片层级应为0到${MAX_ZOOM}之间的整数`);
  const n = 2 ** z;
  const x = int(params.x);
  const y = int(params.y.replace(/\.pbf$/, '').replace(/\.mvt$/, ''));
  if (!(x >= 0 && x < n)) throw validationError('x', `瓦片列号应为0到${n - 1}之间的整数`);
  if (!(y >= 0 && y < n)) throw validationError('y', `瓦片行号应为0到${n - 1}之间的整数`);
  return { layer: params.layer as TileLayerName, coord: { z, x, y } };
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

function tileHandler(service: TileService, scope: TileScope) {
  return async (req: FastifyRequest<{ Params: TileParams }>, reply: FastifyReply) => {
    const { layer, coord } = parseTile(req.params);
    const version = await service.version(layer);
    const etag = service.etag(layer, scope, version);
    reply.header('etag', etag).header('cache-control', CACHE_CONTROL[scope]).header('vary', 'accept-encoding');
    if (scope === 'public') anyOrigin(reply);
    if (matches(req.headers['if-none-match'], etag)) return reply.status(304).send();
    const tile = await service.tile(layer, scope, coord, version);
    if (!tile.body) return reply.status(204).send();
    reply.type(CONTENT_TYPE);
    if (tile.gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(tile.gzip);
    }
    return reply.send(tile.body);
  };
}

const TILE_SCHEMA = {
  summary: '矢量瓦片（MVT）：图层 parcels 地块、districts 片区边界、supplyPlan 供地计划、stockLand 存量土地；ETag 随图层数据变化',
  tags: ['瓦片'],
  params: {
    type: 'object',
    properties: {
      layer: { type: 'string', enum: [...TILE_LAYER_NAMES] },
      z: { type: 'string' },
      x: { type: 'string' },
      y: { type: 'string', description: '行号，后缀 .pbf' },
    },
  },
};

export async function registerTileRoutes(app: FastifyInstance, ctx: AppContext, service = new TileService(ctx.db)): Promise<void> {
  // A bulk load without triggers (or a VACUUM) would leave the spatial index behind.
  await ensureTileIndex(ctx.db);
  // Any write through this process may change a layer: the next tile reads the versions again.
  app.addHook('onResponse', (req, _reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') service.invalidate();
    done();
  });
  const meta = (scope: TileScope) => async () => {
    const versions = Object.fromEntries(await Promise.all(TILE_LAYER_NAMES.map(async (l) => [l, await service.version(l)] as const)));
    const [parcelCount, parcelExtent] = await Promise.all([service.parcelCount(scope), service.parcelExtent(scope)]);
    return { layers: [...TILE_LAYER_NAMES], versions, parcelCount, parcelExtent, detailZoom: DETAIL_ZOOM, maxZoom: MAX_ZOOM };
  };
  const metaSpec = { summary: '矢量瓦片信息：各图层版本、地块数量与范围、显示地块轮廓的起始层级', tags: ['瓦片'], input: z.object({}) };
  await app.register(
    async (open) => {
      open.get('/tiles/:layer/:z/:x/:y', { schema: TILE_SCHEMA }, tileHandler(service, 'public'));
      defineCall(open, '/tiles/meta', metaSpec, meta('public'));
      const base = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
      open.get<{ Params: { layer: string } }>(
        '/tiles/:layer/tilejson.json',
        { schema: { summary: 'TileJSON 3.0：公开矢量瓦片图层的地址模板、层级、范围与字段（QGIS 矢量瓦片图层、MapLibre 可直接使用）', tags: ['瓦片'] } },
        async (req, reply) => {
          const layer = req.params.layer;
          if (!(TILE_LAYER_NAMES as readonly string[]).includes(layer)) throw notFound(`图层不存在：${layer.slice(0, 60)}`);
          const name = layer as TileLayerName;
          const extent = await service.parcelExtent('public');
          const doc = tileJson(base(req), name, extent, await service.version(name));
          return anyOrigin(reply).header('cache-control', 'public, max-age=60').type('application/json').send(JSON.stringify(doc));
        },
      );
      open.get(
        '/tiles/style.json',
        { schema: { summary: 'MapLibre 样式（version 8）：公开地块地图（按土地用途着色、按交易状态描边）与片区边界', tags: ['瓦片'] } },
        async (req, reply) => anyOrigin(reply).header('cache-control', 'public, max-age=300').type('application/json').send(JSON.stringify(publicMapStyle(base(req)))),
      );
    },
    { prefix: '/openApi' },
  );
  await app.register(
    async (api) => {
      api.get('/tiles/:layer/:z/:x/:y', { schema: { ...TILE_SCHEMA, security: [{ token: [] }] } }, tileHandler(service, 'staff'));
      defineCall(api, '/tiles/meta', metaSpec, meta('staff'));
    },
    { prefix: '/api' },
  );
}
