import { ReloadOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, Drawer, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Key } from 'react';
import { useState } from 'react';
import { formatDateTime } from '@land/shared/helpers';
import { LoadFailed } from '../../components/list/LoadFailed';
import { ScreenCard } from '../../components/ScreenCard';
import { notify } from '../../lib/notify';
import type { Delivery, DeliveryStatus, MessageSend } from './api';
import { deliveryPageQuery, messagingKeys, resendDeliveries, sendPageQuery } from './api';
import { CHANNEL_LABELS, KIND_LABELS, STATUS_LABELS, TYPE_LABELS, tablePaging } from './labels';
import { zhRowSelection } from '../../components/list/row-selection';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

const STATUS_ORDER: DeliveryStatus[] = ['sent', 'pending', 'sending', 'failed'];

function StatusCounts({ status }: { status: MessageSend['status'] }) {
  return (
    <Space size={4} wrap>
      {STATUS_ORDER.filter((s) => status[s] > 0).map((s) => (
        <Tag key={s} color={STATUS_LABELS[s].color} data-testid={`send-status-${s}`}>
          {STATUS_LABELS[s].text} {status[s]}
        </Tag>
      ))}
    </Space>
  );
}

/** Every delivery of one message: recipient, channel, status with the reason, resend of failed ones. */
function DeliveriesDrawer({ send, onClose }: { send: MessageSend | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<Key[]>([]);
  const query = useQuery({ ...deliveryPageQuery(send?.id ?? '', { ...page, params: [] }), enabled: send !== null, placeholderData: keepPreviousData, meta: SHOWN_IN_PLACE });
  const resend = useMutation({
    mutationFn: () => resendDeliveries(selected.map(String)),
    onSuccess: (queued) => {
      notify.success(queued > 0 ? `已重新排队 ${queued} 条，稍后自动发送` : '所选记录中没有失败的投递');
      setSelected([]);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
  });
  const columns: TableColumnsType<Delivery> = [
    { title: '接收人', key: 'recipient', width: 140, render: (_v, d) => d.recipientName ?? d.openid ?? d.visitorId ?? '' },
    { title: '账号', dataIndex: 'recipientAccount', width: 130, render: (v: string | null) => v ?? '' },
    { title: '渠道', dataIndex: 'channel', width: 120, render: (c: Delivery['channel']) => CHANNEL_LABELS[c] },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: DeliveryStatus) => <Tag color={STATUS_LABELS[s].color}>{STATUS_LABELS[s].text}</Tag>,
    },
    { title: '尝试次数', dataIndex: 'attempts', width: 90, align: 'right' },
    {
      title: '原因',
      dataIndex: 'lastError',
      width: 180,
      ellipsis: true,
      render: (v: string | null) => (v ? <Tooltip title={v}><Typography.Text type="danger">{v}</Typography.Text></Tooltip> : ''),
    },
    { title: '送达时间', dataIndex: 'sentAt', width: 170, render: (v: string | null) => formatDateTime(v ?? '') },
    { title: '下次重试', dataIndex: 'nextAttemptAt', width: 170, render: (v: string | null) => formatDateTime(v ?? '') },
  ];
  return (
    <Drawer
      open={send !== null}
      onClose={onClose}
      width={1000}
      title={send ? `投递明细：${send.title}` : ''}
      extra={
        <Button disabled={selected.length === 0} loading={resend.isPending} onClick={() => resend.mutate()}>
          重新发送失败的投递
        </Button>
      }
    >
      {query.isError && !query.data ? (
        <LoadFailed query={query} testId="delivery-load-error" />
      ) : (
        <Table<Delivery>
          rowKey="id"
          size="small"
          data-testid="delivery-table"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          rowSelection={zhRowSelection({ selectedRowKeys: selected, onChange: setSelected, getCheckboxProps: (d) => ({ disabled: d.status !== 'failed' }) })}
          scroll={{ x: columns.reduce((w, c) => w + Number(c.width ?? 0), 48) }}
          pagination={tablePaging(page, query.data?.total, setPage)}
        />
      )}
    </Drawer>
  );
}

/**
 * 发送记录: the messages sent (by staff, reminders, answers to questions), each with how many
 * deliveries are sent, pending or failed; a click shows them per recipient.
 */
export function SendRecordsPanel() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [open, setOpen] = useState<MessageSend | null>(null);
  const query = useQuery({ ...sendPageQuery({ ...page, params: [] }), placeholderData: keepPreviousData, refetchInterval: 15_000, meta: SHOWN_IN_PLACE });
  const columns: TableColumnsType<MessageSend> = [
    { title: '消息标题', dataIndex: 'title', width: 220, ellipsis: true },
    { title: '消息类型', dataIndex: 'type', width: 120, render: (v: string) => TYPE_LABELS[v] ?? v },
    { title: '来源', dataIndex: 'kind', width: 100, render: (v: string) => KIND_LABELS[v] ?? v },
    { title: '接收人数', dataIndex: 'recipients', width: 90, align: 'right' },
    { title: '投递状态', key: 'status', width: 180, render: (_v, s) => <StatusCounts status={s.status} /> },
    { title: '发送人', dataIndex: 'senderName', width: 100, render: (v: string | null) => v ?? '系统' },
    { title: '发送时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_v, s) => (
        <Button type="link" size="small" onClick={() => setOpen(s)}>
          投递明细
        </Button>
      ),
    },
  ];
  return (
    <ScreenCard
      title="发送记录"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries({ queryKey: messagingKeys.all })}>
          刷新
        </Button>
      }
    >
      {query.isError && !query.data ? (
        <LoadFailed query={query} testId="send-load-error" />
      ) : (
        <Table<MessageSend>
          rowKey="id"
          size="middle"
          data-testid="send-records"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          // Narrower than its columns (a phone): the table scrolls sideways, no column is squeezed.
          scroll={{ x: columns.reduce((w, c) => w + Number(c.width ?? 0), 0) }}
          pagination={tablePaging(page, query.data?.total, setPage)}
        />
      )}
      <DeliveriesDrawer send={open} onClose={() => setOpen(null)} />
    </ScreenCard>
  );
}
