/**
 * Saved searches (保存的搜索) of public-site visitors, and their alerts.
 *
 * A visitor saves the named filters of the public parcel search (and optionally a drawn area)
 * under a name. Publishing a parcel, a change of its trade state and a change of its price are
 * recorded in t_parcel_change in the transaction that makes them (recordParcelChanges). The
 * digest job (runSavedSearchDigests, scheduled with a database lease) matches the changes past
 * each active search's cursor with the public search's own condition (parcelCondition), and
 * writes at most one digest per search per day into the message outbox, in the transaction that
 * moves the search's cursor: a change is matched once per search, and the outbox delivers the
 * message once however many server processes run. Each digest carries a signed link to stop
 * the alerts that works without signing in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_NAME_TOO_LONG } from '@land/shared/constants';
import type { DialectName } from '../db/database';
import type { AnyDb } from '../entities/repository';
import { conflict, notFound, validationError } from '../lib/errors';
import { newId } from '../lib/ids';
import { isoPlus, nowIso } from '../lib/time';
import { writeAudit } from './audit';
import { enqueueMessage } from './messaging';
import { parcelCondition, parcelFilterShape } from './publicParcels';

// ---------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------

export type SavedSearchStatus = 'active' | 'paused';
export type ParcelChangeKind = 'published' | 'tradeState' | 'price';

export interface SavedSearchTable {
  id: string;
  visitorId: string;
  name: string;
  filter: string;
  status: SavedSearchStatus;
  cursor: string;
  lastDigestAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ParcelChangeTable {
  id: string;
  dkid: string;
  kind: ParcelChangeKind;
  detail: string | null;
  createdAt: string;
}

declare module '../db/schema' {
  interface Database {
    t_saved_search: SavedSearchTable;
    t_parcel_change: ParcelChangeTable;
  }
}

// ---------------------------------------------------------------------------------------
// The saved filter
// ---------------------------------------------------------------------------------------

/** The public search's named filters (with a drawn area) that a saved search keeps; sorting is not a filter. */
const { orderBy: _orderBy, order: _order, ...filterShape } = parcelFilterShape;

export const savedFilterInput = z.object(filterShape, { error: '搜索条件 filter 应为对象' });
export type SavedFilter = z.output<typeof savedFilterInput>;

/** The filter as stored: empty values left out, so two equal searches store the same text. */
function storedFilter(filter: SavedFilter): Record<string, unknown> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** The stored filter; null when it no longer parses (a rule got stricter): it then matches nothing. */
function parseFilter(text: string): SavedFilter | null {
  try {
    const parsed = savedFilterInput.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const SAVED_SEARCH_NAME = z.string({ error: '请填写搜索名称' }).trim().min(1, '请填写搜索名称').max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_NAME_TOO_LONG);
/** Saved searches one visitor may keep. */
export const MAX_SAVED_SEARCHES = 20;

// ---------------------------------------------------------------------------------------
// The visitor's own saved searches
// ---------------------------------------------------------------------------------------

export interface SavedSearchView {
  id: string;
  name: string;
  filter: Record<string, unknown>;
  status: SavedSearchStatus;
  lastDigestAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const VIEW_COLUMNS = ['id', 'name', 'filter', 'status', 'lastDigestAt', 'createdAt', 'updatedAt'] as const;

function present(row: Pick<SavedSearchTable, (typeof VIEW_COLUMNS)[number]>): SavedSearchView {
  return { ...row, filter: storedFilter(parseFilter(row.filter) ?? {}) };
}

async function ownSearch(db: AnyDb, visitorId: string, id: string): Promise<SavedSearchTable> {
  const row = await db.selectFrom('t_saved_search').selectAll().where('id', '=', id).where('visitorId', '=', visitorId).executeTakeFirst();
  if (!row) throw notFound('保存的搜索不存在或已删除');
  return row as SavedSearchTable;
}

export async function saveSearch(db: AnyDb, visitorId: string, input: { name: string; filter: SavedFilter }): Promise<SavedSearchView> {
  return db.transaction().execute(async (trx) => {
    const count = await trx.selectFrom('t_saved_search').select(sql<number>`count(*)`.as('n')).where('visitorId', '=', visitorId).executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_SAVED_SEARCHES) throw validationError('name', `最多保存${MAX_SAVED_SEARCHES}个搜索，请先删除不再需要的`);
    const filter = JSON.stringify(storedFilter(input.filter));
    // The same search twice would send the same alert twice.
    const same = await trx.selectFrom('t_saved_search').select('name').where('visitorId', '=', visitorId).where('filter', '=', filter).executeTakeFirst();
    if (same) throw conflict(`已保存过相同条件的搜索“${String(same.name)}”，可在个人中心 › 我的订阅中查看`);
    const now = nowIso();
    // The cursor starts now: a new search is alerted of what changes from here on.
    const row: SavedSearchTable = {
      id: newId(),
      visitorId,
      name: input.name,
      filter,
      status: 'active',
      cursor: newId(),
      lastDigestAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto('t_saved_search').values(row).execute();
    await writeAudit(trx, { action: 'create', entity: 't_saved_search', recordId: row.id, summary: `保存搜索“${row.name}”`, after: { visitorId, name: row.name, filter: row.filter } });
    return present(row);
  });
}

export async function listSearches(db: AnyDb, visitorId: string): Promise<SavedSearchView[]> {
  const rows = await db.selectFrom('t_saved_search').select([...VIEW_COLUMNS]).where('visitorId', '=', visitorId).orderBy('id', 'desc').execute();
  return (rows as SavedSearchTable[]).map(present);
}

export async function updateSearch(db: AnyDb, visitorId: string, id: string, change: { name?: string; status?: SavedSearchStatus }): Promise<SavedSearchView> {
  return db.transaction().execute(async (trx) => {
    const before = await ownSearch(trx, visitorId, id);
    const set: Partial<SavedSearchTable> = { updatedAt: nowIso() };
    if (change.name !== undefined) set.name = change.name;
    if (change.status !== undefined && change.status !== before.status) {
      set.status = change.status;
      // Resumed: alerts start from now, not with what changed while it was paused.
      if (change.status === 'active') set.cursor = newId();
    }
    await trx.updateTable('t_saved_search').set(set).where('id', '=', id).where('visitorId', '=', visitorId).execute();
    const summary = change.name !== undefined ? `重命名保存的搜索为“${change.name}”` : change.status === 'paused' ? `暂停搜索提醒“${before.name}”` : `恢复搜索提醒“${before.name}”`;
    await writeAudit(trx, { action: 'update', entity: 't_saved_search', recordId: id, summary, before: { name: before.name, status: before.status }, after: change });
    return present({ ...before, ...set });
  });
}

export async function deleteSearch(db: AnyDb, visitorId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await ownSearch(trx, visitorId, id);
    await trx.deleteFrom('t_saved_search').where('id', '=', id).where('visitorId', '=', visitorId).execute();
    await writeAudit(trx, { action: 'delete', entity: 't_saved_search', recordId: id, summary: `删除保存的搜索“${before.name}”`, before: { visitorId, name: before.name, filter: before.filter } });
  });
}

/** Staff: the saved searches of one visitor (or of every visitor), newest first. */
export async function staffSearchList(db: AnyDb, visitorId: string | undefined): Promise<(SavedSearchView & { visitorId: string })[]> {
  let q = db.selectFrom('t_saved_search').select([...VIEW_COLUMNS, 'visitorId']);
  if (visitorId) q = q.where('visitorId', '=', visitorId);
  const rows = (await q.orderBy('id', 'desc').limit(500).execute()) as SavedSearchTable[];
  return rows.map((r) => ({ ...present(r), visitorId: r.visitorId }));
}

// ---------------------------------------------------------------------------------------
// Signed unsubscribe links
// ---------------------------------------------------------------------------------------

const SIGNING_KEY = 'savedSearch.signingKey';
/** The key per database handle (read once; a restored database comes with a new handle). */
const signingKeys = new WeakMap<object, Buffer>();

async function keyOf(db: AnyDb): Promise<Buffer> {
  const cached = signingKeys.get(db);
  if (cached) return cached;
  const row = await db.selectFrom('t_setting').select('value').where('key', '=', SIGNING_KEY).executeTakeFirst();
  if (!row) throw new Error('savedSearch.signingKey is missing (migration 010_saved_searches)');
  const key = Buffer.from(JSON.parse(row.value as string) as string, 'hex');
  signingKeys.set(db, key);
  return key;
}

function signature(key: Buffer, id: string): string {
  return createHmac('sha256', key).update(`unsubscribe:${id}`).digest('base64url');
}

/** The token of a search's unsubscribe link: its id and an HMAC of it with the site's key. */
export async function unsubscribeToken(db: AnyDb, id: string): Promise<string> {
  return `${id}.${signature(await keyOf(db), id)}`;
}

/** Stops the alerts of the search the token names (it is paused, not deleted). Refuses a forged token. */
export async function unsubscribe(db: AnyDb, token: string): Promise<{ name: string }> {
  const [id, sig] = token.split('.');
  const expected = id ? signature(await keyOf(db), id) : '';
  const given = Buffer.from(sig ?? '');
  if (!id || !sig || given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected))) {
    throw validationError('token', '退订链接无效');
  }
  const row = await db.selectFrom('t_saved_search').select(['id', 'name', 'status']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('保存的搜索不存在或已删除');
  if (row.status !== 'paused') {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('t_saved_search').set({ status: 'paused', updatedAt: nowIso() }).where('id', '=', id).execute();
      await writeAudit(trx, { action: 'update', entity: 't_saved_search', recordId: id, summary: `通过退订链接停止搜索提醒“${String(row.name)}”`, after: { status: 'paused' } });
    });
  }
  return { name: row.name as string };
}

// ---------------------------------------------------------------------------------------
// Parcel changes and the digests
// ---------------------------------------------------------------------------------------

export interface ParcelChange {
  dkid: string;
  kind: ParcelChangeKind;
  detail?: string | null;
}

/** Records parcel changes in the caller's transaction (the one that makes them). */
export async function recordParcelChanges(db: AnyDb, changes: ParcelChange[]): Promise<void> {
  if (changes.length === 0) return;
  const now = nowIso();
  const rows = changes.map((c) => ({ id: newId(), dkid: c.dkid, kind: c.kind, detail: c.detail ?? null, createdAt: now }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('t_parcel_change').values(rows.slice(i, i + 200)).execute();
}

export interface DigestOptions {
  /** Changes younger than this wait for the next run, so a transaction still open when the run starts is not passed over. Default 60 s. */
  settleMs?: number;
  /** Hours between two digests of one search; default 24. */
  intervalHours?: number;
}

export interface DigestReport {
  searches: number;
  digests: number;
  parcels: number;
}

const CHANGE_TEXT: Record<ParcelChangeKind, string> = { published: '新发布', tradeState: '交易状态变化', price: '价格变化' };
const TRADE_TEXT: Record<string, string> = { none: '未挂牌', listed: '挂牌中', deal: '已成交' };
/** Changes read per run and search; the rest wait for the next run. */
const CHANGE_BATCH = 2000;

interface Hit {
  dkid: string;
  dkmc: string;
  dkbh: string;
  kinds: Set<ParcelChangeKind>;
  tradeState: string | null;
  startingPrice: number | null;
}

/** The changed parcels that the search's filter matches now (through the public search's condition). */
async function matchingParcels(db: AnyDb, dialect: DialectName, filter: SavedFilter | null, dkids: string[]): Promise<Map<string, Omit<Hit, 'kinds'>>> {
  const out = new Map<string, Omit<Hit, 'kinds'>>();
  if (!filter) return out;
  const condition = await parcelCondition(db, dialect, filter);
  for (let i = 0; i < dkids.length; i += 500) {
    const rows = await db
      .selectFrom('t_landinfo')
      .select(['id', 'dkmc', 'dkbh', 'tradeState', 'startingPrice'])
      .where(condition)
      .where('t_landinfo.id', 'in', dkids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      out.set(r.id as string, {
        dkid: r.id as string,
        dkmc: String(r.dkmc ?? ''),
        dkbh: String(r.dkbh ?? ''),
        tradeState: (r.tradeState as string | null) ?? null,
        startingPrice: r.startingPrice === null || r.startingPrice === undefined ? null : Number(r.startingPrice),
      });
    }
  }
  return out;
}

function digestText(name: string, hits: Hit[], unsubscribeUrl: string): string {
  const lines = hits.slice(0, 20).map((h) => {
    const what = [...h.kinds].map((k) => CHANGE_TEXT[k]).join('、');
    const state = TRADE_TEXT[h.tradeState ?? 'none'] ?? '';
    const price = h.startingPrice === null ? '' : `，起始价${h.startingPrice}万元`;
    return `· ${h.dkmc}（${h.dkbh}）${what}：${state}${price}。查看：/mapMoreDetails/${encodeURIComponent(h.dkid)}`;
  });
  const more = hits.length > 20 ? `\n另有${hits.length - 20}个地块，请到地图找地查看。` : '';
  return `您保存的搜索“${name}”有${hits.length}个地块更新：\n${lines.join('\n')}${more}\n不再接收此搜索的提醒：${unsubscribeUrl}`;
}

/**
 * One run of the digest job: for each active search not alerted within the interval, the
 * changes past its cursor are matched; when any parcel matches, a digest is written to the
 * outbox in the transaction that moves the cursor (guarded by the cursor read, so a second
 * process doing the same finds it moved and writes nothing).
 */
export async function runSavedSearchDigests(db: AnyDb, dialect: DialectName, options: DigestOptions = {}): Promise<DigestReport> {
  const report: DigestReport = { searches: 0, digests: 0, parcels: 0 };
  const cutoff = isoPlus(-(options.settleMs ?? 60_000));
  const dueBefore = isoPlus(-(options.intervalHours ?? 24) * 3600_000);
  const searches = (await db
    .selectFrom('t_saved_search')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('lastDigestAt', 'is', null), eb('lastDigestAt', '<=', dueBefore)]))
    .orderBy('id')
    .execute()) as SavedSearchTable[];
  for (const s of searches) {
    report.searches++;
    const changes = await db
      .selectFrom('t_parcel_change')
      .select(['id', 'dkid', 'kind'])
      .where('id', '>', s.cursor)
      .where('createdAt', '<=', cutoff)
      .orderBy('id')
      .limit(CHANGE_BATCH)
      .execute();
    if (changes.length === 0) continue;
    const cursor = changes[changes.length - 1].id as string;
    const matched = await matchingParcels(db, dialect, parseFilter(s.filter), [...new Set(changes.map((c) => c.dkid as string))]);
    const hits = new Map<string, Hit>();
    for (const c of changes) {
      const parcel = matched.get(c.dkid as string);
      if (!parcel) continue;
      const hit = hits.get(parcel.dkid) ?? { ...parcel, kinds: new Set<ParcelChangeKind>() };
      hit.kinds.add(c.kind as ParcelChangeKind);
      hits.set(parcel.dkid, hit);
    }
    const list = [...hits.values()];
    const link = `/personalCenter?unsubscribe=${encodeURIComponent(await unsubscribeToken(db, s.id))}`;
    const sent = await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const moved = await trx
        .updateTable('t_saved_search')
        .set(list.length ? { cursor, lastDigestAt: now } : { cursor })
        .where('id', '=', s.id)
        .where('cursor', '=', s.cursor)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1 || list.length === 0) return false;
      await enqueueMessage(trx, {
        kind: 'system',
        type: 'savedSearch',
        title: `保存的搜索“${s.name}”有${list.length}个地块更新`,
        content: digestText(s.name, list, link),
        sourceId: list[0].dkid,
        idempotencyKey: `savedSearch:${s.id}:${cursor}`,
        values: [s.name, `${list.length}个地块更新`, now.slice(0, 10)],
        recipients: [{ visitorId: s.visitorId }],
      });
      return true;
    });
    if (sent) {
      report.digests++;
      report.parcels += list.length;
    }
  }
  return report;
}

/** Changes older than this are deleted by the digest job (every search has long moved past them). */
export const CHANGE_RETENTION_DAYS = 30;

export async function pruneParcelChanges(db: AnyDb): Promise<number> {
  const res = await db
    .deleteFrom('t_parcel_change')
    .where('createdAt', '<', isoPlus(-CHANGE_RETENTION_DAYS * 86_400_000))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
