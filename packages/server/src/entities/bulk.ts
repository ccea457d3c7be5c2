import type { AppError } from '../lib/errors';
import type { HookContext } from './hooks';
import type { AnyDb, Row } from './repository';

/** A new record checked by bulkCreator.prepare, with the hook context its afterSave gets. */
export interface PreparedRecord {
  values: Row;
  ctx: HookContext;
}

/**
 * Creating many new records at once (an Excel import), with the effects of saveRecord in
 * 'create' mode row by row, in three steps: `prepare` validates each row before the
 * transaction (schema, cleaning, beforeSave: CPU only); `check` looks up references and unique
 * values set-based in the transaction and answers each row's refusal (undefined when it
 * passes) as saveRecord would have, row after row; `insert` stores the rows in multi-row
 * inserts with their audit, then runs afterSave. Undefined for an entity whose hooks read the
 * database (EntityHooks.bulkCreate), with an upsert key, referring to itself or holding visitors.
 */
export interface BulkCreator {
  prepare(raw: Row): Promise<PreparedRecord>;
  check(trx: AnyDb, records: PreparedRecord[]): Promise<(AppError | undefined)[]>;
  insert(trx: AnyDb, records: PreparedRecord[], onChunk?: (inserted: number) => void): Promise<Row[]>;
}
