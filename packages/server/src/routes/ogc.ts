/**
 * OGC API – Features (Part 1: Core, GeoJSON, OpenAPI 3.0; Part 2: CRS by reference) under /ogc,
 * so QGIS, ArcGIS and GDAL read the platform's layers directly:
 *   GET /ogc                                        landing page
 *   GET /ogc/conformance                            conformance classes
 *   GET /ogc/api                                    OpenAPI 3.0 document of these paths
 *   GET /ogc/collections                            the collections (staff ones with a session)
 *   GET /ogc/collections/{id}                       one collection's metadata (crs list, extent)
 *   GET /ogc/collections/{id}/items                 features: bbox, bbox-crs, limit, cursor
 *                                                   (the `next` link), datetime, crs, filters
 *   GET /ogc/collections/{id}/items/{featureId}     one feature
 * Public collections answer anyone with what the public API shows; a staff collection needs a
 * staff session (token header, as /api). Errors are the platform's JSON error (code, msg) with
 * the HTTP status: 400 for a bad parameter, 404 for an unknown collection or feature.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { roleMay } from '@land/shared/roles';
import { sessionPolicy, type AppContext } from '../context';
import type { AnyDb } from '../entities/repository';
import { parseInput } from '../lib/call';
import { forbidden, notFound, validationError } from '../lib/errors';
import { staffGuard, tokenOf } from '../plugins/auth';
import { COLLECTIONS, collectionById, type Collection } from '../services/ogc/collections';
import { CRS84, SUPPORTED_CRS, outputCrs, parseBbox, transformGeometry } from '../services/ogc/crs';
import type { TileService } from '../services/tiles/tiles';

const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
];

const JSON_TYPE = 'application/json';
const GEOJSON_TYPE = 'application/geo+json';
const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

export const DEFAULT_LIMIT = 10;
/** The largest limit accepted; a page holds at most PAGE_LIMIT features (a `next` link follows). */
export const MAX_LIMIT = 10_000;
export const PAGE_LIMIT = 1000;

/** PostgreSQL refuses NUL in text with an error; no stored value holds one. */
const hasNul = (v: string) => v.includes('\u0000');
const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, message)
    .refine((v) => !hasNul(v), message)
    .optional();

const BASE_QUERY = {
  f: z.enum(['json', 'geojson'], { error: 'f 只能是 json 或 geojson' }).optional(),
  limit: z
    .string({ error: 'limit 应为1到10000之间的整数' })
    .regex(/^\d{1,6}$/, 'limit 应为1到10000之间的整数')
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_LIMIT, 'limit 应为1到10000之间的整数')
    .optional(),
  bbox: text(200, 'bbox 参数不正确'),
  'bbox-crs': text(200, 'bbox-crs 参数不正确'),
  crs: text(200, 'crs 参数不正确'),
  datetime: text(100, 'datetime 参数不正确'),
  cursor: text(2000, '翻页游标不正确'),
};

/** The query a collection's items accept: unknown parameters are refused (OGC /req/core/query-param-unknown). */
function itemsSchema(c: Collection) {
  const filters = Object.fromEntries(Object.keys(c.filters).map((f) => [f, text(60, `${f} 参数不正确`)]));
  return z.strictObject({ ...BASE_QUERY, ...filters }, { error: (issue) => (issue.code === 'unrecognized_keys' ? `不支持的查询参数：${issue.keys.join('、')}` : undefined) });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** One end of a datetime value as an ISO instant; a date alone is the start (or end) of its day. */
function instant(value: string, end: boolean): string | undefined {
  if (value === '' || value === '..') return undefined;
  const bad = () => validationError('datetime', 'datetime 应为 RFC 3339 时间（如 2024-05-01T00:00:00Z）、日期或区间（起/止，开放端用 ..）');
  if (ISO_DATE.test(value)) {
    const d = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw bad();
    return end ? new Date(d.getTime() + 86_400_000 - 1).toISOString() : d.toISOString();
  }
  if (!ISO_DATETIME.test(value)) throw bad();
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw bad();
  return d.toISOString();
}

export function parseDatetime(value: string | undefined): { from?: string; to?: string } {
  if (!value) return {};
  const parts = value.split('/');
  if (parts.length > 2) throw validationError('datetime', 'datetime 区间只能有一个 /');
  if (parts.length === 1) return { from: instant(parts[0], false), to: instant(parts[0], true) };
  const from = instant(parts[0], false);
  const to = instant(parts[1], true);
  if (from && to && from > to) throw validationError('datetime', 'datetime 区间的开始晚于结束');
  return { from, to };
}

function baseUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

function send(reply: FastifyReply, type: string, body: unknown) {
  return reply.type(type).send(JSON.stringify(body));
}

/**
 * Public GIS data may be read by web maps on other sites (MapLibre, OpenLayers). No header is
 * allowed cross-site, so a browser never sends a staff token from another origin.
 */
export function anyOrigin(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*');
}

export interface OgcOptions {
  /** The tile service, for the parcels' extent (cached per layer version). */
  tiles: TileService;
}

export function registerOgcRoutes(app: FastifyInstance, ctx: AppContext, options: OgcOptions): void {
  const staffDb = ctx.db as unknown as AnyDb;
  const publicDb = (ctx.readDb ?? ctx.db) as unknown as AnyDb;
  const guard = staffGuard(ctx.db, sessionPolicy(ctx.config));
  const dbOf = (c: Collection) => (c.staff ? staffDb : publicDb);

  /** A staff collection needs a staff session that may read; public ones answer anyone. */
  async function collectionFor(req: FastifyRequest, id: string): Promise<Collection> {
    const c = collectionById(id);
    if (!c) throw notFound(`要素集合不存在：${id.slice(0, 60)}`);
    if (c.staff) {
      await guard(req);
      if (!req.staff || !roleMay(req.staff.role, 'read')) throw forbidden('需要后台用户登录');
    }
    return c;
  }

  /** The collections this request may see: staff ones only with a valid session. */
  async function visibleCollections(req: FastifyRequest): Promise<Collection[]> {
    if (tokenOf(req)) await guard(req);
    const staff = !!req.staff && roleMay(req.staff.role, 'read');
    return COLLECTIONS.filter((c) => !c.staff || staff);
  }

  async function extentOf(c: Collection): Promise<number[] | null> {
    if (c.id === 'parcels' || c.id === 'staffParcels') return options.tiles.parcelExtent(c.staff ? 'staff' : 'public');
    return null;
  }

  async function describe(req: FastifyRequest, c: Collection) {
    const base = `${baseUrl(req)}/ogc/collections/${c.id}`;
    const extent = await extentOf(c);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      itemType: 'feature',
      crs: SUPPORTED_CRS,
      storageCrs: CRS84,
      ...(extent && { extent: { spatial: { bbox: [extent], crs: CRS84 } } }),
      links: [
        { href: base, rel: 'self', type: JSON_TYPE, title: c.title },
        { href: `${base}/items`, rel: 'items', type: GEOJSON_TYPE, title: `${c.title}（GeoJSON）` },
      ],
    };
  }

  const schema = (summary: string) => ({ schema: { summary, tags: ['OGC API – Features'] } });

  app.get('/ogc', schema('OGC API – Features 首页'), async (req, reply) => {
    const base = `${baseUrl(req)}/ogc`;
    return send(anyOrigin(reply), JSON_TYPE, {
      title: '开发区土地信息平台 OGC API – Features',
      description: '已发布地块、片区、供地计划、存量土地的要素服务（GeoJSON；CRS84、CGCS2000 EPSG:4490 及高斯-克吕格投影）',
      links: [
        { href: base, rel: 'self', type: JSON_TYPE, title: '首页' },
        { href: `${base}/api`, rel: 'service-desc', type: OPENAPI_TYPE, title: 'OpenAPI 3.0 接口定义' },
        { href: `${baseUrl(req)}/docs`, rel: 'service-doc', type: 'text/html', title: '接口文档' },
        { href: `${base}/conformance`, rel: 'conformance', type: JSON_TYPE, title: '符合的标准类' },
        { href: `${base}/collections`, rel: 'data', type: JSON_TYPE, title: '要素集合' },
      ],
    });
  });

  app.get('/ogc/conformance', schema('OGC API – Features 符合的标准类'), async (_req, reply) => send(anyOrigin(reply), JSON_TYPE, { conformsTo: CONFORMANCE }));

  app.get('/ogc/api', schema('OGC API – Features 的 OpenAPI 3.0 定义'), async (req, reply) => send(anyOrigin(reply), OPENAPI_TYPE, openApiDocument(baseUrl(req))));

  app.get('/ogc/collections', schema('OGC API – Features 要素集合'), async (req, reply) => {
    const list = await visibleCollections(req);
    // The list depends on the session: shared caches keep one answer per token.
    reply.header('vary', 'token');
    return send(list.some((c) => c.staff) ? reply : anyOrigin(reply), JSON_TYPE, {
      links: [{ href: `${baseUrl(req)}/ogc/collections`, rel: 'self', type: JSON_TYPE, title: '要素集合' }],
      collections: await Promise.all(list.map((c) => describe(req, c))),
    });
  });

  app.get<{ Params: { collectionId: string } }>('/ogc/collections/:collectionId', schema('OGC API – Features 要素集合信息'), async (req, reply) => {
    const c = await collectionFor(req, req.params.collectionId);
    return send(c.staff ? reply : anyOrigin(reply), JSON_TYPE, await describe(req, c));
  });

  app.get<{ Params: { collectionId: string } }>('/ogc/collections/:collectionId/items', schema('OGC API – Features 要素（分页、bbox、datetime、crs、属性筛选）'), async (req, reply) => {
    const c = await collectionFor(req, req.params.collectionId);
    const query = parseInput(itemsSchema(c), req.query ?? {}) as Record<string, unknown> & z.output<z.ZodObject<typeof BASE_QUERY>>;
    const crs = outputCrs(query.crs);
    const box = parseBbox(query.bbox, query['bbox-crs']);
    const { from, to } = parseDatetime(query.datetime);
    if ((from || to) && !c.temporal) throw validationError('datetime', `要素集合 ${c.id} 没有时间属性，不能按 datetime 筛选`);
    const filters: Record<string, string> = {};
    for (const f of Object.keys(c.filters)) if (typeof query[f] === 'string' && query[f] !== '') filters[f] = query[f] as string;
    const limit = Math.min(query.limit ?? DEFAULT_LIMIT, PAGE_LIMIT);
    const page = await c.items(dbOf(c), ctx.dialect, { limit, cursor: query.cursor, bbox: box, from, to, filters });

    const url = new URL(`${baseUrl(req)}${req.url}`);
    const self = url.toString();
    const links: Record<string, string>[] = [{ href: self, rel: 'self', type: GEOJSON_TYPE, title: '本页' }];
    if (page.nextCursor) {
      url.searchParams.set('cursor', page.nextCursor);
      links.push({ href: url.toString(), rel: 'next', type: GEOJSON_TYPE, title: '下一页' });
    }
    links.push({ href: `${baseUrl(req)}/ogc/collections/${c.id}`, rel: 'collection', type: JSON_TYPE, title: c.title });
    reply.header('content-crs', `<${crs.uri}>`);
    if (c.staff) reply.header('cache-control', 'private, no-store');
    else anyOrigin(reply);
    return send(reply, GEOJSON_TYPE, {
      type: 'FeatureCollection',
      features: page.features.map((f) => ({ ...f, geometry: f.geometry && transformGeometry(f.geometry, crs) })),
      timeStamp: new Date().toISOString(),
      ...(page.numberMatched !== undefined && { numberMatched: page.numberMatched }),
      numberReturned: page.features.length,
      links,
    });
  });

  app.get<{ Params: { collectionId: string; featureId: string } }>(
    '/ogc/collections/:collectionId/items/:featureId',
    schema('OGC API – Features 单个要素'),
    async (req, reply) => {
      const c = await collectionFor(req, req.params.collectionId);
      const query = parseInput(z.strictObject({ f: BASE_QUERY.f, crs: BASE_QUERY.crs }), req.query ?? {});
      const crs = outputCrs(query.crs);
      const id = req.params.featureId;
      const found = id.length <= 64 && !hasNul(id) ? await c.item(dbOf(c), id) : undefined;
      if (!found) throw notFound(c.staff ? '地块不存在' : '要素不存在或未公开');
      const base = `${baseUrl(req)}/ogc/collections/${c.id}`;
      reply.header('content-crs', `<${crs.uri}>`);
      if (c.staff) reply.header('cache-control', 'private, no-store');
      else anyOrigin(reply);
      return send(reply, GEOJSON_TYPE, {
        ...found,
        geometry: found.geometry && transformGeometry(found.geometry, crs),
        links: [
          { href: `${base}/items/${encodeURIComponent(found.id)}`, rel: 'self', type: GEOJSON_TYPE, title: '本要素' },
          { href: base, rel: 'collection', type: JSON_TYPE, title: c.title },
        ],
      });
    },
  );
}

/** The OpenAPI 3.0 document of the /ogc paths (oas30 conformance class). */
export function openApiDocument(base: string): Record<string, unknown> {
  const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });
  const json = (description: string, type = JSON_TYPE) => ({ description, content: { [type]: { schema: { type: 'object' } } } });
  const errors = { '400': json('参数不正确（code、msg）'), '404': json('要素集合或要素不存在') };
  const staffErrors = { '401': json('需要后台用户登录'), '403': json('没有权限') };
  const paths: Record<string, unknown> = {
    '/ogc': { get: { summary: '首页', operationId: 'getLandingPage', responses: { '200': json('首页') } } },
    '/ogc/conformance': { get: { summary: '符合的标准类', operationId: 'getConformance', responses: { '200': json('conformsTo') } } },
    '/ogc/api': { get: { summary: '本接口定义', operationId: 'getApi', responses: { '200': json('OpenAPI 3.0', OPENAPI_TYPE) } } },
    '/ogc/collections': { get: { summary: '要素集合', operationId: 'getCollections', responses: { '200': json('要素集合') } } },
  };
  for (const c of COLLECTIONS) {
    const security = c.staff ? { security: [{ token: [] }] } : {};
    const extra = c.staff ? staffErrors : {};
    paths[`/ogc/collections/${c.id}`] = {
      get: { summary: `${c.title}：集合信息`, operationId: `describe_${c.id}`, ...security, responses: { '200': json('集合信息'), ...errors, ...extra } },
    };
    const filterParams = Object.entries(c.filters).map(([name, description]) => ({ name, in: 'query', required: false, description, schema: { type: 'string' }, style: 'form', explode: false }));
    paths[`/ogc/collections/${c.id}/items`] = {
      get: {
        summary: `${c.title}：要素`,
        description: c.description,
        operationId: `getFeatures_${c.id}`,
        ...security,
        parameters: [ref('limit'), ref('bbox'), ref('bbox-crs'), ref('crs'), ref('cursor'), ...(c.temporal ? [ref('datetime')] : []), ...filterParams],
        responses: { '200': json('GeoJSON 要素集合', GEOJSON_TYPE), ...errors, ...extra },
      },
    };
    paths[`/ogc/collections/${c.id}/items/{featureId}`] = {
      get: {
        summary: `${c.title}：单个要素`,
        operationId: `getFeature_${c.id}`,
        ...security,
        parameters: [ref('featureId'), ref('crs')],
        responses: { '200': json('GeoJSON 要素', GEOJSON_TYPE), ...errors, ...extra },
      },
    };
  }
  const crsSchema = { type: 'string', format: 'uri', enum: SUPPORTED_CRS, default: CRS84 };
  return {
    openapi: '3.0.3',
    info: { title: '开发区土地信息平台 OGC API – Features', version: '1.0.0', description: '公开集合无需登录；后台集合（staffParcels）需要请求头 token' },
    servers: [{ url: base }],
    paths,
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      parameters: {
        limit: {
          name: 'limit',
          in: 'query',
          required: false,
          description: `每页要素数；每页最多 ${PAGE_LIMIT} 个，其余经 next 链接翻页`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
          style: 'form',
          explode: false,
        },
        bbox: {
          name: 'bbox',
          in: 'query',
          required: false,
          description: '范围：最小x,最小y,最大x,最大y（坐标轴顺序按 bbox-crs；默认 CRS84 经度,纬度）；按要素外包框相交筛选',
          schema: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
          style: 'form',
          explode: false,
        },
        'bbox-crs': { name: 'bbox-crs', in: 'query', required: false, description: 'bbox 的坐标参考系', schema: crsSchema, style: 'form', explode: false },
        crs: { name: 'crs', in: 'query', required: false, description: '返回几何的坐标参考系（响应头 Content-Crs）', schema: crsSchema, style: 'form', explode: false },
        datetime: {
          name: 'datetime',
          in: 'query',
          required: false,
          description: '时间或区间（RFC 3339；起/止，开放端 ..）',
          schema: { type: 'string' },
          style: 'form',
          explode: false,
        },
        cursor: { name: 'cursor', in: 'query', required: false, description: '翻页游标（由 next 链接给出）', schema: { type: 'string' }, style: 'form', explode: false },
        featureId: { name: 'featureId', in: 'path', required: true, description: '要素 id', schema: { type: 'string' } },
      },
    },
  };
}
