import { z } from 'zod';
import type { PageResult } from '@land/shared/api';
import type { BBox } from '@land/shared/geo/index';

/** A kind of product the catalogue indexes: orthophotos, vegetation or built-up indices… */
export interface IndexType {
  code: string;
  name: string;
  description: string;
}

/** One scene or product of the imagery catalogue; its footprint as a lon-lat box (CGCS2000). */
export interface ImageryRecord {
  id: string;
  name: string;
  indexType: string;
  year: number;
  /** yyyy-MM-dd */
  acquiredAt: string;
  sensor: string;
  /** ground resolution, metres */
  resolutionM: number;
  /** 0..100 */
  cloudCover: number;
  bbox: BBox;
  provider: string;
  thumbnailUrl: string | null;
}

export interface ImagerySearch {
  indexType?: string;
  yearFrom?: number;
  yearTo?: number;
  sensor?: string;
  maxCloudCover?: number;
  /** footprints that intersect this box */
  bbox?: BBox;
  keyword?: string;
}

/** The image/index service of SPEC §7 "External GETs": index types, search, paged search. */
export interface ImageryCatalogue {
  readonly source: 'http' | 'offline';
  indexTypes(): Promise<IndexType[]>;
  search(query: ImagerySearch, limit: number): Promise<ImageryRecord[]>;
  searchByPage(query: ImagerySearch, pageNo: number, pageSize: number): Promise<PageResult<ImageryRecord>>;
}

export class ImageryServiceError extends Error {}

const num = (label: string) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: `${label}应为数字` }).finite());

/** A record as a remote catalogue sends it, checked field by field. */
export const imageryRecordSchema = z.object({
  id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().min(1).max(100)),
  name: z.string().max(200),
  indexType: z.string().max(50),
  year: num('年份').pipe(z.number().int().min(1950).max(2100)),
  acquiredAt: z.preprocess((v) => (typeof v === 'string' ? v.slice(0, 10) : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  sensor: z.string().max(100),
  resolutionM: num('分辨率').pipe(z.number().min(0)),
  cloudCover: num('云量').pipe(z.number().min(0).max(100)),
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  provider: z.string().max(200).default(''),
  thumbnailUrl: z.string().max(1000).nullable().default(null),
});

export const indexTypeSchema = z.object({
  code: z.string().min(1).max(50),
  name: z.string().max(100),
  description: z.string().max(500).default(''),
});
