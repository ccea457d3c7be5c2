import { PARCEL_LOCKED_FIELDS } from '@land/shared/entities/parcel';
import { PARCEL_STATE_LABELS, type ParcelState } from '@land/shared/lifecycle';
import { bbox, centroid, geodesicArea, validateParcelGeometry } from '@land/shared/geo/index';
import { round } from '@land/shared/helpers';
import { conflict, validationError } from '../../lib/errors';
import { writeParcelLog } from '../../services/parcelLog';
import { registerHooks, type HookContext } from '../hooks';
import { valueDiffers as differs, type Row } from '../repository';
import { keepAreaUnits } from './areaUnits';

/** Columns the server derives from the boundary; never taken from the client. */
const DERIVED = ['geometryArea', 'centerLon', 'centerLat', 'minLon', 'minLat', 'maxLon', 'maxLat'] as const;
/** Changed only by transitions and transaction records. */
const MANAGED = ['status', 'tradeState', 'publishedAt', 'visitcount', 'editedBy'] as const;

/**
 * Validates a parcel boundary and derives its area (m², on the CGCS2000 ellipsoid), centre (a
 * point inside the parcel) and bounding box. Refused geometry is an A0400 on `geometry` with
 * the geometry library's message (which ring, what is wrong).
 */
export function deriveGeometry(geometry: unknown): Row {
  if (geometry === null || geometry === undefined) return { geometry: null, ...Object.fromEntries(DERIVED.map((k) => [k, null])) };
  const result = validateParcelGeometry(geometry);
  if (!result.ok) throw validationError('geometry', `地块边界不正确：${result.message}`);
  const g = result.geometry;
  const [minLon, minLat, maxLon, maxLat] = bbox(g);
  const [centerLon, centerLat] = centroid(g);
  return {
    geometry: g,
    geometryArea: round(geodesicArea(g), 2),
    centerLon: round(centerLon, 7),
    centerLat: round(centerLat, 7),
    minLon: round(minLon, 7),
    minLat: round(minLat, 7),
    maxLon: round(maxLon, 7),
    maxLat: round(maxLat, 7),
  };
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

const units = keepAreaUnits(['landArea', 'landAreaMu']);
/** Fields changed by an edit of a parcel past 录入中, from beforeSave to afterSave. */
const loggedEdits = new WeakMap<HookContext, string[]>();

/**
 * 地块: the boundary is validated and measured; 土地面积 is kept in m² and 亩 and, when not
 * given, taken from the boundary; the lifecycle state is not a form field (it starts 录入中 and
 * changes only by transitions). Past 录入中 the fields in PARCEL_LOCKED_FIELDS are locked; other
 * edits are allowed and written to the parcel's log.
 */
registerHooks('tLandinfo', {
  // beforeSave of a new parcel only derives values; afterSave logs edits of stored parcels only.
  bulkCreate: true,
  async beforeSave(values, ctx) {
    const { existing, def } = ctx;
    let out: Row = { ...values };
    for (const k of [...DERIVED, ...MANAGED]) delete out[k];
    if ('geometry' in out) out = { ...out, ...deriveGeometry(out.geometry) };
    out = (await units(out, ctx)) ?? out;
    // 土地面积 is required; the drawn boundary stands in when neither unit was entered.
    const geometryArea = 'geometryArea' in out ? out.geometryArea : existing?.geometryArea;
    const areaMissing = existing ? 'landArea' in out && empty(out.landArea) : empty(out.landArea);
    if (areaMissing) {
      if (typeof geometryArea !== 'number') throw validationError('landArea', '请输入土地面积');
      const { landAreaMu: _, ...rest } = out;
      out = (await units({ ...rest, landArea: geometryArea }, ctx)) ?? out;
    }
    if (!existing) return { ...out, editedBy: ctx.actorId };

    const label = (name: string) => def.fields.find((f) => f.name === name)?.label ?? name;
    // In the form's order, so messages and the log read like the form.
    const changed = def.fields.map((f) => f.name).filter((k) => k in out && differs(out[k], existing[k]));
    // A save that changes nothing does not make its author the parcel's last editor (four eyes).
    if (changed.length > 0) out.editedBy = ctx.actorId;
    if (existing.status === 'draft') return out;
    const locked = changed.filter((k) => PARCEL_LOCKED_FIELDS.includes(k));
    if (locked.length > 0) {
      const state = PARCEL_STATE_LABELS[existing.status as ParcelState] ?? String(existing.status);
      throw validationError(locked[0], `地块${state}，不能修改${locked.map(label).join('、')}；如需修改请先退回录入`);
    }
    loggedEdits.set(ctx, changed.map(label));
    return out;
  },
  async afterSave(record, ctx) {
    const changed = loggedEdits.get(ctx);
    if (!changed?.length) return;
    await writeParcelLog(ctx.db, [
      {
        dkid: record.id as string,
        dkmc: record.dkmc as string,
        action: 'edit',
        fromState: record.status as string,
        toState: record.status as string,
        comment: `修改：${changed.join('、')}`,
        actorId: ctx.actorId,
      },
    ]);
  },
  async beforeDelete(ids, { db }) {
    const rows = await db.selectFrom('t_landinfo').select(['dkmc', 'status']).where('id', 'in', ids).where('status', '<>', 'draft').execute();
    if (rows.length > 0) {
      const r = rows[0];
      throw conflict(`地块“${String(r.dkmc)}”${PARCEL_STATE_LABELS[r.status as ParcelState] ?? ''}，不能删除；只能删除录入中的地块`);
    }
  },
  async afterDelete(records, { db, actorId }) {
    await writeParcelLog(
      db,
      records.map((r) => ({ dkid: r.id as string, dkmc: r.dkmc as string, action: 'delete', fromState: r.status as string, actorId })),
    );
  },
});
