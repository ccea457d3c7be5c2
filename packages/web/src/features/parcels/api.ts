/**
 * The parcel calls beyond the standard set (SPEC §7 /api/tLandinfo…, /api/tLandmatching…,
 * /api/tDkzssc…, /openApi/ConvertController/fileToGeoJson) and the queries of a parcel's
 * supporting records. The standard calls go through the entity engine's helpers.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PageResult, QueryCondition } from '@land/shared';
import { areaEntity } from '@land/shared/entities/area';
import { landTransactionEntity } from '@land/shared/entities/landTransaction';
import { parcelEntity } from '@land/shared/entities/parcel';
import { parcelTakeDownEntity } from '@land/shared/entities/parcelTakeDown';
import type { EntityDef } from '@land/shared/entity';
import type { ParcelGeometry } from '@land/shared/geo/types';
import type { ParcelLogRow, ParcelOverlap, TransitionRequest } from '@land/shared/lifecycle';
import type { Settings } from '@land/shared/settings';
import type { EntityRecord } from '../entities/api';
import { callName, entityKeys, entityOptionsQuery } from '../entities/api';
import { ApiError, post, postJson, postMultipart } from '../../lib/request';

export type { ParcelLogRow, ParcelOverlap, TransitionRequest };

export const PARCEL = parcelEntity;

/** Every cached parcel query (lists, records, neighbours) starts with this key. */
export const parcelKeysAll = entityKeys.all(PARCEL.name);

/** Moves parcels through the lifecycle, all or none; answers the parcels as they are now. */
export async function transitionParcels(request: TransitionRequest): Promise<EntityRecord[]> {
  return (await postJson<{ list: EntityRecord[]; total: number }>('/api/tLandinfo/transition', request)).data.list;
}

export function parcelLogQuery(dkid: string) {
  return queryOptions({
    queryKey: [...parcelKeysAll, 'log', dkid] as const,
    queryFn: async ({ signal }) => (await post<ParcelLogRow[]>('/api/tLandinfo/selectLogByDkid', { dkid }, { signal })).data,
    staleTime: 0,
  });
}

// ------------------------------------------------------------------ overlaps

export interface OverlapAnswer {
  list: ParcelOverlap[];
  total: number;
  /** The system setting 地块重叠容差 (㎡). */
  toleranceM2: number;
}

/** Published, listed or dealt: publishing over it beyond the tolerance needs a reason. */
export const isOfferedParcel = (o: Pick<ParcelOverlap, 'status' | 'tradeState'>) => o.status === 'published' || o.tradeState === 'listed' || o.tradeState === 'deal';

/** The parcels a boundary overlaps (the parcel `id` itself left out); by id alone its stored boundary. */
export function parcelOverlapsQuery(input: { id?: string; geometry?: ParcelGeometry | null }) {
  return queryOptions({
    queryKey: [...parcelKeysAll, 'overlaps', input.id ?? '', input.geometry ? JSON.stringify(input.geometry) : ''] as const,
    queryFn: async ({ signal }) => (await postJson<OverlapAnswer>('/api/tLandinfo/selectOverlaps', input, { signal })).data,
    enabled: Boolean(input.geometry || input.id),
    staleTime: 0,
  });
}

// ------------------------------------------------------------------ supporting records

/** Cache key of one parcel's records of a supporting entity; under the entity's own key, so its saves refresh it. */
export const ofParcelKey = (def: EntityDef, dkid: string) => [...entityKeys.all(def.name), 'ofParcel', dkid] as const;

/** A parcel's records of a supporting entity, through the entity's unpaged call ({dkid}). */
export function recordsOfParcelQuery(def: EntityDef, dkid: string) {
  const name = callName(def, 'obj');
  return queryOptions({
    queryKey: ofParcelKey(def, dkid),
    queryFn: async ({ signal }) => {
      if (name) return (await post<EntityRecord[]>(`/api/${def.name}/${name}`, { dkid }, { signal })).data;
      const page = await post<PageResult<EntityRecord>>(
        `/api/${def.name}/${callName(def, 'page')}`,
        { pageNo: 0, pageSize: 0, params: [{ column: 'dkid', type: 'eq', val: dkid }] },
        { signal },
      );
      return page.data.list;
    },
    staleTime: 0,
  });
}

/** 七通一平 of a parcel (one record), from getLandInfoAndMatchingById. */
export function matchingOfParcelQuery(def: EntityDef, dkid: string) {
  return queryOptions({
    queryKey: [...ofParcelKey(def, dkid), 'one'] as const,
    queryFn: async ({ signal }) =>
      (await post<{ landInfo: EntityRecord; matching: EntityRecord | null }>('/api/tLandmatching/getLandInfoAndMatchingById', { id: dkid }, { signal }))
        .data.matching,
    staleTime: 0,
  });
}

/** The query of a supporting record a parcel has one of. */
export type OneRecordQuery = ReturnType<typeof matchingOfParcelQuery>;

/** The parcel's investment manual (one record), from getByDkid. */
export function manualOfParcelQuery(def: EntityDef, dkid: string) {
  return queryOptions({
    queryKey: [...ofParcelKey(def, dkid), 'one'] as const,
    queryFn: async ({ signal }) => (await post<EntityRecord | null>('/api/tDkzssc/getByDkid', { dkid }, { signal })).data,
    staleTime: 0,
  });
}

/** Saves a parcel's planning indicators in one transaction (rows with id are updated). */
export async function saveIndicators(dkid: string, list: Record<string, unknown>[]): Promise<EntityRecord[]> {
  return (await postJson<{ list: EntityRecord[]; total: number }>('/api/tYdzb/batchAddOrUpdate', { dkid, list })).data.list;
}

export interface MarkerRecord extends EntityRecord {
  markerId: string;
  title: string;
  content?: string | null;
  yaw: number;
  pitch: number;
}

export const markersKey = (dkid: string) => [...entityKeys.all('tPhotoSphereMarker'), 'ofParcel', dkid] as const;

export function markersQuery(dkid: string) {
  return queryOptions({
    queryKey: markersKey(dkid),
    queryFn: async ({ signal }) => (await post<MarkerRecord[]>('/api/tLandinfo/selectListTphotoSphereMarker', { dkid }, { signal })).data,
    staleTime: 0,
  });
}

/** Replaces the parcel's panorama markers with `list` (an empty list clears them). */
export async function saveMarkers(dkid: string, list: Record<string, unknown>[]): Promise<MarkerRecord[]> {
  return (await postJson<{ list: MarkerRecord[] }>('/api/tLandinfo/addListTphotoSphereMarkers', { dkid, list })).data.list;
}

/** Records of several parcels at once (the rows of one list page), newest first. */
function recordsOfParcelsQuery(def: EntityDef, dkids: string[], extra: QueryCondition[], order: QueryCondition) {
  return queryOptions({
    queryKey: [...entityKeys.all(def.name), 'ofParcels', dkids, extra] as const,
    queryFn: async ({ signal }) =>
      (
        await post<PageResult<EntityRecord>>(
          `/api/${def.name}/${callName(def, 'page')}`,
          { pageNo: 0, pageSize: 0, params: [{ column: 'dkid', type: 'in', val: dkids }, ...extra, order] },
          { signal },
        )
      ).data.list,
    enabled: dkids.length > 0,
  });
}

export function takeDownsOfParcelsQuery(dkids: string[]) {
  return recordsOfParcelsQuery(parcelTakeDownEntity, dkids, [], { column: 'takenDownAt', type: 'orderDesc' });
}

export function transactionsOfParcelsQuery(dkids: string[], status?: string) {
  return recordsOfParcelsQuery(landTransactionEntity, dkids, status ? [{ column: 'status', type: 'eq', val: status }] : [], {
    column: 'listingStart',
    type: 'orderDesc',
  });
}

// ------------------------------------------------------------------ map context

/** Districts with their boundaries (tArea selectByObj): the offline basemap. */
export function districtsQuery() {
  return entityOptionsQuery(areaEntity);
}

export type LonLatExtent = [minLon: number, minLat: number, maxLon: number, maxLat: number];

/** Parcels whose bounding box meets the extent (at most 500): outlines around the one being edited. */
export function neighboursQuery(extent: LonLatExtent) {
  const [minLon, minLat, maxLon, maxLat] = extent.map((v) => Math.round(v * 1000) / 1000);
  return queryOptions({
    queryKey: [...parcelKeysAll, 'near', minLon, minLat, maxLon, maxLat] as const,
    queryFn: async ({ signal }) =>
      (
        await post<PageResult<EntityRecord>>(
          `/api/${PARCEL.name}/${callName(PARCEL, 'page')}`,
          {
            pageNo: 1,
            pageSize: 500,
            params: [
              { column: 'minLon', type: 'le', val: maxLon },
              { column: 'maxLon', type: 'ge', val: minLon },
              { column: 'minLat', type: 'le', val: maxLat },
              { column: 'maxLat', type: 'ge', val: minLat },
            ],
          },
          { signal },
        )
      ).data.list,
    staleTime: 30_000,
  });
}

export type MapSettings = Pick<Settings, 'mapCenterLon' | 'mapCenterLat' | 'mapZoom' | 'tileSourceType' | 'tileUrl' | 'tiandituKey'>;

/** The site's map settings (same cache entry as the configuration screen, so a save there shows here). */
export function mapSettingsQuery() {
  return queryOptions({
    queryKey: ['settings'] as const,
    queryFn: async ({ signal }) => (await post<Settings>('/api/config/get', {}, { signal })).data,
    select: (s): MapSettings => ({
      mapCenterLon: s.mapCenterLon,
      mapCenterLat: s.mapCenterLat,
      mapZoom: s.mapZoom,
      tileSourceType: s.tileSourceType,
      tileUrl: s.tileUrl,
      tiandituKey: s.tiandituKey,
    }),
    staleTime: 60_000,
  });
}

// ------------------------------------------------------------------ GIS files

export interface ConvertedFeature {
  type: 'Feature';
  id?: string | number;
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown> | null;
}

export interface ConvertResult {
  type: 'FeatureCollection';
  features: ConvertedFeature[];
  crs?: { epsg?: number | null; label?: string | null } | null;
  warnings?: string[];
  rejected?: { index?: number; message?: string; reason?: string }[];
  /** Self-intersecting boundaries repaired on request, with their areas before and after (m²). */
  repaired?: { index: number; problem: string; areaBefore: number; areaAfter: number }[];
}

/**
 * One way of reading a file's coordinates that the server offers when the file has no .prj or
 * its coordinates do not fit it: a coordinate system, X/Y as written or swapped, and where the
 * file's first point would land.
 */
export interface CrsReading {
  epsg: number;
  swapXY: boolean;
  label: string;
  lonLat: [number, number];
}

/** The readings a refused conversion offers, or null when it offers none. */
export function crsReadingsOf(error: unknown): CrsReading[] | null {
  if (!(error instanceof ApiError)) return null;
  const readings = (error.data as { crsReadings?: unknown } | null)?.crsReadings;
  return Array.isArray(readings) && readings.length > 0 ? (readings as CrsReading[]) : null;
}

/** Reads a zipped shapefile, GeoJSON or KML on the server, reprojected to lon-lat; `reading` overrides its coordinate system. */
export async function fileToGeoJson(
  file: File,
  reading?: Pick<CrsReading, 'epsg' | 'swapXY'>,
  options: { repair?: boolean; signal?: AbortSignal } = {},
): Promise<ConvertResult> {
  const data = new FormData();
  // The server reads the fields before the file.
  if (reading) {
    data.append('crs', String(reading.epsg));
    if (reading.swapXY) data.append('swapXY', '1');
  }
  if (options.repair) data.append('repair', '1');
  data.append('file', file);
  return (await postMultipart<ConvertResult>('/openApi/ConvertController/fileToGeoJson', data, { signal: options.signal })).data;
}

export type { ParcelGeometry };
