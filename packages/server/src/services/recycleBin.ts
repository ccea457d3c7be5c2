import type { EntityDef } from '@land/shared/entity';
import { recordName } from '@land/shared/entity';
import { entityByName } from '@land/shared/entities/index';
import { RECYCLE_DAYS, RECYCLED_ENTITIES, type RecycleEntry } from '@land/shared/audit';
import type { PageResult } from '@land/shared/api';
import type { Db, DbOrTrx } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { currentActor, writeAudit } from './audit';
import type { AnyDb, Row } from '../entities/repository';

/**
 * The recycle bin: deleting a main record moves it, and every record deleted with it (a
 * parcel's supporting records), into t_recycle_bin as JSON in the delete's own transaction.
 * The rows leave their tables, so no list, public call, search or statistic can see them; a
 * restore puts the very same rows back (ids, versions and all) within RECYCLE_DAYS days.
 *
 * Which entities are main records: RECYCLED_ENTITIES (shared, with the reasons).
 */
export { RECYCLED_ENTITIES };

export const isRecycled = (def: EntityDef): boolean => RECYCLED_ENTITIES.includes(def.name);

/** The rows one delete takes away, in deletion order (the record first, then its dependants). */
export interface RecycleCollector {
  rows: { entity: string; row: Row }[];
}

export const newCollector = (): RecycleCollector => ({ rows: [] });

/** Keeps the stored rows about to be deleted, as they are in the table. */
export async function captureRows(trx: AnyDb, def: EntityDef, ids: string[], bin: RecycleCollector): Promise<void> {
  const rows = (await trx.selectFrom(def.table).selectAll().where('id', 'in', ids).execute()) as Row[];
  for (const row of rows) bin.rows.push({ entity: def.name, row });
}

/** Stores what one delete took as one recycle-bin entry. */
export async function storeRecycled(trx: AnyDb, def: EntityDef, recordId: string, bin: RecycleCollector): Promise<void> {
  const main = bin.rows.find((r) => r.entity === def.name && r.row.id === recordId)?.row;
  if (!main) return;
  const actor = currentActor();
  const name = recordName(def, main);
  await (trx as unknown as Db)
    .insertInto('t_recycle_bin')
    .values({
      id: newId(),
      entity: def.name,
      recordId,
      name: name === '' ? null : name.slice(0, 200),
      deletedAt: nowIso(),
      deletedBy: actor.actorId,
      deletedByName: actor.actorName,
      rowCount: bin.rows.length,
      payload: JSON.stringify(bin.rows),
    })
    .execute();
}

const DAY_MS = 86_400_000;

export function daysLeft(deletedAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(deletedAt) + RECYCLE_DAYS * DAY_MS - now) / DAY_MS));
}

const likeEscape = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function recyclePage(
  db: Db,
  q: { pageNo: number; pageSize: number; entity?: string; keyword?: string },
): Promise<PageResult<RecycleEntry>> {
  let base = db.selectFrom('t_recycle_bin');
  if (q.entity) base = base.where('entity', '=', q.entity);
  if (q.keyword) {
    const like = likeEscape(q.keyword);
    base = base.where((eb) => eb.or([eb('name', 'like', like), eb('deletedByName', 'like', like), eb('recordId', '=', q.keyword!)]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .select(['id', 'entity', 'recordId', 'name', 'deletedAt', 'deletedBy', 'deletedByName', 'rowCount'])
    .orderBy('deletedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({ ...r, entityLabel: entityByName(r.entity)?.label ?? r.entity, daysLeft: daysLeft(r.deletedAt) })),
    total: Number(total?.n ?? 0),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function requireEntry(trx: DbOrTrx, id: string) {
  const entry = await trx.selectFrom('t_recycle_bin').selectAll().where('id', '=', id).executeTakeFirst();
  if (!entry) throw notFound('回收站中没有该记录（可能已恢复或已清除）');
  return entry;
}

/**
 * Puts a deleted record and its dependants back as they were. Refused, with nothing restored,
 * when a record with the same id or the same unique value has been added since.
 */
export async function restoreRecycled(trx: DbOrTrx, id: string): Promise<{ entity: string; recordId: string; restored: number }> {
  const entry = await requireEntry(trx, id);
  const rows = JSON.parse(entry.payload) as { entity: string; row: Row }[];
  const any = trx as unknown as AnyDb;
  for (const { entity, row } of rows) {
    const def = entityByName(entity);
    if (!def) throw conflict(`无法恢复：不再支持的记录类型 ${entity}`);
    if (await any.selectFrom(def.table).select('id').where('id', '=', row.id as string).executeTakeFirst()) {
      throw conflict(`无法恢复：${def.label}“${String(row[def.nameField] ?? row.id)}”已存在`);
    }
    for (const f of def.fields) {
      const v = row[f.name];
      if (!f.unique || v === null || v === undefined || v === '') continue;
      if (await any.selectFrom(def.table).select('id').where(f.name, '=', v).executeTakeFirst()) {
        throw conflict(`无法恢复：${f.label}“${String(v)}”已被其他${def.label}使用，请先修改或删除该记录`);
      }
    }
    await any.insertInto(def.table).values(row).execute();
  }
  await trx.deleteFrom('t_recycle_bin').where('id', '=', id).execute();
  const main = rows[0]?.row;
  await writeAudit(trx, {
    action: 'restore',
    entity: entry.entity,
    recordId: entry.recordId,
    summary: `从回收站恢复“${entry.name ?? entry.recordId}”（共${rows.length}条记录）`,
    after: main,
  });
  return { entity: entry.entity, recordId: entry.recordId, restored: rows.length };
}

/** Removes one entry for good (administrators). */
export async function discardRecycled(trx: DbOrTrx, id: string): Promise<void> {
  const entry = await requireEntry(trx, id);
  await trx.deleteFrom('t_recycle_bin').where('id', '=', id).execute();
  await writeAudit(trx, {
    action: 'purge',
    entity: entry.entity,
    recordId: entry.recordId,
    summary: `从回收站彻底删除“${entry.name ?? entry.recordId}”（共${entry.rowCount}条记录）`,
    before: JSON.parse(entry.payload)[0]?.row ?? null,
  });
}

/** Removes what was deleted more than RECYCLE_DAYS days ago. */
export async function purgeRecycleBin(db: DbOrTrx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RECYCLE_DAYS * DAY_MS).toISOString();
  const result = await db.deleteFrom('t_recycle_bin').where('deletedAt', '<', cutoff).executeTakeFirst();
  const purged = Number(result.numDeletedRows);
  if (purged > 0) {
    await writeAudit(db, { action: 'purge', entity: 'recycleBin', summary: `回收站自动清除${RECYCLE_DAYS}天前删除的记录${purged}条`, actor: { actorType: 'system', actorId: null, actorName: null, ip: null } });
  }
  return purged;
}
