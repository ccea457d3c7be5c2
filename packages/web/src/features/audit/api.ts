import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PageResult } from '@land/shared';
import type { AuditAction, AuditRecord } from '@land/shared/audit';
import { post } from '../../lib/request';

export type { AuditRecord };

export interface AuditQuery {
  pageNo: number;
  pageSize: number;
  actor?: string;
  entity?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
  keyword?: string;
}

export const auditKeys = {
  all: ['auditLog'] as const,
  page: (q: AuditQuery) => [...auditKeys.all, 'page', q] as const,
};

export function auditPageQuery(q: AuditQuery) {
  return queryOptions({
    queryKey: auditKeys.page(q),
    queryFn: async ({ signal }) => (await post<PageResult<AuditRecord>>('/api/auditLog/selectByPage', q, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
