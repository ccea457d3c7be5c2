/**
 * The personal centre's inbox: t_messageuser rows addressed to the signed-in visitor. Every
 * read and write is bound to the visitor of the session; another visitor's message is
 * indistinguishable from one that does not exist.
 */
import { sql, type SqlBool } from 'kysely';
import type { PageResult } from '@land/shared/api';
import type { DialectName } from '../db/database';
import type { AnyDb, Row } from '../entities/repository';
import { notFound, validationError } from '../lib/errors';
import { nowIso } from '../lib/time';
import { NOTICES } from './publicContent';
import { nonPublicParcelIds, publicParcelScope } from './publicParcels';
import { and, publicColumns, publicList, unpagedInput, type ListInput, type PublicListSpec } from './publicQuery';
import { writeAuditMany } from './audit';

const SUMMARY = publicColumns('tMessageuser', ['id', 'title', 'type', 'isRead', 'readAt', 'sourceId', 'createdAt']);
const DETAIL = publicColumns('tMessageuser', ['id', 'title', 'content', 'type', 'isRead', 'readAt', 'sourceId', 'createdAt']);

const spec = (columns: readonly string[]): PublicListSpec => ({
  entity: 'tMessageuser',
  list: columns,
  keyword: ['title', 'content'],
  filters: ['type', 'sourceId'],
});

export const MESSAGE_LIST_SPEC = spec(SUMMARY);

const own = (visitorId: string) => sql<SqlBool>`${sql.ref('userId')} = ${visitorId}`;

async function unreadCount(db: AnyDb, visitorId: string): Promise<number> {
  const row = await db
    .selectFrom('t_messageuser')
    .select(sql<number>`count(*)`.as('n'))
    .where('userId', '=', visitorId)
    .where((eb) => eb.or([eb('isRead', '=', 0), eb('isRead', 'is', null)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A message about a parcel names it while the parcel is public (`parcel`: its id, name and trade
 * state, for a link to its page), and one about a notice (通知公告) names it while it is published
 * (`notice`: its id and title); the link to a parcel or notice no longer public is cut (sourceId
 * null), the message's text stays. Any other source (a question) is left as it is.
 */
async function withSources(db: AnyDb, list: Row[]): Promise<Row[]> {
  const ids = [...new Set(list.map((m) => m.sourceId).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const parcels = ids.length
    ? await db
        .selectFrom('t_landinfo')
        .select(['t_landinfo.id', 't_landinfo.dkmc', 't_landinfo.tradeState', sql<number>`case when ${publicParcelScope} then 1 else 0 end`.as('shown')])
        .where('t_landinfo.id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(parcels.map((p) => [p.id as string, p]));
  const rest = ids.filter((id) => !byId.has(id));
  const notices = rest.length
    ? await db
        .selectFrom('t_tzgg')
        .select(['id', 'title', sql<number>`case when ${NOTICES.scope!()} then 1 else 0 end`.as('shown')])
        .where('id', 'in', rest)
        .execute()
    : [];
  const noticeById = new Map(notices.map((n) => [n.id as string, n]));
  return list.map((m) => {
    const p = byId.get(m.sourceId as string);
    const n = noticeById.get(m.sourceId as string);
    if (p) return Number(p.shown) === 1 ? { ...m, parcel: { id: p.id, dkmc: p.dkmc, tradeState: p.tradeState }, notice: null } : { ...m, sourceId: null, parcel: null, notice: null };
    if (n) return Number(n.shown) === 1 ? { ...m, parcel: null, notice: { id: n.id, title: n.title } } : { ...m, sourceId: null, parcel: null, notice: null };
    return { ...m, parcel: null, notice: null };
  });
}

/** A page of the visitor's messages (without or with their text) and how many are unread. */
export async function messagePage(
  db: AnyDb,
  dialect: DialectName,
  visitorId: string,
  input: ListInput & { isRead?: string | null },
  withContent: boolean,
): Promise<PageResult<Row> & { unread: number }> {
  const readFilter =
    input.isRead === '1' ? sql<SqlBool>`${sql.ref('isRead')} = 1` : input.isRead === '0' ? sql<SqlBool>`(${sql.ref('isRead')} = 0 or ${sql.ref('isRead')} is null)` : undefined;
  const [page, unread] = await Promise.all([
    publicList(db, dialect, spec(withContent ? DETAIL : SUMMARY), input, and([own(visitorId), readFilter])),
    unreadCount(db, visitorId),
  ]);
  return { ...page, list: await withSources(db, page.list), unread };
}

/** The visitor's messages about one record (a parcel, a notice, a question), newest first. */
export async function messagesAbout(db: AnyDb, dialect: DialectName, visitorId: string, sourceId: string): Promise<Row[]> {
  if ((await nonPublicParcelIds(db, [sourceId])).size > 0) return [];
  const page = await publicList(db, dialect, spec(DETAIL), unpagedInput({ sourceId }), own(visitorId));
  return withSources(db, page.list);
}

/** One message of the visitor, marked read on opening. */
export async function openMessage(db: AnyDb, dialect: DialectName, visitorId: string, id: string): Promise<Row> {
  await markRead(db, visitorId, { ids: [id] }, true);
  const page = await publicList(db, dialect, spec(DETAIL), { pageNo: 1, pageSize: 1, params: [{ column: 'id', type: 'eq', val: id }] } as ListInput, own(visitorId));
  return (await withSources(db, page.list))[0];
}

/** Marks the visitor's messages read (these ids, or all); returns how many changed. */
export async function markRead(db: AnyDb, visitorId: string, which: { ids?: string[]; all?: boolean }, mustExist = false): Promise<number> {
  if (!which.all && !which.ids?.length) throw validationError('ids', '请选择消息');
  let q = db.updateTable('t_messageuser').set({ isRead: 1, readAt: nowIso() }).where('userId', '=', visitorId);
  if (!which.all) q = q.where('id', 'in', which.ids!);
  if (mustExist) {
    let found = db.selectFrom('t_messageuser').select('id').where('userId', '=', visitorId);
    if (!which.all) found = found.where('id', 'in', which.ids!);
    if (!(await found.executeTakeFirst())) throw notFound('消息不存在或已删除');
  }
  const result = await q.where((eb) => eb.or([eb('isRead', '=', 0), eb('isRead', 'is', null)])).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the visitor's own messages; ids of other visitors' messages are A0404, all or nothing. */
export async function deleteMessages(db: AnyDb, visitorId: string, ids: string[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('t_messageuser').select('id').where('userId', '=', visitorId).where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) throw notFound('消息不存在或已删除');
    await trx.deleteFrom('t_messageuser').where('userId', '=', visitorId).where('id', 'in', ids).execute();
    await writeAuditMany(trx, found.map((m) => ({ action: 'delete' as const, entity: 'tMessageuser', recordId: m.id as string, summary: '公众用户删除消息' })));
    return found.length;
  });
}
