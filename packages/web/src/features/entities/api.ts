/**
 * The standard calls of an entity (SPEC §7), addressed through its definition:
 * /api/<def.name>/<call name>, names taken from `def.calls`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PageResult, PagedQuery, QueryCondition } from '@land/shared';
import type { EntityDef, StandardCall } from '@land/shared/entity';
import type { DownloadedFile } from '../../lib/request';
import { downloadFile, post, postJson, postMultipart } from '../../lib/request';

export interface EntityRecord {
  id: string;
  version?: number;
  createdAt?: string;
  updatedAt?: string;
  /** Tree entities: the nested children of the tree call. */
  children?: EntityRecord[];
  [field: string]: unknown;
}

export interface ImportResult {
  created: number;
  updated: number;
}

export type { ImportRowError } from '../../components/excel/ImportErrors';

/** The first name the entity answers to for a standard call, if it has that call. */
export function callName(def: EntityDef, call: StandardCall): string | undefined {
  return def.calls[call]?.[0];
}

export function hasCall(def: EntityDef, call: StandardCall): boolean {
  return callName(def, call) !== undefined;
}

function url(def: EntityDef, call: StandardCall): string {
  const name = callName(def, call);
  if (!name) throw new Error(`${def.name} has no ${call} call`);
  return `/api/${def.name}/${name}`;
}

export const entityKeys = {
  all: (entity: string) => ['entity', entity] as const,
  page: (entity: string, query: PagedQuery) => ['entity', entity, 'page', query] as const,
  tree: (entity: string) => ['entity', entity, 'tree'] as const,
  options: (entity: string) => ['entity', entity, 'options'] as const,
  record: (entity: string, id: string) => ['entity', entity, 'record', id] as const,
};

export function entityPageQuery(def: EntityDef, query: PagedQuery) {
  return queryOptions({
    queryKey: entityKeys.page(def.name, query),
    queryFn: async ({ signal }) => (await post<PageResult<EntityRecord>>(url(def, 'page'), query, { signal })).data,
  });
}

export function entityTreeQuery(def: EntityDef) {
  return queryOptions({
    queryKey: entityKeys.tree(def.name),
    queryFn: async ({ signal }) => (await post<EntityRecord[]>(url(def, 'tree'), {}, { signal })).data,
  });
}

/**
 * Every record of an entity, for dropdowns: its unpaged `obj` call, else the page call with
 * pageNo 0 and pageSize 0 (no paging, SPEC §7).
 */
export function entityOptionsQuery(def: EntityDef) {
  return queryOptions({
    queryKey: entityKeys.options(def.name),
    queryFn: async ({ signal }) => {
      if (hasCall(def, 'obj')) return (await post<EntityRecord[]>(url(def, 'obj'), {}, { signal })).data;
      return (await post<PageResult<EntityRecord>>(url(def, 'page'), { pageNo: 0, pageSize: 0, params: [] }, { signal })).data.list;
    },
    staleTime: 60_000,
  });
}

export function entityRecordQuery(def: EntityDef, id: string) {
  return queryOptions({
    queryKey: entityKeys.record(def.name, id),
    queryFn: async ({ signal }) => {
      if (hasCall(def, 'get')) return (await post<EntityRecord>(url(def, 'get'), { id }, { signal })).data;
      const page = await post<PageResult<EntityRecord>>(
        url(def, 'page'),
        { pageNo: 1, pageSize: 1, params: [{ column: 'id', type: 'eq', val: id }] },
        { signal },
      );
      return page.data.list[0] ?? null;
    },
    // An edit form starts from what is stored now, not from a cached copy.
    staleTime: 0,
  });
}

/**
 * Creates (no id) or updates a record. JSON, so an emptied field goes as null and is cleared;
 * an update carries the record's version so a stale copy is refused (A0409).
 */
export async function saveEntity(def: EntityDef, values: Record<string, unknown>): Promise<EntityRecord> {
  const isUpdate = typeof values.id === 'string' && values.id !== '';
  const call: StandardCall = isUpdate ? (hasCall(def, 'update') ? 'update' : 'save') : hasCall(def, 'create') ? 'create' : 'save';
  return (await postJson<EntityRecord>(url(def, call), values)).data;
}

export function canSave(def: EntityDef, isUpdate: boolean): boolean {
  return hasCall(def, 'save') || hasCall(def, isUpdate ? 'update' : 'create');
}

export async function deleteEntities(def: EntityDef, ids: readonly string[]): Promise<void> {
  if (ids.length === 1 && hasCall(def, 'deleteById')) {
    await post(url(def, 'deleteById'), { id: ids[0] });
    return;
  }
  await post(url(def, 'batchDelete'), { ids: ids.join(',') });
}

export function canDelete(def: EntityDef): boolean {
  return hasCall(def, 'deleteById') || hasCall(def, 'batchDelete');
}

/** The current query as .xlsx (same params as the page call), or the empty import template. */
export function exportEntities(def: EntityDef, params: QueryCondition[], template = false): Promise<DownloadedFile> {
  return downloadFile(
    url(def, 'export'),
    template ? { template: 1 } : { params },
    template ? `${def.label}导入模板.xlsx` : `${def.label}.xlsx`,
  );
}

export async function importEntities(def: EntityDef, file: File): Promise<ImportResult> {
  const data = new FormData();
  data.append('file', file);
  return (await postMultipart<ImportResult>(url(def, 'import'), data)).data;
}

export function hasExcel(def: EntityDef): { export: boolean; import: boolean } {
  const on = def.excel !== false;
  return { export: on && hasCall(def, 'export'), import: on && hasCall(def, 'import') };
}
