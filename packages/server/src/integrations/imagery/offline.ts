import type { PageResult } from '@land/shared/api';
import { bboxIntersects } from '@land/shared/geo/index';
import type { ImageryCatalogue, ImageryRecord, ImagerySearch, IndexType } from './types';

export const INDEX_TYPES: IndexType[] = [
  { code: 'dom', name: '数字正射影像（DOM）', description: '经正射纠正的遥感影像或航空影像，用于地块现状核查' },
  { code: 'ndvi', name: '归一化植被指数（NDVI）', description: '反映植被覆盖程度，用于耕地、林地变化监测' },
  { code: 'ndbi', name: '归一化建筑指数（NDBI）', description: '反映建设用地分布，用于批而未用、闲置土地核查' },
  { code: 'ndwi', name: '归一化水体指数（NDWI）', description: '反映水体分布' },
  { code: 'change', name: '变化检测', description: '前后两期影像对比得到的地表变化图斑' },
];

/** The zone's extent (临江经济技术开发区): all built-in footprints cover it. */
const ZONE: [number, number, number, number] = [120.42, 30.24, 120.62, 30.37];

function rec(id: string, name: string, indexType: string, acquiredAt: string, sensor: string, resolutionM: number, cloudCover: number, provider: string, bbox = ZONE): ImageryRecord {
  return { id, name, indexType, year: Number(acquiredAt.slice(0, 4)), acquiredAt, sensor, resolutionM, cloudCover, bbox, provider, thumbnailUrl: null };
}

/**
 * The built-in catalogue: the zone's imagery as a land office typically holds it (yearly
 * 高分 / 资源 satellite scenes from the provincial satellite application centre, aerial surveys,
 * Sentinel-2 indices). Used when no catalogue service is configured.
 */
export const BUILTIN_IMAGERY: ImageryRecord[] = [
  rec('LJ-DOM-2019-GF2', '临江经开区2019年高分二号正射影像', 'dom', '2019-10-12', 'GF-2 PMS', 0.8, 3, '省卫星应用中心'),
  rec('LJ-DOM-2020-GF2', '临江经开区2020年高分二号正射影像', 'dom', '2020-11-03', 'GF-2 PMS', 0.8, 5, '省卫星应用中心'),
  rec('LJ-DOM-2021-AER', '临江经开区2021年航空摄影正射影像', 'dom', '2021-04-18', '航空数码相机 UltraCam', 0.1, 0, '开发区自然资源和规划分局', [120.44, 30.26, 120.6, 30.36]),
  rec('LJ-DOM-2021-ZY3', '临江经开区2021年资源三号正射影像', 'dom', '2021-09-27', 'ZY-3 02', 2.1, 8, '省卫星应用中心'),
  rec('LJ-DOM-2022-GF1', '临江经开区2022年高分一号正射影像', 'dom', '2022-05-06', 'GF-1 PMS', 2, 12, '省卫星应用中心'),
  rec('LJ-DOM-2023-GF7', '临江经开区2023年高分七号正射影像', 'dom', '2023-03-22', 'GF-7 BWD', 0.65, 2, '省卫星应用中心'),
  rec('LJ-DOM-2024-GF2', '临江经开区2024年高分二号正射影像', 'dom', '2024-10-09', 'GF-2 PMS', 0.8, 1, '省卫星应用中心'),
  rec('LJ-NDVI-2022-S2', '2022年夏季植被指数', 'ndvi', '2022-07-15', 'Sentinel-2 MSI', 10, 6, '欧空局哨兵数据（分局处理）'),
  rec('LJ-NDVI-2024-S2', '2024年夏季植被指数', 'ndvi', '2024-07-21', 'Sentinel-2 MSI', 10, 4, '欧空局哨兵数据（分局处理）'),
  rec('LJ-NDBI-2023-S2', '2023年建设用地指数', 'ndbi', '2023-09-30', 'Sentinel-2 MSI', 10, 9, '欧空局哨兵数据（分局处理）'),
  rec('LJ-NDWI-2023-S2', '2023年水体指数', 'ndwi', '2023-09-30', 'Sentinel-2 MSI', 10, 9, '欧空局哨兵数据（分局处理）'),
  rec('LJ-CHG-2023-2024', '2023—2024年度土地变化检测图斑', 'change', '2024-10-09', 'GF-2 PMS / GF-7 BWD', 0.8, 0, '开发区自然资源和规划分局'),
];

/** Whether a record matches the search (shared by the built-in catalogue and tests). */
export function matchesSearch(r: ImageryRecord, q: ImagerySearch): boolean {
  if (q.indexType && r.indexType !== q.indexType) return false;
  if (q.yearFrom !== undefined && r.year < q.yearFrom) return false;
  if (q.yearTo !== undefined && r.year > q.yearTo) return false;
  if (q.sensor && !r.sensor.toLowerCase().includes(q.sensor.toLowerCase())) return false;
  if (q.maxCloudCover !== undefined && r.cloudCover > q.maxCloudCover) return false;
  if (q.bbox && !bboxIntersects(r.bbox, q.bbox)) return false;
  if (q.keyword && !r.name.includes(q.keyword) && !r.id.includes(q.keyword)) return false;
  return true;
}

/** Newest first, then the finer resolution. */
const order = (a: ImageryRecord, b: ImageryRecord) => b.acquiredAt.localeCompare(a.acquiredAt) || a.resolutionM - b.resolutionM;

export class OfflineImageryCatalogue implements ImageryCatalogue {
  readonly source = 'offline' as const;

  constructor(private readonly records: ImageryRecord[] = BUILTIN_IMAGERY) {}

  async indexTypes(): Promise<IndexType[]> {
    return INDEX_TYPES;
  }

  async search(query: ImagerySearch, limit: number): Promise<ImageryRecord[]> {
    return this.records.filter((r) => matchesSearch(r, query)).sort(order).slice(0, limit);
  }

  async searchByPage(query: ImagerySearch, pageNo: number, pageSize: number): Promise<PageResult<ImageryRecord>> {
    const all = this.records.filter((r) => matchesSearch(r, query)).sort(order);
    return { list: all.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: all.length, pageNo, pageSize };
  }
}
