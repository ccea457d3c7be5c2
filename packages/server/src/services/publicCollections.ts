/**
 * A visitor's collected parcels (收藏). Every query is bound to the visitor of the session and
 * joined to the public parcels, so a parcel taken down after it was collected simply drops out
 * of the list (and comes back if it is published again).
 */
import { sql } from 'kysely';
import type { PageResult } from '@land/shared/api';
import type { DialectName } from '../db/database';
import type { Db } from '../db/schema';
import type { AnyDb, Row } from '../entities/repository';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import { PARCEL_SUMMARY_COLUMNS, loadNames, presentSummary, publicParcelScope, requirePublicParcelRow } from './publicParcels';
import { keywordCondition } from './publicQuery';
import { writeAudit } from './audit';

export interface CollectionPageInput {
  pageNo: number;
  pageSize: number;
  keyword?: string | null;
}

/** Collects a public parcel; collecting it again changes nothing. */
export async function addCollection(db: Db, visitorId: string, dkid: string): Promise<{ id: string; dkid: string; createdAt: string; added: boolean }> {
  await requirePublicParcelRow(db as unknown as AnyDb, dkid);
  const existing = () =>
    db.selectFrom('t_collection').select(['id', 'dkid', 'createdAt']).where('visitorId', '=', visitorId).where('dkid', '=', dkid).executeTakeFirst();
  const before = await existing();
  if (before) return { ...before, added: false };
  await db
    .insertInto('t_collection')
    .values({ id: newId(), visitorId, dkid, createdAt: nowIso() })
    // Two adds at once: the unique index keeps one; the other is a no-op, not an error.
    .onConflict((oc) => oc.columns(['visitorId', 'dkid']).doNothing())
    .execute();
  const added = (await existing())!;
  await writeAudit(db, { action: 'create', entity: 't_collection', recordId: added.id, summary: '收藏地块', after: { ...added, visitorId } });
  return { ...added, added: true };
}

/** Removes the visitor's own collections by collection id or by parcel; others' are never touched. */
export async function deleteCollections(db: Db, visitorId: string, by: { ids?: string[]; dkid?: string }): Promise<number> {
  let q = db.deleteFrom('t_collection').where('visitorId', '=', visitorId);
  if (by.ids?.length) q = q.where('id', 'in', by.ids);
  else if (by.dkid) q = q.where('dkid', '=', by.dkid);
  else return 0;
  const result = await q.executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  if (deleted === 0) throw notFound('收藏不存在或已取消');
  await writeAudit(db, { action: 'delete', entity: 't_collection', recordId: by.ids?.join(',') ?? null, summary: `取消收藏${deleted}条`, before: { visitorId, ...by } });
  return deleted;
}

/** Whether the visitor has collected this parcel (false for parcels that are not public). */
export async function isCollected(db: Db, visitorId: string, dkid: string): Promise<boolean> {
  const row = await (db as unknown as AnyDb)
    .selectFrom('t_collection')
    .innerJoin('t_landinfo', 't_landinfo.id', 't_collection.dkid')
    .select('t_collection.id')
    .where('t_collection.visitorId', '=', visitorId)
    .where('t_collection.dkid', '=', dkid)
    .where(publicParcelScope)
    .executeTakeFirst();
  return row !== undefined;
}

/** The visitor's collections, newest first, each with the parcel's key figures. */
export async function collectionPage(db: Db, dialect: DialectName, visitorId: string, input: CollectionPageInput): Promise<PageResult<Row>> {
  const adb = db as unknown as AnyDb;
  const unpaged = input.pageNo === 0 && input.pageSize === 0;
  const pageSize = unpaged ? 5000 : input.pageSize || 10;
  const pageNo = unpaged ? 1 : Math.max(1, input.pageNo);
  const keyword = keywordCondition(['dkmc', 'dkbh', 'location'], input.keyword, dialect, 't_landinfo');
  const base = () => {
    let q = adb
      .selectFrom('t_collection')
      .innerJoin('t_landinfo', 't_landinfo.id', 't_collection.dkid')
      .where('t_collection.visitorId', '=', visitorId)
      .where(publicParcelScope);
    if (keyword) q = q.where(keyword);
    return q;
  };
  const [rows, count, names] = await Promise.all([
    base()
      .select([
        ...PARCEL_SUMMARY_COLUMNS.map((c) => `t_landinfo.${c}`),
        't_collection.id as collectionId',
        't_collection.createdAt as collectedAt',
      ])
      .orderBy('t_collection.createdAt', 'desc')
      .orderBy('t_collection.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    base().select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
    loadNames(adb),
  ]);
  return {
    list: (rows as Row[]).map((r) => ({
      id: r.collectionId,
      dkid: r.id,
      collectedAt: r.collectedAt,
      parcel: presentSummary(r, names),
    })),
    total: Number(count?.total ?? 0),
    pageNo: unpaged ? 0 : pageNo,
    pageSize: unpaged ? 0 : pageSize,
  };
}
