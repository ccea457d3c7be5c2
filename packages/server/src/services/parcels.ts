import { entityByName } from '@land/shared/entities/index';
import type { EntityDef } from '@land/shared/entity';
import { sql, type SqlBool } from 'kysely';
import { saveBatch } from '../entities/batch';
import { deleteByIds, saveRecord } from '../entities/routes';
import { findById, presentRow, type AnyDb, type Row } from '../entities/repository';
import { selectColumns } from '../entities/columns';
import { notFound } from '../lib/errors';

const defOf = (name: string): EntityDef => entityByName(name)!;
export const parcelDef = (): EntityDef => defOf('tLandinfo');

export async function requireParcel(db: AnyDb, id: string): Promise<Row> {
  const parcel = await findById(db, parcelDef(), id);
  if (!parcel) throw notFound('地块不存在或已删除');
  return parcel;
}

/** Records of a parcel's supporting entity, in the entity's order. */
export async function recordsOfParcel(db: AnyDb, entity: string, dkid: string): Promise<Row[]> {
  const def = defOf(entity);
  let q = db.selectFrom(def.table).select(selectColumns(def)).where('dkid', '=', dkid);
  for (const o of def.defaultOrder ?? []) q = q.orderBy(o.field, o.direction);
  const rows = await q.orderBy('id', 'asc').execute();
  return rows.map((r) => presentRow(def, r as Row));
}

/** Deletes a parcel's records of one supporting entity through the engine (hooks, rules). */
export async function deleteRecordsOfParcel(trx: AnyDb, entity: string, dkid: string, actorId: string | null): Promise<number> {
  const def = defOf(entity);
  const ids = (await trx.selectFrom(def.table).select('id').where('dkid', '=', dkid).execute()).map((r) => r.id as string);
  return ids.length ? deleteByIds(trx, def, ids, actorId) : 0;
}

/**
 * Replaces a parcel's panorama markers with the given list (all or nothing). A marker without
 * markerId gets one from its position in the list.
 */
export async function replaceMarkers(trx: AnyDb, dkid: string, list: Row[], actorId: string | null): Promise<Row[]> {
  await requireParcel(trx, dkid);
  await deleteRecordsOfParcel(trx, 'tPhotoSphereMarker', dkid, actorId);
  const def = defOf('tPhotoSphereMarker');
  const rows = list.map((m, i) => {
    const { id: _id, version: _v, ...rest } = m;
    return { displayorder: i + 1, ...rest, dkid, markerId: m.markerId || `marker${i + 1}` };
  });
  return saveBatch(trx, rows, (t, raw) => saveRecord(t, def, raw, actorId, 'create'));
}

const fileUrlMatches = (url: unknown, filepath: string) =>
  typeof url === 'string' && (url === filepath || url.endsWith(filepath.startsWith('/') ? filepath : `/${filepath}`));

/**
 * Removes the attachment at `filepath` from the file fields (photos, panorama, documents) of
 * the given parcel, or of every parcel listing it. Saved through the engine, so an edit of a
 * published parcel is logged. Returns how many parcels changed.
 */
export async function removeParcelAttachment(trx: AnyDb, filepath: string, parcelId: string | undefined, actorId: string | null): Promise<number> {
  const def = parcelDef();
  const fileFields = def.fields.filter((f) => f.type === 'files' || f.type === 'images').map((f) => f.name);
  let parcels: Row[];
  if (parcelId) parcels = [await requireParcel(trx, parcelId)];
  else {
    const like = `%${filepath.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await trx
      .selectFrom(def.table)
      .select(selectColumns(def))
      .where((eb) => eb.or(fileFields.map((f) => sql<SqlBool>`${sql.ref(f)} like ${like} escape '\\'`)))
      .limit(100)
      .execute();
    parcels = rows.map((r) => presentRow(def, r as Row));
  }
  let changed = 0;
  for (const p of parcels) {
    const update: Row = { id: p.id };
    for (const f of fileFields) {
      const list = Array.isArray(p[f]) ? (p[f] as Row[]) : [];
      const kept = list.filter((e) => !fileUrlMatches(e.url, filepath));
      if (kept.length !== list.length) update[f] = kept;
    }
    if (Object.keys(update).length === 1) continue;
    await saveRecord(trx, def, update, actorId, 'update');
    changed += 1;
  }
  return changed;
}

/** The display order a new parcel of this resource type gets: one after the largest so far. */
export async function nextDisplayOrder(db: AnyDb, zylx: string | undefined): Promise<number> {
  let q = db.selectFrom('t_landinfo').select((eb) => eb.fn.max('displayorder').as('m'));
  if (zylx) q = q.where('zylx', '=', zylx);
  const row = await q.executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}
