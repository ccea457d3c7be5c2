import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import { entityByName } from '@land/shared/entities/index';
import { PLACE_TYPES } from '@land/shared/entities/parcelDistance';
import { FACILITY_TYPES } from '@land/shared/entities/parcelFacility';
import type { Position } from '@land/shared/geo/index';
import { round } from '@land/shared/helpers';
import { deleteByIds, saveRecord } from '../../entities/routes';
import { findById, type AnyDb, type Row } from '../../entities/repository';
import { AppError, notFound, validationError } from '../../lib/errors';
import { PacedRequests } from './sequence';
import type { DrivingRoute, MapsService, Poi } from './types';

/**
 * Who auto-filled rows are saved as. A row still created and last updated by it was filled by
 * the service and is replaced by the next fill; one a person has edited since is theirs and
 * stays. (The record's own bookkeeping columns carry this, so no schema change is needed.)
 */
export const AUTO_FILL_ACTOR = 'auto:maps';

/** How far around the parcel facilities are looked for, and how many of each kind are kept. */
export const FACILITY_RADIUS_M = 3000;
export const FACILITIES_PER_TYPE = 3;
/** Key places (airport, station, port…) are looked for this far away: the around search's maximum. */
export const PLACE_RADIUS_M = 50_000;
/** Key places a distance is measured to; school and hospital are covered by the surroundings. */
const DISTANCE_PLACES = PLACE_TYPES.filter((p) => !FACILITY_TYPES.some((f) => f.value === p.value));

export interface FillResult {
  source: MapsService['source'];
  /** requests made and how many failed (a failed one leaves its part empty) */
  requests: number;
  failed: number;
  facilities: Row[];
  distances: Row[];
  /** auto-filled rows of the previous fill that were replaced */
  replaced: number;
}

/**
 * Remote services are asked by one fill at a time: two staff clicking at once would otherwise
 * interleave their requests closer than the 350 ms the service allows.
 */
let remoteLane: Promise<unknown> = Promise.resolve();

function inRemoteLane<T>(fn: () => Promise<T>): Promise<T> {
  const result = remoteLane.catch(() => undefined).then(fn);
  remoteLane = result;
  return result;
}

function clip(s: string, max: number): string {
  return [...s.trim()].slice(0, max).join('');
}

/** The parcel's surroundings and key-place distances from the service, without writing anything. */
async function lookUp(service: MapsService, center: Position, log: Pick<FastifyBaseLogger, 'warn'>) {
  const paced = new PacedRequests(service.remote ? undefined : 0, log);
  let requests = 0;
  const ask = <T>(fn: () => Promise<T>) => {
    requests++;
    return paced.run(fn);
  };
  const facilities: { type: string; pois: Poi[] | null }[] = [];
  for (const t of FACILITY_TYPES) {
    facilities.push({ type: t.value, pois: await ask(() => service.aroundSearch(center, { types: [t.value], radius: FACILITY_RADIUS_M, limit: FACILITIES_PER_TYPE })) });
  }
  const places: { type: string; label: string; poi: Poi; route: DrivingRoute | null }[] = [];
  const nearest: { type: string; label: string; poi: Poi }[] = [];
  for (const p of DISTANCE_PLACES) {
    const found = await ask(() => service.aroundSearch(center, { types: [p.value], radius: PLACE_RADIUS_M, limit: 1 }));
    if (found?.[0]) nearest.push({ type: p.value, label: p.label, poi: found[0] });
  }
  for (const n of nearest) {
    places.push({ ...n, route: await ask(() => service.drivingRoute(center, [n.poi.lon, n.poi.lat])) });
  }
  return { facilities, places, requests, failed: paced.failures };
}

async function autoRows(trx: AnyDb, table: string, dkid: string): Promise<{ auto: string[]; manualNames: Set<string> }> {
  const rows = (await trx.selectFrom(table).select(['id', 'createdBy', 'updatedBy', table === 't_distance' ? 'placeName as name' : 'name']).where('dkid', '=', dkid).execute()) as Row[];
  const auto = rows.filter((r) => r.createdBy === AUTO_FILL_ACTOR && r.updatedBy === AUTO_FILL_ACTOR).map((r) => String(r.id));
  const manualNames = new Set(rows.filter((r) => !auto.includes(String(r.id))).map((r) => String(r.name)));
  return { auto, manualNames };
}

/**
 * Fills a parcel's surrounding facilities (tLandzbpt) and key-place distances (tDistance) from
 * the maps service in one go: the requests first (paced, a failed one leaves its part out),
 * then, in one transaction, the previous auto-filled rows are replaced by the new ones through
 * the engine's write path. Rows a person entered or edited are kept, and a place they already
 * list by name is not added again.
 */
export async function fillSurroundings(db: AnyDb, service: MapsService, dkid: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<FillResult> {
  const parcelDef = entityByName('tLandinfo')!;
  const facilityDef = entityByName('tLandzbpt')!;
  const distanceDef = entityByName('tDistance')!;
  const parcel = await findById(db, parcelDef, dkid);
  if (!parcel) throw notFound('地块不存在或已删除');
  const lon = Number(parcel.centerLon);
  const lat = Number(parcel.centerLat);
  if (parcel.centerLon === null || parcel.centerLat === null || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    throw validationError('dkid', '地块还没有边界（中心点），无法查询周边配套；请先绘制或导入地块边界');
  }
  const center: Position = [lon, lat];

  const run = () => lookUp(service, center, log);
  const found = service.remote ? await inRemoteLane(run) : await run();
  if (found.requests > 0 && found.failed === found.requests) {
    throw new AppError(ERROR_CODES.SERVER_ERROR, '地图服务请求全部失败，周边配套未更新；请检查地图服务配置后重试', 502);
  }

  return db.transaction().execute(async (trx) => {
    const oldFacilities = await autoRows(trx, facilityDef.table, dkid);
    const oldDistances = await autoRows(trx, distanceDef.table, dkid);
    let replaced = 0;
    if (oldFacilities.auto.length) replaced += await deleteByIds(trx, facilityDef, oldFacilities.auto, AUTO_FILL_ACTOR);
    if (oldDistances.auto.length) replaced += await deleteByIds(trx, distanceDef, oldDistances.auto, AUTO_FILL_ACTOR);

    const facilities: Row[] = [];
    let order = 1;
    for (const group of found.facilities) {
      for (const poi of group.pois ?? []) {
        const name = clip(poi.name, 60);
        if (!name || oldFacilities.manualNames.has(name)) continue;
        const raw: Row = {
          dkid,
          facilityType: group.type,
          name,
          distanceM: Math.min(100_000, Math.max(0, poi.distanceM ?? 0)),
          address: clip(poi.address, 200),
          lon: round(poi.lon, 6),
          lat: round(poi.lat, 6),
          displayorder: order++,
        };
        facilities.push(await saveRecord(trx, facilityDef, raw, AUTO_FILL_ACTOR, 'create'));
      }
    }
    const distances: Row[] = [];
    order = 1;
    for (const p of found.places) {
      const name = clip(p.poi.name, 60);
      if (!name || oldDistances.manualNames.has(name)) continue;
      // Without a route (the request failed) the straight line stands in, marked by no drive time.
      const km = p.route ? p.route.distanceM / 1000 : (p.poi.distanceM ?? 0) / 1000;
      const raw: Row = {
        dkid,
        placeName: name,
        placeType: p.type,
        distanceKm: Math.min(2000, round(km, 1)),
        driveMinutes: p.route ? Math.min(1440, Math.max(1, Math.round(p.route.durationS / 60))) : '',
        lon: round(p.poi.lon, 6),
        lat: round(p.poi.lat, 6),
        displayorder: order++,
      };
      distances.push(await saveRecord(trx, distanceDef, raw, AUTO_FILL_ACTOR, 'create'));
    }
    return { source: service.source, requests: found.requests, failed: found.failed, facilities, distances, replaced };
  });
}
