import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@land/shared/api';
import type { BBox } from '@land/shared/geo/index';
import type { AppContext } from '../../context';
import { defineCall } from '../../lib/call';
import { AppError, validationError } from '../../lib/errors';
import { loadSettings } from '../../services/settings';
import { imageryCatalogueFor } from './index';
import { ImageryServiceError, type ImageryCatalogue, type ImagerySearch } from './types';

const optionalNumber = (label: string, min: number, max: number, integer = false) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label}必须是数字` })
      .min(min, `${label}不能小于${min}`)
      .max(max, `${label}不能大于${max}`)
      .refine((n) => !integer || Number.isInteger(n), `${label}必须是整数`)
      .optional(),
  );

const optionalText = (max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());

/** "minLon,minLat,maxLon,maxLat" or an array of four numbers. */
const bboxInput = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.split(',').map((x) => Number(x.trim())) : v),
  z
    .array(z.number({ error: '范围 bbox 应为 4 个数字：最小经度,最小纬度,最大经度,最大纬度' }).finite(), { error: '范围 bbox 应为 4 个数字' })
    .length(4, '范围 bbox 应为 4 个数字：最小经度,最小纬度,最大经度,最大纬度')
    .refine((b) => b[0] <= b[2] && b[1] <= b[3], '范围 bbox 的最小值不能大于最大值')
    .optional(),
);

const searchInput = z.object({
  indexType: optionalText(50),
  year: optionalNumber('年份', 1950, 2100, true),
  yearFrom: optionalNumber('起始年份', 1950, 2100, true),
  yearTo: optionalNumber('截止年份', 1950, 2100, true),
  sensor: optionalText(100),
  maxCloudCover: optionalNumber('最大云量', 0, 100),
  bbox: bboxInput,
  keyword: optionalText(100),
});

function toSearch(input: z.output<typeof searchInput>): ImagerySearch {
  if (input.year !== undefined && (input.yearFrom !== undefined || input.yearTo !== undefined)) {
    throw validationError('year', '年份 year 与起止年份 yearFrom、yearTo 不能同时使用');
  }
  return {
    indexType: input.indexType,
    yearFrom: input.year ?? input.yearFrom,
    yearTo: input.year ?? input.yearTo,
    sensor: input.sensor,
    maxCloudCover: input.maxCloudCover,
    bbox: input.bbox as BBox | undefined,
    keyword: input.keyword,
  };
}

/**
 * The image/index service of SPEC §7 for the public map: the configured remote catalogue
 * (setting imageryCatalogueUrl) or the built-in one. Read-only.
 */
export function registerImageryRoutes(open: FastifyInstance, ctx: AppContext, options: { fetch?: typeof fetch } = {}): void {
  const tags = ['影像服务'];
  const withCatalogue = async <T>(fn: (c: ImageryCatalogue) => Promise<T>): Promise<T> => {
    const catalogue = imageryCatalogueFor(await loadSettings(ctx.db), options);
    try {
      return await fn(catalogue);
    } catch (err) {
      if (err instanceof ImageryServiceError) throw new AppError(ERROR_CODES.SERVER_ERROR, err.message, 502);
      throw err;
    }
  };

  defineCall(open, '/imagery/indexTypes', { summary: '影像与指数产品类型', tags, input: z.object({}) }, () => withCatalogue((c) => c.indexTypes()));

  defineCall(
    open,
    '/imagery/search',
    {
      summary: '查询影像：indexType、year 或 yearFrom/yearTo、sensor、maxCloudCover、bbox（最小经度,最小纬度,最大经度,最大纬度）、keyword；limit 默认 50，最多 200',
      tags,
      input: searchInput.extend({ limit: optionalNumber('条数', 1, 200, true) }),
    },
    (input) => withCatalogue((c) => c.search(toSearch(input), input.limit ?? 50)),
  );

  defineCall(
    open,
    '/imagery/searchByPage',
    {
      summary: '分页查询影像：条件同 search，pageNo 从 1 开始，pageSize 最多 100',
      tags,
      input: searchInput.extend({ pageNo: optionalNumber('页码', 1, 100_000, true), pageSize: optionalNumber('每页条数', 1, 100, true) }),
    },
    (input) => withCatalogue((c) => c.searchByPage(toSearch(input), input.pageNo ?? 1, input.pageSize ?? 10)),
  );
}
