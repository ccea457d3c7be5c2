/**
 * Concrete paths for the route patterns of packages/shared/src/routes.ts, with real ids taken from
 * a running server's public API: what the accessibility sweep and the layout test open.
 */
import { MANAGEMENT_BASE, MANAGEMENT_SCREENS, PUBLIC_ROUTES, TOP_LEVEL_ROUTES } from '@land/shared/routes';

export interface SampleRoute {
  /** The route pattern, absolute (e.g. '/tzggDetail/:id'). */
  pattern: string;
  /** The concrete path opened. */
  path: string;
  kind: 'management' | 'public' | 'top';
}

/** A parameter value for each parameterised pattern (keys as the patterns are written in routes.ts). */
export type SampleIds = Record<string, string>;

async function openApi<T>(url: string, name: string, query: Record<string, string> = {}): Promise<T[]> {
  const res = await fetch(`${url}/openApi/${name}?${new URLSearchParams(query)}`);
  const body = (await res.json()) as { code: string; data: T[] | { list?: T[]; records?: T[] } };
  if (body.code !== '200') throw new Error(`openApi/${name} answered ${body.code}`);
  const d = body.data;
  return Array.isArray(d) ? d : (d.list ?? d.records ?? []);
}

/** Real ids from the demo data of the server at `url`. */
export async function sampleIds(url: string): Promise<SampleIds & { parcel: string }> {
  const parcels = await openApi<{ id: string }>(url, 'selectLandInfoList');
  const parcel = parcels[0].id;
  const listed = (await openApi<{ id: string }>(url, 'selectLandInfoByMoreGG', { pageNo: '1', pageSize: '1' }))[0]?.id ?? parcel;
  const dealt = (await openApi<{ id: string }>(url, 'selectLandInfosJyxt', { pageNo: '1', pageSize: '1' }))[0]?.id ?? parcel;
  const notice = (await openApi<{ id: string }>(url, 'getTzggList', { limit: '1' }))[0].id;
  const event = (await openApi<{ id: string }>(url, 'selectZshdByPage', { pageNo: '1', pageSize: '1' }))[0].id;
  const market = (await openApi<{ id: string }>(url, 'selectSecondMarketByPage', { pageNo: '1', pageSize: '1' }))[0].id;
  const district = (await openApi<{ areaname: string }>(url, 'getTAreaByPageList', { pageNo: '1', pageSize: '1' }))[0].areaname;
  return {
    parcel,
    'editZshd/:id': event,
    'mapMoreDetails/:id': parcel,
    'gkzzMoreDetails/:id': parcel,
    'mapMoreGpggDetails/:id': listed,
    'landTransactionDetails/:id': dealt,
    'tzggDetail/:id': notice,
    'plotContrastTable/:plotList': parcels.slice(0, 2).map((p) => p.id).join(','),
    'pqPositionDetail/:name': encodeURIComponent(district),
    'search/:searchValue': encodeURIComponent('地块'),
    'secondMarketDetail/:id': market,
    '/mobileMoreDetails/:id': parcel,
    '/xcxmobileMoreDetails/:id': parcel,
    '/mobileTzggDetail/:id': notice,
  };
}

function concrete(pattern: string, ids: SampleIds): string {
  if (!pattern.includes(':')) return pattern;
  const value = ids[pattern];
  if (value === undefined) throw new Error(`no sample id for the route ${pattern}`);
  return pattern.replace(/:[A-Za-z]+$/, value);
}

/** Every SPA route of SPEC §2 (and the screens added to it), with a concrete path. */
export function sampleRoutes(ids: SampleIds): SampleRoute[] {
  return [
    ...MANAGEMENT_SCREENS.map((s): SampleRoute => ({ pattern: `${MANAGEMENT_BASE}/${s.path}`, path: `${MANAGEMENT_BASE}/${concrete(s.path, ids)}`, kind: 'management' })),
    ...PUBLIC_ROUTES.map((r): SampleRoute => ({ pattern: `/${r.path}`, path: `/${concrete(r.path, ids)}`, kind: 'public' })),
    ...TOP_LEVEL_ROUTES.map((r): SampleRoute => ({ pattern: r, path: concrete(r, ids), kind: 'top' })),
  ];
}

/** Phone pages among the top-level routes (opened at a phone's width by the sweep). */
export const isPhoneRoute = (pattern: string): boolean => pattern.startsWith('/mobile') || pattern.startsWith('/xcx');
