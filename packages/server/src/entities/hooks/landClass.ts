import { conflict, validationError } from '../../lib/errors';
import { registerHooks } from '../hooks';

const MAX_LEVEL = 4;

/**
 * 地类 tree integrity: the parent must exist, the level follows from it, and a class with
 * children keeps its code and place (their parentCode points at it; moving would leave their
 * levels stale). A class with children is deleted only together with them.
 */
registerHooks('tDl', {
  async beforeSave(values, { db, def, existing }) {
    const code = (values.code ?? existing?.code) as string | undefined;
    const parentSent = 'parentCode' in values;
    const parentCode = ((parentSent ? values.parentCode : existing?.parentCode) ?? '') as string;
    if (existing) {
      const recoded = 'code' in values && values.code !== existing.code;
      const moved = parentSent && (values.parentCode ?? '') !== (existing.parentCode ?? '');
      if (!recoded && !moved) return values;
      const child = await db.selectFrom(def.table).select('id').where('parentCode', '=', existing.code).executeTakeFirst();
      if (child) throw validationError(recoded ? 'code' : 'parentCode', '该地类下有下级地类，不能修改地类代码或上级地类');
    }
    if (!parentCode) return { ...values, level: 1 };
    if (parentCode === code) throw validationError('parentCode', '上级地类不能是其本身');
    const parent = await db.selectFrom(def.table).select('level').where('code', '=', parentCode).executeTakeFirst();
    if (!parent) throw validationError('parentCode', `上级地类“${parentCode}”不存在`);
    const level = Number(parent.level ?? 1) + 1;
    if (level > MAX_LEVEL) throw validationError('parentCode', `地类最多${MAX_LEVEL}级`);
    return { ...values, level };
  },
  async beforeDelete(ids, { db, def }) {
    const rows = await db.selectFrom(def.table).select('code').where('id', 'in', ids).execute();
    const codes = rows.map((r) => r.code as string);
    if (codes.length === 0) return;
    const child = await db
      .selectFrom(def.table)
      .select(['code', 'parentCode'])
      .where('parentCode', 'in', codes)
      .where('id', 'not in', ids)
      .executeTakeFirst();
    if (child) throw conflict(`地类“${String(child.parentCode)}”下还有下级地类，请先删除下级地类`);
  },
});
