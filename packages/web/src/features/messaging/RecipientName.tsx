import { useQuery } from '@tanstack/react-query';
import { recipientPageQuery } from './api';

/** A visitor shown by name and account, never by the raw id (the message list's 接收用户). */
export function RecipientName({ id }: { id: unknown }) {
  const visitorId = typeof id === 'string' ? id : '';
  const query = useQuery({
    ...recipientPageQuery({ pageNo: 1, pageSize: 1, params: [{ column: 'id', type: 'eq', val: visitorId }] }),
    enabled: visitorId !== '',
    staleTime: 300_000,
  });
  if (!visitorId) return null;
  if (query.isPending) return '…';
  const visitor = query.data?.list[0];
  return visitor ? `${visitor.userName || visitor.userAccount}（${visitor.userAccount}）` : '已停用或注销的用户';
}
