import { INDICATORS } from '@land/shared/entities/planningIndicator';
import { MATCHING_ITEMS } from '@land/shared/entities/landMatching';
import { PARCEL_STATE_LABELS, type ParcelState } from '@land/shared/lifecycle';
import { conflict, validationError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { staffName } from '../../services/parcelLog';
import { CONFIDENTIAL_PRICE_TYPES } from '../../services/publicParcels';
import { recordParcelChanges } from '../../services/savedSearches';
import { registerHooks } from '../hooks';
import { valueDiffers, type AnyDb, type Row } from '../repository';

/** Refuses a change to what a parcel offers once it has left 录入中 (as the parcel's own fields). */
async function requireDraft(db: AnyDb, dkids: unknown[], what: string): Promise<void> {
  const ids = [...new Set(dkids.filter((d): d is string => typeof d === 'string' && d !== ''))];
  if (ids.length === 0) return;
  const row = await db.selectFrom('t_landinfo').select(['dkmc', 'status']).where('id', 'in', ids).where('status', '<>', 'draft').executeTakeFirst();
  if (row) {
    const state = PARCEL_STATE_LABELS[row.status as ParcelState] ?? String(row.status);
    throw validationError('dkid', `地块“${String(row.dkmc)}”${state}，不能修改${what}；如需修改请先退回录入`);
  }
}

/** Parcel summary columns that follow the indicator rows: [column for the lower, the upper bound]. */
const SUMMARY: Record<string, [string | null, string | null]> = {
  plotRatio: ['plotRatioMin', 'plotRatioMax'],
  buildingDensity: ['buildingDensityMin', 'buildingDensityMax'],
  greenRatio: ['greenRatioMin', 'greenRatioMax'],
  heightLimit: [null, 'heightLimit'],
  investmentIntensity: ['investmentIntensity', null],
  taxPerMu: ['taxPerMu', null],
};

/** Brings a parcel's summary columns (容积率上下限…) in line with its indicator rows. */
async function syncIndicatorSummary(db: AnyDb, dkids: unknown[]): Promise<void> {
  for (const dkid of new Set(dkids.filter((d): d is string => typeof d === 'string' && d !== ''))) {
    const rows = await db.selectFrom('t_ydzb').select(['indicator', 'comparator', 'value', 'valueMax']).where('dkid', '=', dkid).execute();
    const set: Row = {};
    for (const [indicator, [lowCol, highCol]] of Object.entries(SUMMARY)) {
      let low: number | null = null;
      let high: number | null = null;
      for (const r of rows.filter((x) => x.indicator === indicator)) {
        const v = Number(r.value);
        const c = r.comparator as string;
        if (c === 'ge' || c === 'eq' || c === 'between') low = v;
        if (c === 'le' || c === 'eq') high = v;
        if (c === 'between') high = r.valueMax === null ? null : Number(r.valueMax);
      }
      // A one-column indicator takes whichever bound was given.
      if (lowCol) set[lowCol] = low ?? (highCol ? null : high);
      if (highCol) set[highCol] = high ?? (lowCol ? null : low);
    }
    await db.updateTable('t_landinfo').set(set).where('id', '=', dkid).execute();
  }
}

/**
 * 用地指标: "介于" needs an upper value above the lower one (other comparators ignore it),
 * percentages stay within 100, the
 * unit defaults to the indicator's; rows change only while the parcel is 录入中, and the
 * parcel's summary columns follow them.
 */
registerHooks('tYdzb', {
  async beforeSave(values, { db, existing }) {
    const merged = { ...existing, ...values };
    await requireDraft(db, [merged.dkid, existing?.dkid], '用地指标');
    const spec = INDICATORS.find((i) => i.value === merged.indicator);
    const out = { ...values };
    if (merged.comparator === 'between') {
      if (typeof merged.valueMax !== 'number') throw validationError('valueMax', '“介于”需要填写上限值');
      if (merged.valueMax <= Number(merged.value)) throw validationError('valueMax', '上限值必须大于指标值（下限）');
    }
    if (spec?.percent) {
      for (const k of merged.comparator === 'between' ? (['value', 'valueMax'] as const) : (['value'] as const)) {
        if (typeof merged[k] === 'number' && (merged[k] as number) > 100) throw validationError(k, `${spec.label}不能超过100%`);
      }
    }
    if ((merged.unit === undefined || merged.unit === null || merged.unit === '') && spec) out.unit = spec.unit;
    return out;
  },
  async afterSave(record, { db, existing }) {
    await syncIndicatorSummary(db, [record.dkid, existing?.dkid]);
  },
  async beforeDelete(ids, { db }) {
    const rows = await db.selectFrom('t_ydzb').select('dkid').where('id', 'in', ids).execute();
    await requireDraft(db, rows.map((r) => r.dkid), '用地指标');
  },
  async afterDelete(records, { db }) {
    await syncIndicatorSummary(db, records.map((r) => r.dkid));
  },
});

/** 七通一平: how many of the eight items reach the red line; 场地平整 also marks the parcel. */
registerHooks('tLandmatching', {
  beforeSave(values, { existing }) {
    const merged = { ...existing, ...values };
    const readyCount = MATCHING_ITEMS.filter((i) => merged[i.name] === 'ready').length;
    return { ...values, readyCount };
  },
  async afterSave(record, { db }) {
    const levelled = record.levelled === 'ready' ? 1 : 0;
    await db.updateTable('t_landinfo').set({ levelled }).where('id', '=', record.dkid as string).execute();
  },
});

/** 全景标注: a marker id is unique within its parcel (the viewer addresses markers by it). */
registerHooks('tPhotoSphereMarker', {
  async beforeSave(values, { db, existing }) {
    const dkid = values.dkid ?? existing?.dkid;
    const markerId = values.markerId ?? existing?.markerId;
    let q = db.selectFrom('t_photosphere_marker').select('id').where('dkid', '=', dkid).where('markerId', '=', markerId);
    if (existing) q = q.where('id', '<>', existing.id);
    if (await q.executeTakeFirst()) throw conflict(`标注编号“${String(markerId)}”在该地块已存在`);
    return values;
  },
});

/** 下架记录: who and when default to the one saving it, now. */
registerHooks('tDkxj', {
  async beforeSave(values, { db, existing, actorId }) {
    const out = { ...values };
    if (!existing && !out.takenDownAt) out.takenDownAt = nowIso();
    if (!existing && !out.takenDownBy) out.takenDownBy = await staffName(db, actorId);
    return out;
  },
});

/**
 * 地块价格: a new or changed public price of a parcel is a price change that saved searches are
 * alerted of (recorded in the saving transaction). Appraisals stay confidential and are not.
 */
registerHooks('tDkxq', {
  async afterSave(record, { db, existing }) {
    if (CONFIDENTIAL_PRICE_TYPES.includes(String(record.priceType))) return;
    const changed = !existing || ['price', 'priceType', 'unit', 'dkid'].some((k) => valueDiffers(record[k], existing[k]));
    if (!changed || typeof record.dkid !== 'string') return;
    await recordParcelChanges(db, [{ dkid: record.dkid, kind: 'price', detail: `${String(record.priceType)}:${String(record.price)}` }]);
  },
});
