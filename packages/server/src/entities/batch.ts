import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EntityDef } from '@land/shared/entity';
import type { AppContext } from '../context';
import { defineCall } from '../lib/call';
import { AppError, validationError } from '../lib/errors';
import type { AnyDb, Row } from './repository';

/** Most rows one batch call takes; larger sets go through the Excel import. */
export const MAX_BATCH_ROWS = 500;

type SaveMode = 'save' | 'create' | 'update';
export type BatchSave = (trx: AnyDb, raw: Row, actorId: string | null, mode: SaveMode) => Promise<Row>;

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text === '') return [];
  try {
    return JSON.parse(text);
  } catch {
    // A form field may carry a plain comma list of ids.
    return text.split(',').map((s) => s.trim()).filter(Boolean);
  }
}

const rowList = z.preprocess(
  parseJson,
  z
    .array(z.record(z.string(), z.unknown(), { error: '每一条记录应为对象' }), { error: '记录列表 list 必须是数组' })
    .max(MAX_BATCH_ROWS, `一次最多提交${MAX_BATCH_ROWS}条记录`),
);

const idArray = z.preprocess(
  parseJson,
  z.array(z.string().min(1).max(32), { error: '记录编号列表 ids 必须是数组' }).max(MAX_BATCH_ROWS, `一次最多提交${MAX_BATCH_ROWS}条记录`),
);

export const batchInput = z
  .object({ list: rowList.optional(), ids: idArray.optional() })
  .catchall(z.unknown())
  .describe('list：记录数组（或其 JSON 字符串）；其余字段为每条记录的默认值');

/**
 * The rows of a batch call: `list` (array or JSON text), each completed with the entity's
 * fields given beside it ({dkid, list:[…]} gives every row the parcel). For batch updates
 * `ids` with the fields to set is accepted instead of a list.
 */
export function batchRows(def: EntityDef, input: z.output<typeof batchInput>, mode: SaveMode): Row[] {
  const names = new Set(def.fields.map((f) => f.name));
  const shared = Object.fromEntries(Object.entries(input).filter(([k]) => names.has(k)));
  let rows: Row[];
  if (input.list) rows = input.list.map((r) => ({ ...shared, ...r }));
  else if (mode === 'update' && input.ids) rows = input.ids.map((id) => ({ ...shared, id }));
  else throw validationError('list', '请提交要保存的记录列表 list');
  if (rows.length === 0) throw validationError('list', '记录列表为空');
  return rows;
}

/**
 * Saves every row through the entity's write path in the caller's transaction. A failing row
 * aborts the whole batch: its 1-based position leads the message and `data.index` (0-based)
 * says which one, with the field of the underlying error.
 */
export async function saveBatch(trx: AnyDb, rows: Row[], save: (trx: AnyDb, raw: Row) => Promise<Row>): Promise<Row[]> {
  const saved: Row[] = [];
  for (const [index, row] of rows.entries()) {
    try {
      saved.push(await save(trx, row));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const data = err.data && typeof err.data === 'object' ? (err.data as Row) : {};
      throw new AppError(err.code, `第${index + 1}条：${err.message}（未保存任何记录）`, err.httpStatus, { ...data, index });
    }
  }
  return saved;
}

const SUMMARIES: Record<SaveMode, (label: string) => string> = {
  create: (l) => `批量新增${l}（全部成功或全部不保存）`,
  save: (l) => `批量新增或修改${l}（有 id 为修改；全部成功或全部不保存）`,
  update: (l) => `批量修改${l}（list 中每条带 id，或 ids 加要修改的字段；全部成功或全部不保存）`,
};

/** The batch calls an entity declares (batchCreate, batchSave, batchUpdate). */
export function registerBatchRoutes(api: FastifyInstance, ctx: AppContext, def: EntityDef, save: BatchSave): void {
  const db = ctx.db as unknown as AnyDb;
  const modes: [keyof EntityDef['calls'], SaveMode][] = [
    ['batchCreate', 'create'],
    ['batchSave', 'save'],
    ['batchUpdate', 'update'],
  ];
  for (const [call, mode] of modes) {
    for (const name of def.calls[call] ?? []) {
      defineCall(
        api,
        `/${def.name}/${name}`,
        { summary: SUMMARIES[mode](def.label), tags: [def.label], write: true, input: batchInput },
        async (input, req) => {
          const rows = batchRows(def, input, mode);
          const actorId = req.staff?.userId ?? null;
          const list = await db.transaction().execute((trx) => saveBatch(trx, rows, (t, raw) => save(t, raw, actorId, mode)));
          return { list, total: list.length };
        },
      );
    }
  }
}
