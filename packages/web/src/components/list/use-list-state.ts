/**
 * List state (page, size, sort, filters) kept in the URL, so a reload, a shared link or
 * switching tabs and back shows the same page of the same search.
 */
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListState, SortOrder } from '../../lib/paged-query';

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** The server's bound on a page number. */
const MAX_PAGE_NO = 1_000_000;
const pageSizeOf = (n: number) => (PAGE_SIZE_OPTIONS.includes(n) ? n : DEFAULT_PAGE_SIZE);

function positiveInt(text: string | null, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export interface ListStateControls<F extends string> {
  state: ListState<F>;
  /** New search: back to page 1. */
  setFilters: (filters: Partial<Record<F, string | undefined | null>>) => void;
  resetFilters: () => void;
  setPage: (pageNo: number, pageSize?: number) => void;
  /** Hand to antd Table's onChange: paging and single-column sorting. */
  onTableChange: <T>(pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => void;
}

export function useListState<F extends string>(filterKeys: readonly F[]): ListStateControls<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  // The keys are a constant per screen; joining keeps the memo stable across renders.
  const keysId = filterKeys.join(',');

  const state = useMemo<ListState<F>>(() => {
    const order = searchParams.get('order');
    const filters = {} as Record<F, string>;
    for (const key of keysId.split(',') as F[]) filters[key] = searchParams.get(key) ?? '';
    return {
      // An address edited by hand may ask for a page the server refuses: past its last page number,
      // or a page size the pager does not offer (the server takes at most 500 rows).
      pageNo: Math.min(positiveInt(searchParams.get('pageNo'), 1), MAX_PAGE_NO),
      pageSize: pageSizeOf(positiveInt(searchParams.get('pageSize'), DEFAULT_PAGE_SIZE)),
      sortField: searchParams.get('sort'),
      sortOrder: order === 'ascend' || order === 'descend' ? order : null,
      filters,
    };
  }, [searchParams, keysId]);

  const update = useCallback(
    (patch: Record<string, string | number | null | undefined>) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            const text = value === null || value === undefined ? '' : String(value).trim();
            if (text === '') next.delete(key);
            else next.set(key, text);
          }
          if (next.get('pageNo') === '1') next.delete('pageNo');
          if (next.get('pageSize') === String(DEFAULT_PAGE_SIZE)) next.delete('pageSize');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const setFilters = useCallback(
    (filters: Partial<Record<F, string | undefined | null>>) => update({ ...filters, pageNo: null }),
    [update],
  );

  const resetFilters = useCallback(() => {
    const cleared: Record<string, null> = { pageNo: null };
    for (const key of keysId.split(',')) cleared[key] = null;
    update(cleared);
  }, [update, keysId]);

  const setPage = useCallback(
    (pageNo: number, pageSize?: number) => update({ pageNo, ...(pageSize ? { pageSize } : {}) }),
    [update],
  );

  const onTableChange = useCallback(
    <T,>(pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
      const single = Array.isArray(sorter) ? sorter[0] : sorter;
      const order: SortOrder | null = single?.order ?? null;
      const field = order && single?.columnKey !== undefined ? String(single.columnKey) : null;
      const sortChanged = field !== state.sortField || order !== state.sortOrder;
      const pageSizeChanged = pagination.pageSize !== undefined && pagination.pageSize !== state.pageSize;
      update({
        sort: field,
        order,
        // A new order or page size starts again from the first page.
        pageNo: sortChanged || pageSizeChanged ? 1 : (pagination.current ?? state.pageNo),
        pageSize: pagination.pageSize ?? state.pageSize,
      });
    },
    [update, state.sortField, state.sortOrder, state.pageSize, state.pageNo],
  );

  return { state, setFilters, resetFilters, setPage, onTableChange };
}

/** Table paging of a list whose page lives in the URL (the table's onChange moves it). */
export function urlPaging(state: { pageNo: number; pageSize: number }, total: number, showTotal: (count: number) => string): TablePaginationConfig {
  return {
    current: state.pageNo,
    pageSize: state.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showQuickJumper: true,
    showTotal,
  };
}
