import { z } from 'zod';

/**
 * One listing or deal as the land-transaction system (交易系统) reports it. `id` is the system's
 * own id of the record; `parcelCode` is the 宗地编号 that links it to a parcel here.
 */
export interface ExternalTransaction {
  id: string;
  parcelCode: string;
  announcementNo?: string;
  transactionType: 'listing' | 'auction' | 'tender' | 'agreement';
  listingStart?: string;
  listingEnd?: string;
  startingPrice?: number;
  deposit?: number;
  bidIncrement?: number;
  dealPrice?: number;
  dealDate?: string;
  winner?: string;
  contractNo?: string;
  transferYears?: number;
  status: 'listing' | 'dealt' | 'failed' | 'terminated';
}

/** Where listings and deals come from: the embedded records or a remote transaction system. */
export interface LandTransactionClient {
  /** Parcels on sale now (挂牌中). */
  listListed(): Promise<ExternalTransaction[]>;
  /** Concluded deals (已成交). */
  listDeals(): Promise<ExternalTransaction[]>;
  /** One record by the system's id; undefined when the system does not know it. */
  getById(id: string): Promise<ExternalTransaction | undefined>;
}

/** A failure talking to the transaction system, with a message an administrator can act on. */
export class LandTransactionError extends Error {}

const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined || v === '' ? undefined : typeof v === 'number' ? String(v) : v), z.string().max(max).optional());

const optionalNumber = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: '应为数字' }).finite().min(0).optional(),
);

/** yyyy-MM-dd from a date or a date-time ('2025-03-01 10:00:00', ISO). */
const optionalDate = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期应为 yyyy-MM-dd').optional(),
);

/** Validates a record from the wire; `status` defaults to what the list it came from means. */
export function transactionSchema(defaultStatus: ExternalTransaction['status']) {
  return z.object({
    id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: '缺少记录编号 id' }).trim().min(1, '缺少记录编号 id').max(64)),
    parcelCode: z.string({ error: '缺少宗地编号 parcelCode' }).trim().min(1, '缺少宗地编号 parcelCode').max(60),
    announcementNo: optionalText(60),
    transactionType: z.enum(['listing', 'auction', 'tender', 'agreement']).default('listing'),
    listingStart: optionalDate,
    listingEnd: optionalDate,
    startingPrice: optionalNumber,
    deposit: optionalNumber,
    bidIncrement: optionalNumber,
    dealPrice: optionalNumber,
    dealDate: optionalDate,
    winner: optionalText(200),
    contractNo: optionalText(60),
    transferYears: z.preprocess((v) => (v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v), z.number().int().min(1).max(70).optional()),
    status: z.enum(['listing', 'dealt', 'failed', 'terminated']).default(defaultStatus),
  });
}
