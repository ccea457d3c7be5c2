import { entityByName } from '@land/shared/entities/index';
import type { AppContext } from '../../context';
import { valueDiffers, type AnyDb, type Row } from '../../entities/repository';
import { saveRecord } from '../../entities/routes';
import { AppError } from '../../lib/errors';
import { LandTransactionError, type ExternalTransaction, type LandTransactionClient } from './types';

export interface SyncResult {
  /** Records the system reported (listed and deals, each once). */
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Records whose 宗地编号 matches no parcel here (kept, unlinked). */
  unmatched: string[];
}

const FIELDS = [
  'parcelCode', 'announcementNo', 'transactionType', 'listingStart', 'listingEnd', 'startingPrice', 'deposit',
  'bidIncrement', 'dealPrice', 'dealDate', 'winner', 'contractNo', 'transferYears', 'status',
] as const;

function toRecord(t: ExternalTransaction): Row {
  const out: Row = { externalId: t.id };
  for (const f of FIELDS) out[f] = t[f] ?? null;
  return out;
}

/**
 * Brings the transaction records in line with the transaction system. Everything is fetched
 * first; only then are the records written, in one transaction and keyed by the system's id
 * (`externalId`), so a repeated run adds nothing and a failing system (error, time-out, bad
 * data) leaves the stored records as they were. Writes go through the engine, so parcels'
 * trade states follow.
 */
export async function syncLandTransactions(ctx: Pick<AppContext, 'db'>, client: LandTransactionClient): Promise<SyncResult> {
  const [listed, deals] = await Promise.all([client.listListed(), client.listDeals()]);
  // A record in both lists has just been concluded: the deal wins.
  const byId = new Map<string, ExternalTransaction>();
  for (const t of [...listed, ...deals]) byId.set(t.id, t);
  const def = entityByName('tLandJyst')!;
  const db = ctx.db as unknown as AnyDb;
  const result: SyncResult = { fetched: byId.size, created: 0, updated: 0, unchanged: 0, unmatched: [] };
  await db.transaction().execute(async (trx) => {
    let index = 0;
    for (const t of byId.values()) {
      index += 1;
      const record = toRecord(t);
      const stored = (await trx.selectFrom(def.table).selectAll().where('externalId', '=', t.id).executeTakeFirst()) as Row | undefined;
      try {
        if (!stored) {
          const saved = await saveRecord(trx, def, record, null, 'create');
          result.created += 1;
          if (!saved.dkid) result.unmatched.push(t.parcelCode);
          continue;
        }
        const changed = Object.fromEntries(Object.entries(record).filter(([k, v]) => valueDiffers(v, stored[k])));
        if (!stored.dkid && !result.unmatched.includes(t.parcelCode)) {
          // Linked now if the parcel has been entered since the last run.
          const parcel = await trx.selectFrom('t_landinfo').select('id').where('dkbh', '=', t.parcelCode).executeTakeFirst();
          if (parcel) changed.dkid = parcel.id;
          else result.unmatched.push(t.parcelCode);
        }
        if (Object.keys(changed).length === 0) {
          result.unchanged += 1;
          continue;
        }
        await saveRecord(trx, def, { ...changed, id: stored.id }, null, 'update');
        result.updated += 1;
      } catch (err) {
        if (err instanceof AppError) {
          throw new LandTransactionError(`土地交易系统的第${index}条记录（${t.id}，宗地编号${t.parcelCode}）无法保存：${err.message}`, { cause: err });
        }
        throw err;
      }
    }
  });
  return result;
}
