import type { TradeState } from '@land/shared/lifecycle';
import type { AnyDb } from '../repository';
import { recordParcelChanges } from '../../services/savedSearches';
import { registerHooks } from '../hooks';

/**
 * The trade state a parcel's transaction records give it: 已成交 once any deal is recorded,
 * otherwise 挂牌中 while a listing runs, otherwise 未挂牌 (failed or terminated listings).
 */
export async function refreshTradeState(db: AnyDb, dkids: unknown[]): Promise<void> {
  for (const dkid of new Set(dkids.filter((d): d is string => typeof d === 'string' && d !== ''))) {
    const rows = await db.selectFrom('t_land_jyst').select('status').where('dkid', '=', dkid).execute();
    const statuses = new Set(rows.map((r) => r.status as string));
    const tradeState: TradeState = statuses.has('dealt') ? 'deal' : statuses.has('listing') ? 'listed' : 'none';
    // A derived column: no version bump, so an editor's open form is not invalidated by it.
    const res = await db.updateTable('t_landinfo').set({ tradeState }).where('id', '=', dkid).where('tradeState', '<>', tradeState).executeTakeFirst();
    // Saved searches are alerted of the change; recorded in the transaction that makes it.
    if (Number(res.numUpdatedRows) > 0) await recordParcelChanges(db, [{ dkid, kind: 'tradeState', detail: tradeState }]);
  }
}

/**
 * 土地交易记录: a record naming only the 宗地编号 is linked to the parcel with that code, and the
 * parcel's trade state (挂牌中 / 已成交) follows its records on every save and delete.
 */
registerHooks('tLandJyst', {
  async beforeSave(values, { db, existing }) {
    const dkid = 'dkid' in values ? values.dkid : existing?.dkid;
    const code = values.parcelCode ?? existing?.parcelCode;
    if ((dkid === null || dkid === undefined || dkid === '') && typeof code === 'string' && code) {
      const parcel = await db.selectFrom('t_landinfo').select('id').where('dkbh', '=', code).executeTakeFirst();
      if (parcel) return { ...values, dkid: parcel.id };
    }
    return values;
  },
  async afterSave(record, { db, existing }) {
    await refreshTradeState(db, [record.dkid, existing?.dkid]);
  },
  async afterDelete(records, { db }) {
    await refreshTradeState(db, records.map((r) => r.dkid));
  },
});
