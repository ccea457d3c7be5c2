import type { EntityDef } from '@land/shared/entity';
import type { AnyDb, Row } from './repository';

export interface HookContext {
  db: AnyDb;
  def: EntityDef;
  actorId: string | null;
  /** The stored record on update; undefined on create. */
  existing?: Row;
}

/**
 * Entity-specific behaviour beside the generic engine (STYLE §2): register hooks for an entity
 * by its API name in `entityHooks` instead of branching inside the engine.
 */
export interface EntityHooks {
  /**
   * True when beforeSave reads nothing from the database for a new record: an import may then
   * prepare its new records before its transaction and insert them set-based (bulkCreator).
   */
  bulkCreate?: boolean;
  /** May adjust the values to store or throw an AppError to refuse the save. */
  beforeSave?(values: Row, ctx: HookContext): Promise<Row | void> | Row | void;
  afterSave?(record: Row, ctx: HookContext): Promise<void> | void;
  /** May refuse a delete (e.g. a district still used by parcels). */
  beforeDelete?(ids: string[], ctx: HookContext): Promise<void> | void;
  /** Runs in the same transaction after the records (as they were) are deleted. */
  afterDelete?(records: Row[], ctx: HookContext): Promise<void> | void;
}

export const entityHooks: Record<string, EntityHooks> = {};

export function registerHooks(entity: string, hooks: EntityHooks): void {
  entityHooks[entity] = hooks;
}
