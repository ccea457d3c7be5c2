import { z } from 'zod';
import { optionalNumber } from '../../services/publicQuery';

/** A record id (our ids are 26 characters; 32 leaves room for imported ones). */
export const recordId = (label: string) => z.string({ error: `缺少${label}` }).trim().min(1, `缺少${label}`).max(32, `${label}不正确`);

export const idInput = z.object({ id: recordId('记录编号') });

/** A parcel named as `dkid` or `id` (the detail pages send either). */
export const parcelRef = z
  .object({ dkid: z.string().max(32, '地块编号不正确').nullish(), id: z.string().max(32, '地块编号不正确').nullish() })
  .transform((v) => ({ dkid: (v.dkid || v.id || '').trim() }))
  .refine((v) => v.dkid !== '', { message: '缺少地块编号', path: ['dkid'] });

/** The detail page's one call: a parcel as `dkid` or `id`, and how many parcels of its district to add (`nearby`, 0–20). */
export const parcelPageRef = z
  .object({
    dkid: z.string().max(32, '地块编号不正确').nullish(),
    id: z.string().max(32, '地块编号不正确').nullish(),
    nearby: optionalNumber({ min: 0, max: 20, integer: true, message: '同片区地块数应为0到20' }),
  })
  .transform((v) => ({ dkid: (v.dkid || v.id || '').trim(), nearby: v.nearby ?? 0 }))
  .refine((v) => v.dkid !== '', { message: '缺少地块编号', path: ['dkid'] });

/** An array as is; a string as the JSON array it holds or as a comma list (form posts, GET). */
export function jsonOrCommaList(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s);
    } catch {
      return s;
    }
  }
  return s.split(',').map((x) => x.trim()).filter(Boolean);
}

/** ids as an array (JSON), its JSON text or a comma list (form posts, GET). */
export const idsInput = (label: string, min = 1, max = 500) =>
  z.preprocess(
    jsonOrCommaList,
    z
      .array(z.string().trim().min(1).max(32), { error: `请选择${label}` })
      .min(min, min > 1 ? `请至少选择${min}个${label}` : `请选择${label}`)
      .max(max, `最多选择${max}个${label}`),
  );

/** A list of names from a fixed set, sent as an array or a comma list. */
export const listOf = <T extends string>(values: readonly [T, ...T[]], label: string) =>
  z.preprocess(jsonOrCommaList, z.array(z.enum(values, { error: `${label}只能是 ${values.join('、')} 之一` })).max(values.length));
