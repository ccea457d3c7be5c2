/**
 * Reminders the scheduler sends by itself:
 * (a) to WeChat users holding the 租期到期提醒 permission, when a term of their company runs out
 *     within N days (setting reminderDaysAhead): a lease of a leasable resource (tenant, leaseEnd)
 *     or a land-use right (deal record: winner, dealDate + transferYears);
 * (b) to visitors who collected a parcel, when after they collected it the parcel was listed
 *     (a listing record), dealt (a deal record) or taken down (the parcel log).
 * Each reminder has a key in t_reminder_sent, written with its message in one transaction: a
 * second run (or a second server) finds the key and sends nothing.
 */
import type { AnyDb } from '../entities/repository';
import { nowIso } from '../lib/time';
import { enqueueMessage, permissionHolders, type NewMessage } from './messaging';
import './messagingTables';

export const LEASE_EXPIRY_PERMISSION = 'leaseExpiry';
/** State changes older than this are not reminded of (a first run does not replay history). */
export const STATE_CHANGE_LOOKBACK_DAYS = 30;

export interface ReminderReport {
  /** Terms expiring within the window. */
  expiringTerms: number;
  /** Collected parcels whose state changed. */
  stateChanges: number;
  /** Reminders written now (not sent before). */
  sent: number;
}

interface Term {
  key: string;
  kind: 'lease' | 'landUse';
  name: string;
  holder: string;
  expiresOn: string;
  sourceId: string;
}

const DAY_MS = 86_400_000;

function addYears(date: string, years: number): string | null {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** Leases and land-use rights that end between today and `daysAhead` days from today. */
export async function expiringTerms(db: AnyDb, daysAhead: number, today = nowIso().slice(0, 10)): Promise<Term[]> {
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + daysAhead * DAY_MS).toISOString().slice(0, 10);
  const leases = await db
    .selectFrom('t_kczy')
    .select(['id', 'name', 'tenant', 'leaseEnd'])
    .where('leaseEnd', '>=', today)
    .where('leaseEnd', '<=', until)
    .where('tenant', 'is not', null)
    .where('tenant', '<>', '')
    .execute();
  const terms: Term[] = leases.map((l) => ({
    key: `lease:${l.id as string}:${l.leaseEnd as string}`,
    kind: 'lease',
    name: l.name as string,
    holder: (l.tenant as string).trim(),
    expiresOn: l.leaseEnd as string,
    sourceId: l.id as string,
  }));
  // The end of a land-use right is computed from the deal (portable date arithmetic is not).
  const deals = await db
    .selectFrom('t_land_jyst as j')
    .leftJoin('t_landinfo as p', 'p.id', 'j.dkid')
    .select(['j.id as id', 'j.dkid as dkid', 'j.parcelCode as parcelCode', 'j.winner as winner', 'j.dealDate as dealDate', 'j.transferYears as transferYears', 'p.dkmc as dkmc', 'p.tenureYears as tenureYears'])
    .where('j.status', '=', 'dealt')
    .where('j.dealDate', 'is not', null)
    .where('j.winner', 'is not', null)
    .execute();
  for (const d of deals) {
    const years = Number(d.transferYears ?? d.tenureYears);
    if (!years || !d.winner) continue;
    const end = addYears(String(d.dealDate), years);
    if (!end || end < today || end > until) continue;
    terms.push({
      key: `landUse:${d.id as string}:${end}`,
      kind: 'landUse',
      name: (d.dkmc as string | null) ?? (d.parcelCode as string),
      holder: String(d.winner).trim(),
      expiresOn: end,
      sourceId: (d.dkid as string | null) ?? (d.id as string),
    });
  }
  return terms;
}

/** Writes one reminder unless its key was written before; true when written now. */
async function remindOnce(db: AnyDb, key: string, message: NewMessage): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('t_reminder_sent')
      .values({ key, messageId: null, createdAt: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const sent = await enqueueMessage(trx, { ...message, idempotencyKey: `reminder:${key}` });
    await trx.updateTable('t_reminder_sent').set({ messageId: sent.messageId }).where('key', '=', key).execute();
    return true;
  });
}

async function remindExpiringTerms(db: AnyDb, daysAhead: number, today: string): Promise<{ terms: number; sent: number }> {
  const terms = await expiringTerms(db, daysAhead, today);
  let sent = 0;
  for (const term of terms) {
    const holders = await permissionHolders(db, LEASE_EXPIRY_PERMISSION, { company: term.holder });
    const what = term.kind === 'lease' ? '租期' : '土地使用权';
    for (const h of holders) {
      const who = h.openid ?? h.visitorId ?? '';
      const ok = await remindOnce(db, `expiry:${term.key}:${who}`, {
        kind: 'reminder',
        type: 'leaseExpiry',
        title: term.kind === 'lease' ? '租期到期提醒' : '土地使用权到期提醒',
        content: `${term.holder}的“${term.name}”${what}将于${term.expiresOn}到期，请及时办理${term.kind === 'lease' ? '续租' : '续期'}等相关手续。`,
        sourceId: term.sourceId,
        values: [term.name, term.expiresOn, `${what}即将到期，请及时办理`],
        recipients: [h],
      });
      if (ok) sent++;
    }
  }
  return { terms: terms.length, sent };
}

interface StateChange {
  key: string;
  dkid: string;
  dkmc: string;
  state: 'listed' | 'deal' | 'takenDown';
  at: string;
  note: string | null;
}

const CHANGE_TEXT: Record<StateChange['state'], { title: string; type: string; text: string }> = {
  listed: { title: '土地出让公告提醒', type: 'landNotice', text: '已挂牌出让' },
  deal: { title: '成交公示提醒', type: 'dealNotice', text: '已成交' },
  takenDown: { title: '地块下架通知', type: 'system', text: '已下架' },
};

/** Listings, deals and take-downs of the last days: the transaction records and the parcel log tell. */
async function recentStateChanges(db: AnyDb, since: string): Promise<StateChange[]> {
  const records = await db
    .selectFrom('t_land_jyst as j')
    .innerJoin('t_landinfo as p', 'p.id', 'j.dkid')
    .select(['j.id as id', 'j.dkid as dkid', 'p.dkmc as dkmc', 'j.status as status', 'j.updatedAt as at', 'j.listingEnd as listingEnd', 'j.dealPrice as dealPrice'])
    .where('j.status', 'in', ['listing', 'dealt'])
    .where('j.updatedAt', '>=', since)
    .execute();
  const changes: StateChange[] = records.map((r) => {
    const state = r.status === 'dealt' ? 'deal' : 'listed';
    return {
      key: `jyst:${r.id as string}:${state}`,
      dkid: r.dkid as string,
      dkmc: r.dkmc as string,
      state,
      at: r.at as string,
      note: state === 'listed' && r.listingEnd ? `挂牌截止日期${r.listingEnd as string}` : state === 'deal' && r.dealPrice ? `成交价${r.dealPrice as number}万元` : null,
    };
  });
  const takeDowns = await db
    .selectFrom('t_landinfo_log')
    .select(['id', 'dkid', 'dkmc', 'at', 'comment'])
    .where('toState', '=', 'takenDown')
    .where('at', '>=', since)
    .execute();
  for (const t of takeDowns) {
    changes.push({ key: `log:${t.id}`, dkid: t.dkid, dkmc: t.dkmc ?? '', state: 'takenDown', at: t.at, note: t.comment ? `原因：${t.comment}` : null });
  }
  return changes;
}

async function remindCollectors(db: AnyDb, today: string): Promise<{ changes: number; sent: number }> {
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - STATE_CHANGE_LOOKBACK_DAYS * DAY_MS).toISOString();
  const changes = await recentStateChanges(db, since);
  let sent = 0;
  for (const change of changes) {
    // Only visitors who collected the parcel before it changed are told about the change.
    const collectors = await db
      .selectFrom('t_collection')
      .select('visitorId')
      .where('dkid', '=', change.dkid)
      .where('createdAt', '<=', change.at)
      .execute();
    const words = CHANGE_TEXT[change.state];
    for (const c of collectors) {
      const ok = await remindOnce(db, `collected:${c.visitorId}:${change.key}`, {
        kind: 'reminder',
        type: words.type,
        title: words.title,
        content: `您收藏的地块“${change.dkmc}”${words.text}${change.note ? `，${change.note}` : ''}。`,
        sourceId: change.dkid,
        values: [change.dkmc, change.at.slice(0, 10), words.text],
        recipients: [{ visitorId: c.visitorId }],
      });
      if (ok) sent++;
    }
  }
  return { changes: changes.length, sent };
}

/** One reminder run: both kinds; safe to repeat. */
export async function runReminders(db: AnyDb, options: { daysAhead: number; today?: string }): Promise<ReminderReport> {
  const today = options.today ?? nowIso().slice(0, 10);
  const expiry = await remindExpiringTerms(db, options.daysAhead, today);
  const collected = await remindCollectors(db, today);
  return { expiringTerms: expiry.terms, stateChanges: collected.changes, sent: expiry.sent + collected.sent };
}

