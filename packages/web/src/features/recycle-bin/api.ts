import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageResult } from '@land/shared';
import type { RecycleEntry } from '@land/shared/audit';
import { post } from '../../lib/request';

export type { RecycleEntry };

export interface RecycleQuery {
  pageNo: number;
  pageSize: number;
  entity?: string;
  keyword?: string;
}

export const recycleKeys = {
  all: ['recycleBin'] as const,
  page: (q: RecycleQuery) => [...recycleKeys.all, 'page', q] as const,
};

export function recyclePageQuery(q: RecycleQuery) {
  return queryOptions({
    queryKey: recycleKeys.page(q),
    queryFn: async ({ signal }) => (await post<PageResult<RecycleEntry>>('/api/recycleBin/selectByPage', q, { signal })).data,
    placeholderData: keepPreviousData,
  });
}

export async function restoreEntry(id: string): Promise<{ restored: number }> {
  return (await post<{ restored: number }>('/api/recycleBin/restore', { id })).data;
}

export async function discardEntry(id: string): Promise<void> {
  await post('/api/recycleBin/delete', { id });
}
