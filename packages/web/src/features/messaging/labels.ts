import type { TablePaginationConfig } from 'antd';
import { MESSAGE_TYPES } from '@land/shared/entities/common';
import type { DeliveryChannel, DeliveryStatus } from './api';

export const STATUS_LABELS: Record<DeliveryStatus, { text: string; color: string }> = {
  pending: { text: '待发送', color: 'default' },
  sending: { text: '发送中', color: 'processing' },
  sent: { text: '已送达', color: 'success' },
  failed: { text: '失败', color: 'error' },
};

export const CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  inbox: '站内信',
  wechat: '微信订阅消息',
};

export const KIND_LABELS: Record<string, string> = {
  manual: '手动发送',
  template: '模板消息',
  batchAdd: '批量发送',
  reminder: '自动提醒',
  consultReply: '咨询回复',
  system: '系统消息',
};

export const TYPE_LABELS: Record<string, string> = Object.fromEntries(MESSAGE_TYPES.map((t) => [t.value, t.label]));

export const MESSAGE_TYPE_OPTIONS = MESSAGE_TYPES.map((t) => ({ value: t.value, label: t.label }));


export interface PageState {
  pageNo: number;
  pageSize: number;
}

/** The pagination of this feature's tables: page state kept by the caller, total from the answer. */
export function tablePaging(page: PageState, total: number | undefined, setPage: (p: PageState) => void, extra: TablePaginationConfig = {}): TablePaginationConfig {
  return {
    current: page.pageNo,
    pageSize: page.pageSize,
    total: total ?? 0,
    showTotal: (n) => `共 ${n} 条`,
    onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
    ...extra,
  };
}
