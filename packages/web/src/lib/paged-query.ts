/**
 * Builds the paged query of SPEC §7 ({pageNo, pageSize, params: [{column, type, val}]}) from
 * list state. Empty filter values are left out so "no filter" means "all".
 */
import type { PagedQuery, QueryCondition, QueryType } from '@land/shared';

export type SortOrder = 'ascend' | 'descend';

export interface ListState<F extends string> {
  pageNo: number;
  pageSize: number;
  sortField: string | null;
  sortOrder: SortOrder | null;
  filters: Record<F, string>;
}

export function buildPagedQuery<F extends string>(state: ListState<F>, filterTypes: Record<F, QueryType>): PagedQuery {
  const params: QueryCondition[] = [];
  for (const key of Object.keys(filterTypes) as F[]) {
    const val = state.filters[key]?.trim();
    if (val) params.push({ column: key, type: filterTypes[key], val });
  }
  if (state.sortField && state.sortOrder) {
    params.push({ column: state.sortField, type: state.sortOrder === 'ascend' ? 'orderAsc' : 'orderDesc' });
  }
  return { pageNo: state.pageNo, pageSize: state.pageSize, params };
}

/**
 * "共 N 条", or "超过 N 条" when the server stopped counting (totalExact false: a list of
 * very many rows gets a bound instead of a full count).
 */
export function totalText(count: number, exact: boolean | undefined, unit = '条'): string {
  return exact === false ? `超过 ${count.toLocaleString('zh-CN')} ${unit}` : `共 ${count} ${unit}`;
}
