/**
 * An Excel file of generated parcels in the platform's own import template (the benchmark of
 * the Excel import and the multi-process test): new parcels (no 编号), with their boundary,
 * in districts written to the database first so the 所属片区 names resolve.
 */
import type { Kysely } from 'kysely';
import { parcelEntity } from '@land/shared/entities/parcel';
import { buildWorkbook } from '../entities/excel';
import { rng } from '../seeds/layout';
import { ensureLandClasses, insertDistricts, layoutDistricts, parcelRows } from './generate';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Columns the server derives or manages: an import file does not carry them. */
const NOT_IMPORTED = ['id', 'geometryArea', 'centerLon', 'centerLat', 'minLon', 'minLat', 'maxLon', 'maxLat', 'status', 'tradeState', 'publishedAt', 'visitcount', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version'];

export async function parcelImportWorkbook(db: AnyDb, count: number, options: { prefix?: string; seed?: number; perDistrict?: number } = {}): Promise<Buffer> {
  const prefix = options.prefix ?? 'I';
  const perDistrict = options.perDistrict ?? 5000;
  const rnd = rng(options.seed ?? 99);
  const districts = layoutDistricts(Math.max(1, Math.ceil(count / perDistrict)), perDistrict, prefix);
  await ensureLandClasses(db);
  await insertDistricts(db, districts, rnd);
  const { parcels } = parcelRows(districts, perDistrict, 0, count, count, rnd, Date.now());
  const stamp = Date.now().toString(36);
  const rows = parcels.map((p, i) => {
    const row: Record<string, unknown> = { ...p, dkbh: `${prefix}-${stamp}-${i}`, geometry: JSON.parse(String(p.geometry)) };
    for (const k of NOT_IMPORTED) delete row[k];
    return row;
  });
  return buildWorkbook(db, parcelEntity, rows, { geometry: true });
}
