/**
 * The data of a parcel's public detail page (desktop and mobile), the view count and the compare
 * table.
 */
import { queryOptions } from '@tanstack/react-query';
import { isNotFound, keepQuiet } from '../../../lib/request';
import { listOf, openPost, type Parcel, type PublicRecord } from '../../public-map/api';

export const parcelKeys = {
  page: (id: string, nearby: number) => ['public', 'parcelDetail', id, 'page', nearby] as const,
  compare: (ids: string[]) => ['public', 'compare', ids.join(',')] as const,
};

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

/**
 * getLandInfoPageById: everything the detail page shows, in one answer: the parcel (as
 * getLandInfoById), 七通一平, distances, surrounding facilities, pipe networks, panorama markers,
 * the investment manual, prices, transaction records (newest first), the district's contacts
 * and, when asked for, the first parcels of the same district.
 */
export interface ParcelPageData {
  landInfo: ParcelDetail;
  matching: Row | null;
  distances: Row[];
  facilities: Row[];
  pipes: Row[];
  markers: Row[];
  manual: Row | null;
  prices: Row[];
  transactions: Row[];
  contacts: Row[];
  nearby?: Parcel[];
}

/**
 * The detail page's data in one call, so a page reached by client-side navigation gets it in one
 * round, as the server render does. `nearby` (0–20) adds that many parcels of the same district.
 */
export const parcelDetailPageQuery = (id: string, nearby = 0) =>
  queryOptions({
    queryKey: parcelKeys.page(id, nearby),
    // Not found (or not published) is an answer the page shows, not an error to toast.
    queryFn: async ({ signal }) => {
      try {
        return await openPost<ParcelPageData | null>('getLandInfoPageById', { dkid: id, ...(nearby ? { nearby } : {}) }, signal);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    retry: false,
  });

/** Counts one view of the page (SPEC updateLandInfoVisitcount); the answer is not needed. */
export async function countVisit(id: string): Promise<void> {
  try {
    await openPost('updateLandInfoVisitcount', { dkid: id });
  } catch (error) {
    // a lost count is not worth an error message, nor a 网络连接失败 toast
    keepQuiet(error);
  }
}

/** selectDkids: several parcels at once, for the compare table. */
export const compareQuery = (ids: string[]) =>
  queryOptions({
    queryKey: parcelKeys.compare(ids),
    queryFn: async ({ signal }) => listOf<ParcelDetail>(await openPost<unknown>('selectDkids', { ids: ids.join(',') }, signal)),
  });
