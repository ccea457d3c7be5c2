/**
 * Sending messages from the back office (through the server's outbox) and what became of
 * them: the sends with counts per status, each delivery per recipient and channel.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PageResult, PagedQuery } from '@land/shared';
import { post, postJson } from '../../lib/request';

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';
export type DeliveryChannel = 'inbox' | 'wechat';

export interface MessageSend {
  id: string;
  kind: string;
  title: string;
  content: string | null;
  type: string;
  sourceId: string | null;
  senderName: string | null;
  recipients: number;
  createdAt: string;
  status: Record<DeliveryStatus, number>;
}

export interface Delivery {
  id: string;
  messageId: string;
  channel: DeliveryChannel;
  visitorId: string | null;
  openid: string | null;
  recipientName: string | null;
  recipientAccount: string | null;
  title: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
}

export interface Recipient {
  id: string;
  userName: string;
  userAccount: string;
  nickname: string | null;
  sqdw: string | null;
  registerType: string;
  wechat: 0 | 1;
}

export interface MessageTemplate {
  id: string;
  templateId: string;
  title: string;
  type: string;
  content: string | null;
}

export interface TemplateSend {
  templateId: string;
  values: Record<string, string>;
  content?: string;
  userIds?: string[];
  permission?: string;
  idempotencyKey: string;
}

export interface SendOutcome {
  messageId: string;
  duplicate: boolean;
  recipients: number;
  inbox: number;
  wechat: number;
}

export const messagingKeys = {
  all: ['messaging'] as const,
  sends: (query: PagedQuery) => ['messaging', 'sends', query] as const,
  deliveries: (messageId: string, query: PagedQuery) => ['messaging', 'deliveries', messageId, query] as const,
  recipients: (query: PagedQuery) => ['messaging', 'recipients', query] as const,
  templates: ['messaging', 'templates'] as const,
};

export function sendPageQuery(query: PagedQuery) {
  return queryOptions({
    queryKey: messagingKeys.sends(query),
    queryFn: async ({ signal }) => (await postJson<PageResult<MessageSend>>('/api/tMessageuser/selectSendByPage', query, { signal })).data,
  });
}

export function deliveryPageQuery(messageId: string, query: PagedQuery) {
  return queryOptions({
    queryKey: messagingKeys.deliveries(messageId, query),
    queryFn: async ({ signal }) =>
      (await postJson<PageResult<Delivery>>('/api/tMessageuser/selectDeliveryByPage', { ...query, params: [...(query.params ?? []), { column: 'messageId', type: 'eq', val: messageId }] }, { signal })).data,
  });
}

export function recipientPageQuery(query: PagedQuery) {
  return queryOptions({
    queryKey: messagingKeys.recipients(query),
    queryFn: async ({ signal }) => (await postJson<PageResult<Recipient>>('/api/tWxuser/selectRecipientByPage', query, { signal })).data,
  });
}

/** Enabled subscription-message templates, for the send dialog. */
export function templateOptionsQuery() {
  return queryOptions({
    queryKey: messagingKeys.templates,
    queryFn: async ({ signal }) =>
      (await postJson<PageResult<MessageTemplate>>('/api/tMessage/selectByPage', { pageNo: 0, pageSize: 0, params: [{ column: 'status', type: 'eq', val: '1' }] }, { signal })).data.list,
    staleTime: 30_000,
  });
}

export async function sendTemplateMessage(input: TemplateSend): Promise<SendOutcome> {
  return (await postJson<SendOutcome>('/api/tMessage/sendTemplateMessage', input)).data;
}

export async function resendDeliveries(ids: string[]): Promise<number> {
  return (await post<{ queued: number }>('/api/tMessageuser/resendDelivery', { ids: ids.join(',') })).data.queued;
}

/** The keywords of a template text in order: "{{thing1.DATA}}" → thing1. */
export function templateKeywords(content: string | null | undefined): string[] {
  return [...new Set([...(content ?? '').matchAll(/\{\{\s*([A-Za-z_]+\d*)\.DATA\s*\}\}/g)].map((m) => m[1]))];
}

/** The label before a keyword in the template ("资源名称：{{thing1.DATA}}" → 资源名称). */
export function keywordLabel(content: string | null | undefined, key: string): string {
  const line = (content ?? '').split('\n').find((l) => l.includes(`{{${key}.DATA}}`));
  const label = line?.split(/[：:]/)[0]?.trim();
  return label && !label.includes('{{') ? label : key;
}
