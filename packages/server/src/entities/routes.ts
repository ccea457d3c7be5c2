import './hooks/index';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { entityInputSchema, recordProblem, type EntityDef, type FieldDef, type StandardCall } from '@land/shared/entity';
import { entityByName } from '@land/shared/entities/index';
import type { AppContext } from '../context';
import { defineCall, parseInput } from '../lib/call';
import { conflict, notFound, validationError } from '../lib/errors';
import { UNPAGED_LIMIT, compileConditions, orderClause, pagedQuerySchema, runPagedQuery } from '../lib/pagedQuery';
import { idList } from '../routes/users';
import { queryColumns, selectColumns } from './columns';
import { entityHooks, type HookContext } from './hooks';
import { deleteRecords, findById, insertRecord, insertRecords, presentRow, updateRecord, type AnyDb, type Row } from './repository';
import type { BulkCreator } from './bulk';
import { registerExcelRoutes } from './excel';
import { registerBatchRoutes } from './batch';
import { applyDeleteRules, checkRefs } from './refs';
import { sanitizeRichText } from './sanitize';
import { captureRows, isRecycled, newCollector, storeRecycled, type RecycleCollector } from '../services/recycleBin';

const idInput = z.object({ id: z.string({ error: '缺少记录编号' }).min(1, '缺少记录编号').max(32, '记录编号不正确') });

function orderOf(def: EntityDef) {
  return [
    ...(def.defaultOrder ?? []).map((o) => ({ column: o.field, direction: o.direction })),
    { column: 'id', direction: 'desc' as const },
  ];
}

async function checkUnique(db: AnyDb, def: EntityDef, values: Row, id?: string): Promise<void> {
  for (const f of def.fields) {
    const v = values[f.name];
    if (!f.unique || v === undefined || v === null || v === '') continue;
    let q = db.selectFrom(def.table).select('id').where(f.name, '=', v);
    if (id) q = q.where('id', '<>', id);
    // The field named, so that the form marks it (and scrolls to it) as it does a refused value.
    if (await q.executeTakeFirst()) throw conflict(`${f.label}“${String(v)}”已存在`, { field: f.name });
  }
}

function cleanValues(def: EntityDef, values: Row): Row {
  const out = { ...values };
  for (const f of def.fields) {
    if (f.type === 'richText' && typeof out[f.name] === 'string') out[f.name] = sanitizeRichText(out[f.name] as string);
    if (f.type === 'string' && typeof out[f.name] === 'string') out[f.name] = (out[f.name] as string).trim();
  }
  delete out.id;
  delete out.version;
  return out;
}

/** A new record gets the declared default of every field it leaves empty (before validation). */
function withDefaults(def: EntityDef, raw: Row): Row {
  const out = { ...raw };
  for (const f of def.fields) {
    const v = out[f.name];
    if (f.default !== undefined && f.form !== false && (v === undefined || v === null || v === '')) out[f.name] = f.default;
  }
  return out;
}

/** Input schemas per definition, built once: building them costs more than most saves. */
const inputSchemas = new WeakMap<EntityDef, { create: ReturnType<typeof entityInputSchema>; update: ReturnType<typeof entityInputSchema> }>();

function inputSchema(def: EntityDef, isUpdate: boolean) {
  let cached = inputSchemas.get(def);
  if (!cached) {
    cached = { create: entityInputSchema(def), update: entityInputSchema(def, { partial: true }) };
    inputSchemas.set(def, cached);
  }
  return isUpdate ? cached.update : cached.create;
}

/**
 * Saves one record inside the given transaction: validation by the definition, uniqueness,
 * sanitising, hooks, optimistic version check. Used by every write path (form save, Excel).
 */
export async function saveRecord(
  trx: AnyDb,
  def: EntityDef,
  raw: Row,
  actorId: string | null,
  mode: 'save' | 'create' | 'update' = 'save',
): Promise<Row> {
  if (mode === 'save') raw = await resolveUpsert(trx, def, raw);
  const id = typeof raw.id === 'string' && raw.id ? raw.id : undefined;
  if (mode === 'update' && !id) throw validationError('id', '缺少记录编号');
  const isUpdate = mode === 'update' || (mode === 'save' && id !== undefined);
  const input = parseInput(inputSchema(def, isUpdate), isUpdate ? raw : withDefaults(def, raw)) as Row;
  const existing = isUpdate ? await findById(trx, def, id!) : undefined;
  if (isUpdate && !existing) throw notFound(`${def.label}不存在或已删除`);
  const hookCtx: HookContext = { db: trx, def, actorId, existing };
  let values = cleanValues(def, input);
  // Only fields the client sent are changed on update.
  if (isUpdate) values = Object.fromEntries(Object.entries(values).filter(([k]) => k in raw));
  const hooks = entityHooks[def.name];
  values = (await hooks?.beforeSave?.(values, hookCtx)) ?? values;
  // Rules over two fields, on the record as it will be stored (an update reads the rest from the stored record).
  const problem = recordProblem(def, existing ? { ...existing, ...values } : values, existing ? new Set(Object.keys(values)) : undefined);
  if (problem) throw validationError(problem.field, problem.message);
  await checkRefs(trx, def, values, existing);
  await checkUnique(trx, def, values, id);
  const record = isUpdate
    ? await updateRecord(trx, def, id!, values, actorId, input.version as number | undefined)
    : await insertRecord(trx, def, { ...values, ...(mode === 'create' || !id ? {} : { id }) }, actorId);
  await hooks?.afterSave?.(record, hookCtx);
  return record;
}

/** Values per IN list of a set-based check. */
const CHECK_CHUNK = 500;

async function existingValues(trx: AnyDb, table: string, column: string, values: unknown[]): Promise<Set<string>> {
  const found = new Set<string>();
  const distinct = [...new Map(values.map((v) => [String(v), v])).values()];
  for (let i = 0; i < distinct.length; i += CHECK_CHUNK) {
    const rows = await trx.selectFrom(table).select(`${column} as v`).where(column, 'in', distinct.slice(i, i + CHECK_CHUNK)).execute();
    for (const r of rows) found.add(String((r as Row).v));
  }
  return found;
}

export function bulkCreator(db: AnyDb, def: EntityDef, actorId: string | null): BulkCreator | undefined {
  const hooks = entityHooks[def.name];
  if (def.upsertKey?.length || (hooks && !hooks.bulkCreate)) return undefined;
  const refFields = def.fields.flatMap((f) => {
    const spec = f.type === 'ref' ? f.ref : f.type === 'tree' ? f.tree : undefined;
    const target = spec ? entityByName(spec.entity) : undefined;
    return spec && target ? [{ f, table: target.table, column: spec.valueField ?? 'id', self: target === def }] : [];
  });
  // Visitors are checked one by one (active accounts only), as saveRecord does.
  if (refFields.some((r) => r.self) || def.fields.some((f) => f.visitor)) return undefined;
  const uniqueFields = def.fields.filter((f) => f.unique);
  const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
  return {
    async prepare(raw) {
      const input = parseInput(inputSchema(def, false), withDefaults(def, raw)) as Row;
      const ctx: HookContext = { db, def, actorId };
      let values = cleanValues(def, input);
      values = (await hooks?.beforeSave?.(values, ctx)) ?? values;
      const problem = recordProblem(def, values);
      if (problem) throw validationError(problem.field, problem.message);
      return { values, ctx };
    },
    async check(trx, records) {
      const found = new Map<FieldDef, Set<string>>();
      for (const r of refFields) {
        const values = records.map((p) => p.values[r.f.name]).filter((v) => !isEmpty(v));
        found.set(r.f, await existingValues(trx, r.table, r.column, values));
      }
      const taken = new Map<FieldDef, Set<string>>();
      for (const f of uniqueFields) {
        const values = records.map((p) => p.values[f.name]).filter((v) => !isEmpty(v));
        taken.set(f, await existingValues(trx, def.table, f.name, values));
      }
      // Row after row as saveRecord would: references, then uniqueness against the stored
      // records and the rows before it that passed.
      return records.map(({ values }) => {
        for (const r of refFields) {
          const v = values[r.f.name];
          if (!isEmpty(v) && !found.get(r.f)!.has(String(v))) return validationError(r.f.name, `${r.f.label}“${String(v)}”不存在或已删除`);
        }
        for (const f of uniqueFields) {
          const v = values[f.name];
          if (!isEmpty(v) && taken.get(f)!.has(String(v))) return conflict(`${f.label}“${String(v)}”已存在`);
        }
        for (const f of uniqueFields) if (!isEmpty(values[f.name])) taken.get(f)!.add(String(values[f.name]));
        return undefined;
      });
    },
    async insert(trx, records, onChunk) {
      const saved = await insertRecords(trx, def, records.map((r) => r.values), actorId, onChunk);
      if (hooks?.afterSave) {
        for (const [i, record] of saved.entries()) await hooks.afterSave(record, { ...records[i].ctx, db: trx });
      }
      return saved;
    },
  };
}

/**
 * Deletes records with their hooks and delete rules. A main record (RECYCLED_ENTITIES) goes to
 * the recycle bin with everything its delete takes along, one bin entry per record; `bin` is
 * that collection while a cascade runs.
 */
export async function deleteByIds(trx: AnyDb, def: EntityDef, ids: string[], actorId: string | null, bin?: RecycleCollector): Promise<number> {
  if (!bin && isRecycled(def)) {
    let deleted = 0;
    for (const id of new Set(ids)) {
      const collector = newCollector();
      deleted += await deleteByIds(trx, def, [id], actorId, collector);
      await storeRecycled(trx, def, id, collector);
    }
    return deleted;
  }
  const hooks = entityHooks[def.name];
  await hooks?.beforeDelete?.(ids, { db: trx, def, actorId });
  if (bin) await captureRows(trx, def, ids, bin);
  await applyDeleteRules(trx, def, ids, (other, otherIds) => deleteByIds(trx, other, otherIds, actorId, bin));
  const rows = hooks?.afterDelete ? await Promise.all(ids.map((i) => findById(trx, def, i))) : [];
  const deleted = await deleteRecords(trx, def, ids);
  await hooks?.afterDelete?.(rows.filter((r): r is Row => r !== undefined), { db: trx, def, actorId });
  return deleted;
}

/**
 * A save without id of an entity with a natural key (`upsertKey`) updates the record with the
 * same key instead of adding a second one.
 */
async function resolveUpsert(trx: AnyDb, def: EntityDef, raw: Row): Promise<Row> {
  if (!def.upsertKey?.length || (typeof raw.id === 'string' && raw.id)) return raw;
  const key = def.upsertKey.map((k) => [k, raw[k]] as const);
  if (key.some(([, v]) => typeof v !== 'string' && typeof v !== 'number')) return raw;
  let q = trx.selectFrom(def.table).select('id');
  for (const [k, v] of key) q = q.where(k, '=', v);
  const found = await q.executeTakeFirst();
  return found ? { ...raw, id: found.id } : raw;
}

function buildTree(def: EntityDef, rows: Row[]): Row[] {
  const { parentField, valueField } = def.tree!;
  const nodes = new Map<unknown, Row & { children: Row[] }>();
  for (const r of rows) nodes.set(r[valueField], { ...r, children: [] });
  const roots: Row[] = [];
  for (const node of nodes.values()) {
    const parent = node[parentField] ? nodes.get(node[parentField]) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Registers the standard calls an entity declares, under /<entity name>/<call name>. */
export function registerEntityRoutes(api: FastifyInstance, ctx: AppContext, def: EntityDef): void {
  const db = ctx.db as unknown as AnyDb;
  const columns = queryColumns(def);
  const tags = [def.label];
  const actor = (req: { staff?: { userId: string } }) => req.staff?.userId ?? null;
  const names = (call: StandardCall) => def.calls[call] ?? [];
  const url = (name: string) => `/${def.name}/${name}`;

  for (const name of names('page')) {
    defineCall(api, url(name), { summary: `分页查询${def.label}`, tags, input: pagedQuerySchema }, async (input) => {
      const page = await runPagedQuery<Row>(db, ctx.dialect, { table: def.table, select: selectColumns(def), columns, defaultOrder: orderOf(def) }, input);
      return { ...page, list: page.list.map((r) => presentRow(def, r)) };
    });
  }

  for (const name of names('obj')) {
    defineCall(
      api,
      url(name),
      { summary: `按条件查询${def.label}（不分页）`, tags, input: z.record(z.string(), z.unknown()) },
      async (input) => {
        const conditions = Object.entries(input)
          .filter(([k, v]) => Object.hasOwn(columns, k) && v !== '' && v !== null && v !== undefined)
          .map(([column, val]) => ({ column, type: 'eq', val }));
        const { where } = compileConditions(conditions, columns, ctx.dialect);
        let q = db.selectFrom(def.table).select(selectColumns(def));
        if (where) q = q.where(where);
        q = q.orderBy(orderClause(orderOf(def)));
        const rows = await q.limit(UNPAGED_LIMIT).execute();
        return rows.map((r) => presentRow(def, r as Row));
      },
    );
  }

  for (const name of names('get')) {
    defineCall(api, url(name), { summary: `查看${def.label}`, tags, input: idInput }, async (input) => {
      const row = await findById(db, def, input.id);
      if (!row) throw notFound(`${def.label}不存在或已删除`);
      return row;
    });
  }

  const saveCall = (mode: 'save' | 'create' | 'update', summary: string) => {
    for (const name of names(mode)) {
      defineCall(
        api,
        url(name),
        { summary, tags, write: true, input: z.record(z.string(), z.unknown()).describe(`${def.label}字段`) },
        (input, req) => db.transaction().execute((trx) => saveRecord(trx, def, input as Row, actor(req), mode)),
      );
    }
  };
  saveCall('save', `新增或修改${def.label}（有 id 为修改）`);
  saveCall('create', `新增${def.label}`);
  saveCall('update', `修改${def.label}`);

  for (const name of names('deleteById')) {
    defineCall(api, url(name), { summary: `删除${def.label}`, tags, write: true, input: idInput }, async (input, req) => ({
      deleted: await db.transaction().execute((trx) => deleteByIds(trx, def, [input.id], actor(req))),
    }));
  }

  for (const name of names('batchDelete')) {
    defineCall(api, url(name), { summary: `批量删除${def.label}`, tags, write: true, input: z.object({ ids: idList }) }, async (input, req) => ({
      deleted: await db.transaction().execute((trx) => deleteByIds(trx, def, input.ids, actor(req))),
    }));
  }

  for (const name of names('byName')) {
    defineCall(
      api,
      url(name),
      { summary: `按名称查询${def.label}`, tags, input: z.record(z.string(), z.unknown()) },
      async (input) => {
        const raw = input[def.nameField] ?? input.name ?? input.keyword ?? '';
        const keyword = String(raw).slice(0, 100);
        const { where } = compileConditions(keyword ? [{ column: def.nameField, type: 'like', val: keyword }] : [], columns, ctx.dialect);
        let q = db.selectFrom(def.table).select(selectColumns(def));
        if (where) q = q.where(where);
        q = q.orderBy(orderClause(orderOf(def)));
        const rows = await q.limit(200).execute();
        return rows.map((r) => presentRow(def, r as Row));
      },
    );
  }

  registerBatchRoutes(api, ctx, def, (trx, raw, actorId, mode) => saveRecord(trx, def, raw, actorId, mode));

  if (def.excel !== false) {
    registerExcelRoutes(
      api,
      ctx,
      def,
      { export: names('export'), import: names('import') },
      (trx, raw, actorId) => saveRecord(trx, def, raw, actorId, 'save'),
      (actorId) => bulkCreator(db, def, actorId),
    );
  }

  for (const name of names('tree')) {
    defineCall(api, url(name), { summary: `${def.label}树`, tags, input: z.object({}) }, async () => {
      if (!def.tree) throw new Error(`${def.name} has no tree settings`);
      let q = db.selectFrom(def.table).select(selectColumns(def));
      q = q.orderBy(orderClause(orderOf(def)));
      const rows = (await q.limit(UNPAGED_LIMIT).execute()).map((r) => presentRow(def, r as Row));
      return buildTree(def, rows);
    });
  }
}
