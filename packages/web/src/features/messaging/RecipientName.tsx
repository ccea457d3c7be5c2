import { GONE_VISITOR, recipientLabel, useRecipient } from './VisitorSelect';

/** A visitor shown by name and account, never by the raw id (the message list's 接收用户). */
export function RecipientName({ id }: { id: unknown }) {
  const visitor = useRecipient(typeof id === 'string' ? id : '');
  if (typeof id !== 'string' || !id) return null;
  if (visitor.isPending) return '…';
  if (visitor.isError) return '—';
  return visitor.data ? recipientLabel(visitor.data) : GONE_VISITOR;
}
