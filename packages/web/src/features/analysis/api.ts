/**
 * The statistics calls (server routes/statistics.ts). Every figure is computed by the server;
 * the screen only draws it. Filters: startDate/endDate (yyyy-MM-dd, Beijing days, inclusive),
 * areacode ('' = all districts).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AreaFigure, Granularity, StatisticsFilter } from '@land/shared/statistics';
import type { DownloadedFile } from '../../lib/request';
import { downloadFile, post } from '../../lib/request';

export type { AreaFigure, Granularity, StatisticsFilter };

export interface ParcelStatistics {
  total: AreaFigure;
  byStatus: ({ status: string; label: string } & AreaFigure)[];
  byTradeState: ({ tradeState: string; label: string } & AreaFigure)[];
  byDistrict: ({ areacode: string | null; areaname: string; availableCount: number; availableArea: number; availableAreaMu: number } & AreaFigure)[];
  classParent: { dlcode: string; name: string } | null;
  byClass: ({ dlcode: string | null; name: string } & AreaFigure)[];
}

export interface Overview {
  parcels: AreaFigure & { published: number; publishedArea: number; publishedAreaMu: number; public: number; listed: number; dealt: number };
  deals: AreaFigure & { amount: number };
  consulting: { asked: number; answered: number; waiting: number; replyRate: number | null; avgAnswerHours: number | null };
  collections: { available: boolean; count: number };
}

export interface SupplyQuarter {
  period: string;
  year: number;
  quarter: number;
  plannedCount: number;
  plannedArea: number;
  plannedAreaMu: number;
  actualCount: number;
  actualArea: number;
  actualAreaMu: number;
  completionRate: number | null;
}

export interface SupplyByQuarter {
  quarters: SupplyQuarter[];
  unscheduled: ({ year: number } & AreaFigure)[];
}

export interface DealsByQuarter {
  quarters: ({ period: string; year: number; quarter: number; amount: number } & AreaFigure)[];
  total: AreaFigure & { amount: number };
}

export interface PriceTrend {
  granularity: Granularity;
  periods: string[];
  series: { dlcode: string | null; name: string; pricePerMu: (number | null)[] }[];
}

export interface VisitedParcel {
  rank: number;
  id: string;
  dkbh: string;
  dkmc: string;
  areaname: string | null;
  landAreaMu: number;
  visitcount: number;
}

export interface District {
  id: string;
  areacode: string;
  areaname: string;
  /** '1' enabled, '0' disabled. */
  status?: string | null;
  displayorder: number | null;
  /** GeoJSON Polygon or MultiPolygon in lon-lat. */
  boundary: { type: string; coordinates: unknown } | null;
}

/** Sections the server can export to Excel, one per chart. */
export type ExportSection = 'overview' | 'status' | 'tradeState' | 'district' | 'class' | 'supply' | 'deals' | 'price' | 'topVisited';

const keys = {
  all: ['statistics'] as const,
  section: (name: string, filter: StatisticsFilter, extra?: object) => ['statistics', name, filter, extra ?? {}] as const,
};

/** Charts keep showing the previous figures while a new filter loads (with a spinner over them). */
function statisticsQuery<T>(name: string, url: string, filter: StatisticsFilter, extra?: Record<string, string | undefined>) {
  return queryOptions({
    queryKey: keys.section(name, filter, extra),
    queryFn: async ({ signal }) => (await post<T>(url, { ...filter, ...extra }, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const parcelStatisticsQuery = (filter: StatisticsFilter, dlParent?: string) =>
  statisticsQuery<ParcelStatistics>('parcels', '/api/tLandinfo/statisticsDk', filter, { dlParent });
export const overviewQuery = (filter: StatisticsFilter) => statisticsQuery<Overview>('overview', '/api/statistics/overview', filter);
export const supplyQuery = (filter: StatisticsFilter) => statisticsQuery<SupplyByQuarter>('supply', '/api/statistics/supplyByQuarter', filter);
export const dealsQuery = (filter: StatisticsFilter) => statisticsQuery<DealsByQuarter>('deals', '/api/statistics/dealsByQuarter', filter);
export const priceTrendQuery = (filter: StatisticsFilter, granularity: Granularity) =>
  statisticsQuery<PriceTrend>('price', '/api/statistics/priceTrend', filter, { granularity });
export const topVisitedQuery = (filter: StatisticsFilter) =>
  statisticsQuery<VisitedParcel[]>('topVisited', '/api/statistics/topVisited', { areacode: filter.areacode });

/**
 * Every district in display order, disabled ones too: the figures count their parcels, so the
 * district filter offers them (marked 已停用) and an address naming one shows its name.
 */
export function districtsQuery() {
  return queryOptions({
    queryKey: ['statistics', 'districts'] as const,
    queryFn: async ({ signal }) => (await post<District[]>('/api/tArea/selectByObj', {}, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function exportSection(section: ExportSection, filter: StatisticsFilter, extra: Record<string, string | undefined> = {}): Promise<DownloadedFile> {
  return downloadFile('/api/statistics/exportExcel', { section, ...filter, ...extra }, `统计分析-${section}.xlsx`);
}
