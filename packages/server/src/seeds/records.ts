import type { EntityDef } from '@land/shared/entity';
import { entityByName } from '@land/shared/entities/index';
import { AppError } from '../lib/errors';
import type { AnyDb, Row } from '../entities/repository';
import { saveRecord } from '../entities/routes';

export function entity(name: string): EntityDef {
  const def = entityByName(name);
  if (!def) throw new Error(`Unknown entity ${name}`);
  return def;
}

/**
 * Creates demo records through the engine's write path (validation, sanitising, hooks), so a
 * demo row that a clerk could not enter fails the seed. Values of fields that are not form
 * input (counters such as visitcount) are set afterwards, as the public site would have.
 */
export async function createAll(trx: AnyDb, entityName: string, rows: Row[], actorId: string | null): Promise<Row[]> {
  const def = entity(entityName);
  const counters = new Set(def.fields.filter((f) => f.form === false).map((f) => f.name));
  const created: Row[] = [];
  for (const [i, row] of rows.entries()) {
    const input = Object.fromEntries(Object.entries(row).filter(([k]) => !counters.has(k)));
    const extra = Object.fromEntries(Object.entries(row).filter(([k]) => counters.has(k)));
    let record: Row;
    try {
      record = await saveRecord(trx, def, input, actorId, 'create');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw new Error(`Demo ${def.name} row ${i + 1} refused: ${err.message} ${JSON.stringify(err.data)}`, { cause: err });
    }
    if (Object.keys(extra).length > 0) {
      await trx.updateTable(def.table).set(extra).where('id', '=', record.id).execute();
      record = { ...record, ...extra };
    }
    created.push(record);
  }
  return created;
}

/** Updates one demo record through the engine, as a clerk's later edit would. */
export async function updateOne(trx: AnyDb, entityName: string, raw: Row, actorId: string | null): Promise<Row> {
  const def = entity(entityName);
  try {
    return await saveRecord(trx, def, raw, actorId, 'update');
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw new Error(`Demo ${def.name} update refused: ${err.message} ${JSON.stringify(err.data)}`, { cause: err });
  }
}

/** True when any entity table already holds a record: then the demo leaves the data alone. */
export async function anyEntityRows(db: AnyDb, defs: EntityDef[]): Promise<boolean> {
  for (const def of defs) {
    if (await db.selectFrom(def.table).select('id').limit(1).executeTakeFirst()) return true;
  }
  return false;
}
