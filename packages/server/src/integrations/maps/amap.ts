import { gcj02ToWgs84, haversineMeters, wgs84ToGcj02, type Position } from '@land/shared/geo/index';
import { MapsServiceError, type DrivingRoute, type MapsService, type Poi, type PoiQuery } from './types';

export const AMAP_DEFAULT_BASE_URL = 'https://restapi.amap.com';

/**
 * Platform facility type → what the AMap web service searches for: POI type codes where the
 * classification has a class of its own, keywords where it does not (talent housing, highway
 * exits, the city centre). Kept as data so an administrator's correction is one line.
 */
export const AMAP_TYPE_QUERIES: Record<string, { types?: string; keywords?: string }> = {
  school: { types: '141200' },
  hospital: { types: '090100' },
  bus: { types: '150700' },
  metro: { types: '150500' },
  shopping: { types: '060100|060400' },
  bank: { types: '160100' },
  park: { types: '110101' },
  hotel: { types: '100100' },
  restaurant: { types: '050000' },
  talentHousing: { keywords: '人才公寓' },
  government: { types: '130100' },
  gasStation: { types: '010100' },
  airport: { types: '150104' },
  railway: { types: '150200' },
  highwayExit: { keywords: '高速出入口' },
  port: { keywords: '港口码头' },
  centre: { keywords: '人民政府' },
};

export interface AmapOptions {
  key: string;
  /** default https://restapi.amap.com; tests point it at a local fake */
  baseUrl?: string;
  /** per request; default 10 s */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface AmapPoi {
  name?: unknown;
  address?: unknown;
  location?: unknown;
  distance?: unknown;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** "lon,lat" with 6 decimals (about 0.1 m), as the service takes positions. */
function loc(p: Position): string {
  return `${p[0].toFixed(6)},${p[1].toFixed(6)}`;
}

function text(v: unknown): string {
  // The service answers an empty field as [] instead of "".
  return typeof v === 'string' ? v : '';
}

/**
 * Client of the AMap (高德) web service API v3: place/around, place/polygon and
 * direction/driving. AMap works in GCJ-02, so positions are converted on the way out and the
 * answers back to CGCS2000/WGS84 (gcj02ToWgs84 iterates to well under a millimetre).
 */
export class AmapMapsService implements MapsService {
  readonly source = 'amap' as const;
  readonly remote = true;
  private readonly base: string;
  private readonly key: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: AmapOptions) {
    if (!options.key) throw new MapsServiceError('未配置高德 Web 服务密钥');
    const base = options.baseUrl || AMAP_DEFAULT_BASE_URL;
    if (!/^https?:\/\/[^\s]+$/i.test(base)) throw new MapsServiceError(`地图服务地址不正确：${base}`);
    this.base = base.replace(/\/+$/, '');
    this.key = options.key;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchFn = options.fetch ?? fetch;
  }

  private async get(path: string, params: Record<string, string | undefined>): Promise<Record<string, unknown>> {
    const qs = new URLSearchParams({ key: this.key, output: 'JSON' });
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, v);
    const url = `${this.base}${path}?${qs.toString()}`;
    // The key never goes into messages or logs.
    const shown = `${this.base}${path}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new MapsServiceError(`地图服务无响应（${shown}）`);
      throw new MapsServiceError(`无法连接地图服务（${shown}）：${(err as Error)?.message ?? String(err)}`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new MapsServiceError(`地图服务返回错误（${shown}）：HTTP ${res.status}`);
    }
    let body: unknown;
    try {
      const raw = await res.text();
      if (raw.length > MAX_BODY_BYTES) throw new Error('too large');
      body = JSON.parse(raw);
    } catch {
      throw new MapsServiceError(`地图服务的响应无法读取（${shown}）`);
    }
    if (!body || typeof body !== 'object') throw new MapsServiceError(`地图服务的响应格式不正确（${shown}）`);
    const b = body as Record<string, unknown>;
    if (String(b.status) !== '1') throw new MapsServiceError(`地图服务拒绝了请求（${shown}）：${text(b.info) || '未知原因'}`);
    return b;
  }

  private pois(body: Record<string, unknown>, type: string | null, center: Position | null, limit: number): Poi[] {
    const list = Array.isArray(body.pois) ? (body.pois as AmapPoi[]) : [];
    const out: Poi[] = [];
    for (const p of list) {
      const m = /^\s*(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\s*$/.exec(text(p.location));
      if (!m || !text(p.name)) continue;
      const [lon, lat] = gcj02ToWgs84([Number(m[1]), Number(m[2])]);
      const distanceM = center ? Math.round(haversineMeters(center, [lon, lat])) : null;
      out.push({ name: text(p.name), type, address: text(p.address), lon, lat, distanceM });
      if (out.length >= limit) break;
    }
    return out;
  }

  private typeQuery(query: PoiQuery): { types?: string; keywords?: string; type: string | null } {
    const types = query.types ?? [];
    const mapped = types.map((t) => AMAP_TYPE_QUERIES[t]).filter((q): q is { types?: string; keywords?: string } => q !== undefined);
    const codes = mapped.map((q) => q.types).filter((x): x is string => !!x);
    const words = [query.keywords, ...mapped.map((q) => q.keywords)].filter((x): x is string => !!x);
    return { types: codes.join('|') || undefined, keywords: words.join('|') || undefined, type: types.length === 1 ? types[0] : null };
  }

  async aroundSearch(center: Position, query: PoiQuery): Promise<Poi[]> {
    const q = this.typeQuery(query);
    const limit = Math.min(query.limit ?? 20, 25);
    const body = await this.get('/v3/place/around', {
      location: loc(wgs84ToGcj02(center)),
      radius: String(Math.round(Math.min(50_000, Math.max(1, query.radius ?? 3000)))),
      types: q.types,
      keywords: q.keywords,
      sortrule: 'distance',
      offset: String(limit),
      page: '1',
      extensions: 'base',
    });
    return this.pois(body, q.type, center, limit);
  }

  async polygonSearch(polygon: Position[], query: PoiQuery): Promise<Poi[]> {
    const q = this.typeQuery(query);
    const limit = Math.min(query.limit ?? 20, 25);
    const body = await this.get('/v3/place/polygon', {
      polygon: polygon.map((p) => loc(wgs84ToGcj02(p))).join('|'),
      types: q.types,
      keywords: q.keywords,
      offset: String(limit),
      page: '1',
      extensions: 'base',
    });
    return this.pois(body, q.type, null, limit);
  }

  async drivingRoute(from: Position, to: Position): Promise<DrivingRoute> {
    const body = await this.get('/v3/direction/driving', {
      origin: loc(wgs84ToGcj02(from)),
      destination: loc(wgs84ToGcj02(to)),
      extensions: 'base',
    });
    const route = body.route as { paths?: { distance?: unknown; duration?: unknown }[] } | undefined;
    const path = route?.paths?.[0];
    const distanceM = Number(path?.distance);
    const durationS = Number(path?.duration);
    if (!Number.isFinite(distanceM) || !Number.isFinite(durationS)) throw new MapsServiceError('地图服务没有返回驾车路线');
    return { distanceM, durationS, estimated: false };
  }
}
