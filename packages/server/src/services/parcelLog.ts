import type { ParcelLogRow } from '@land/shared/lifecycle';
import type { AnyDb } from '../entities/repository';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';

export interface ParcelLogEntry {
  dkid: string;
  dkmc?: string | null;
  action: string;
  fromState?: string | null;
  toState?: string | null;
  comment?: string | null;
  actorId: string | null;
  actorName?: string | null;
  /** System note (four eyes switched off, overlap published with a reason). */
  note?: string | null;
}

/** The display name of a staff user, for records that keep who did something. */
export async function staffName(db: AnyDb, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db.selectFrom('t_user').select('userName').where('id', '=', userId).executeTakeFirst();
  return (row?.userName as string | undefined) ?? null;
}

export async function writeParcelLog(db: AnyDb, entries: ParcelLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const names = new Map<string | null, string | null>();
  const at = nowIso();
  const rows = [];
  for (const e of entries) {
    let actorName = e.actorName;
    if (actorName === undefined) {
      if (!names.has(e.actorId)) names.set(e.actorId, await staffName(db, e.actorId));
      actorName = names.get(e.actorId) ?? null;
    }
    rows.push({
      id: newId(),
      dkid: e.dkid,
      dkmc: e.dkmc ?? null,
      action: e.action,
      fromState: e.fromState ?? null,
      toState: e.toState ?? null,
      comment: e.comment ?? null,
      actorId: e.actorId,
      actorName,
      at,
      note: e.note ?? null,
    });
  }
  await db.insertInto('t_landinfo_log').values(rows).execute();
}

/** A parcel's history, oldest first (ids are time-ordered). */
export async function parcelLog(db: AnyDb, dkid: string): Promise<ParcelLogRow[]> {
  return (await db.selectFrom('t_landinfo_log').selectAll().where('dkid', '=', dkid).orderBy('id', 'asc').execute()) as ParcelLogRow[];
}
