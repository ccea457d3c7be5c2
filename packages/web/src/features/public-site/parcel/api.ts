/**
 * What a parcel's public detail page shows beyond the parcel record: matching (七通一平),
 * indicators, advantages, distances, surrounding facilities, pipe networks, panorama markers,
 * prices, the investment manual, transaction records and the district's contacts.
 */
import { queryOptions } from '@tanstack/react-query';
import { ERROR_CODES } from '@land/shared/api';
import { ApiError } from '../../../lib/request';
import { listOf, openPost, type Parcel, type PublicRecord } from '../../public-map/api';

export const parcelKeys = {
  all: (id: string) => ['public', 'parcelDetail', id] as const,
  part: (id: string, part: string) => ['public', 'parcelDetail', id, part] as const,
  compare: (ids: string[]) => ['public', 'compare', ids.join(',')] as const,
};

/** One optional section of the page: a failing or missing call shows as "no data", never breaks the page. */
async function quietly<T>(load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch {
    return fallback;
  }
}

export type Row = PublicRecord;

/** getLandInfoById: every public field, names of district / street / class, indicators, advantages, latest transaction. */
export interface ParcelDetail extends Parcel {
  jdname?: string | null;
  indicators?: Row[];
  advantages?: Row[];
  transaction?: Row | null;
  matching?: Row | null;
  [key: string]: unknown;
}

export const parcelDetailQuery = (id: string) =>
  queryOptions({
    queryKey: parcelKeys.all(id),
    // Not found (or not published) is an answer the page shows, not an error to toast.
    queryFn: async ({ signal }) => {
      try {
        return await openPost<ParcelDetail | null>('getLandInfoById', { dkid: id }, signal);
      } catch (error) {
        if (error instanceof ApiError && (error.code === ERROR_CODES.NOT_FOUND || error.status === 404)) return null;
        throw error;
      }
    },
    retry: false,
  });

/** getLandInfoAndMatchingById: {landInfo, matching}; the page needs the 七通一平 record. */
export const matchingQuery = (id: string) =>
  queryOptions({
    queryKey: parcelKeys.part(id, 'matching'),
    queryFn: ({ signal }) =>
      quietly(async () => {
        const data = await openPost<{ matching?: Row | null } | null>('getLandInfoAndMatchingById', { dkid: id }, signal);
        return data?.matching ?? null;
      }, null as Row | null),
  });

const listCall = (id: string, part: string, path: string, body: object) =>
  queryOptions({
    queryKey: parcelKeys.part(id, part),
    queryFn: ({ signal }) => quietly(async () => listOf<Row>(await openPost<unknown>(path, body, signal)), [] as Row[]),
  });

export const distancesQuery = (id: string) => listCall(id, 'distances', 'getDistanceByDkId', { dkid: id });
export const facilitiesQuery = (id: string) => listCall(id, 'facilities', 'getLandZbptByDkId', { dkid: id });
export const pipesQuery = (id: string) => listCall(id, 'pipes', 'selectPipeNetworkByDkId', { dkid: id });
export const markersQuery = (id: string) => listCall(id, 'markers', 'getPhotoSphereMarkerListById', { dkid: id });
/** Every transaction record of the parcel (listing and deal), newest first. */
export const transactionsQuery = (id: string) =>
  queryOptions({
    queryKey: parcelKeys.part(id, 'transactions'),
    queryFn: ({ signal }) =>
      quietly(async () => listOf<Row>(await openPost<unknown>('selectLandJystByPage', { dkid: id, pageNo: 1, pageSize: 20 }, signal)), [] as Row[]),
  });

export const pricesQuery = (id: string) =>
  queryOptions({
    queryKey: parcelKeys.part(id, 'prices'),
    queryFn: ({ signal }) =>
      quietly(
        async () =>
          listOf<Row>(
            await openPost<unknown>('selectDkxqByPage', { dkid: id, pageNo: 1, pageSize: 50 }, signal),
          ),
        [] as Row[],
      ),
  });

export const manualQuery = (id: string) =>
  queryOptions({
    queryKey: parcelKeys.part(id, 'manual'),
    queryFn: ({ signal }) => quietly(() => openPost<Row | null>('getByDkid', { dkid: id }, signal), null),
  });

export const contactsQuery = (areacode: string) =>
  queryOptions({
    queryKey: ['public', 'contacts', areacode],
    queryFn: ({ signal }) => quietly(async () => listOf<Row>(await openPost<unknown>('getInvestmentLinkList', { areacode }, signal)), [] as Row[]),
    staleTime: 5 * 60_000,
  });

/** Counts one view of the page (SPEC updateLandInfoVisitcount); the answer is not needed. */
export async function countVisit(id: string): Promise<void> {
  try {
    await openPost('updateLandInfoVisitcount', { dkid: id });
  } catch {
    // a lost count is not worth an error message
  }
}

/** selectDkids: several parcels at once, for the compare table. */
export const compareQuery = (ids: string[]) =>
  queryOptions({
    queryKey: parcelKeys.compare(ids),
    queryFn: async ({ signal }) => listOf<ParcelDetail>(await openPost<unknown>('selectDkids', { ids: ids.join(',') }, signal)),
  });
