import type { TableColumnsType } from 'antd';
import { Button, DatePicker, Descriptions, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { formatDateTime } from '@land/shared';
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, AUDIT_ENTITY_LABELS, type AuditAction } from '@land/shared/audit';
import { ENTITIES } from '@land/shared/entities/index';
import { ScreenCard } from '../../components/ScreenCard';
import { LoadFailed } from '../../components/list/LoadFailed';
import { SearchActions, pagingOf } from '../../components/list/SearchActions';
import { useListState } from '../../components/list/use-list-state';
import { auditPageQuery, type AuditRecord } from './api';
import { AuditChanges } from './AuditChanges';
import { useFitColumns } from '../../components/descriptions';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

const ENTITY_LABELS: Record<string, string> = {
  ...Object.fromEntries(ENTITIES.map((d) => [d.name, d.label])),
  ...AUDIT_ENTITY_LABELS,
};
const ENTITY_OPTIONS = Object.entries(ENTITY_LABELS).map(([value, label]) => ({ value, label }));
const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));
// Status colours follow the theme's contrast-safe tokens (antd's preset green/cyan/orange tags are below 4.5:1).
const ACTION_COLORS: Partial<Record<AuditAction, string>> = {
  create: 'success',
  update: 'processing',
  delete: 'error',
  purge: 'error',
  restore: 'processing',
  loginFailed: 'warning',
};

interface SearchValues {
  actor?: string;
  entity?: string;
  action?: AuditAction;
  range?: [Dayjs | null, Dayjs | null] | null;
  keyword?: string;
}

const FILTER_KEYS = ['actor', 'entity', 'action', 'from', 'to', 'keyword'] as const;

/** A day as the search form writes it (YYYY-MM-DD, a real date), or ''. */
const dayOf = (text: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).format('YYYY-MM-DD') === text ? text : '');

/** 审计日志: every write, login, logout and failed login; search only, nothing can be changed here. */
export function AuditLogPage() {
  const [form] = Form.useForm<SearchValues>();
  // Paging and search live in the URL, as on every other list screen.
  const list = useListState(FILTER_KEYS);
  const { state } = list;
  // A date the address holds that is not a day (edited by hand) is read as not given.
  const f = { ...state.filters, from: dayOf(state.filters.from), to: dayOf(state.filters.to) };
  const query = useQuery({
    ...auditPageQuery({
      pageNo: state.pageNo,
      pageSize: state.pageSize,
      actor: f.actor || undefined,
      entity: f.entity || undefined,
      action: (f.action || undefined) as AuditAction | undefined,
      from: f.from || undefined,
      to: f.to || undefined,
      keyword: f.keyword || undefined,
    }),
    meta: SHOWN_IN_PLACE,
  });
  const { data, isFetching } = query;
  const [detail, setDetail] = useState<AuditRecord | null>(null);
  const [box, detailColumns] = useFitColumns(2);

  const search = (values: SearchValues) => {
    const [from, to] = values.range ?? [];
    list.setFilters({
      actor: values.actor,
      entity: values.entity,
      action: values.action,
      from: from ? from.format('YYYY-MM-DD') : null,
      to: to ? to.format('YYYY-MM-DD') : null,
      keyword: values.keyword,
    });
  };
  const initialValues: SearchValues = {
    actor: f.actor || undefined,
    entity: f.entity || undefined,
    action: (f.action || undefined) as AuditAction | undefined,
    range: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
    keyword: f.keyword || undefined,
  };

  const columns: TableColumnsType<AuditRecord> = useMemo(
    () => [
      { title: '时间', dataIndex: 'at', key: 'at', width: 170, render: (v: string) => formatDateTime(v) },
      {
        title: '操作人',
        key: 'actor',
        width: 170,
        render: (_v, r) => (
          <Space size={4}>
            <span>{r.actorName ?? '—'}</span>
            <Tag>{AUDIT_ACTOR_TYPES[r.actorType] ?? r.actorType}</Tag>
          </Space>
        ),
      },
      { title: 'IP 地址', dataIndex: 'ip', key: 'ip', width: 130, render: (v: string | null) => v ?? '—' },
      {
        title: '操作',
        dataIndex: 'action',
        key: 'action',
        width: 100,
        render: (a: AuditAction) => <Tag color={ACTION_COLORS[a]}>{AUDIT_ACTIONS[a] ?? a}</Tag>,
      },
      { title: '对象', dataIndex: 'entity', key: 'entity', width: 120, render: (e: string | null) => (e ? (ENTITY_LABELS[e] ?? e) : '—') },
      { title: '摘要', dataIndex: 'summary', key: 'summary', ellipsis: true },
      {
        title: '详情',
        key: 'detail',
        width: 80,
        fixed: 'right',
        render: (_v, r) => (
          <Button type="link" size="small" onClick={() => setDetail(r)}>
            查看
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <ScreenCard title="审计日志">
      <Form<SearchValues> form={form} name="auditSearch" layout="inline" initialValues={initialValues} onFinish={search} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="操作人" name="actor">
          <Input placeholder="姓名或用户编号" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="对象" name="entity">
          <Select placeholder="全部" allowClear showSearch optionFilterProp="label" options={ENTITY_OPTIONS} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="操作" name="action">
          <Select placeholder="全部" allowClear options={ACTION_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="时间" name="range">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item label="关键字" name="keyword">
          <Input placeholder="摘要、记录编号、IP、内容" allowClear style={{ width: 240 }} />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.setFieldsValue({ actor: undefined, entity: undefined, action: undefined, range: null, keyword: undefined });
            list.resetFilters();
          }}
        />
      </Form>
      <Typography.Paragraph type="secondary">审计日志只能查询，不能修改或删除；保存期不少于180天。</Typography.Paragraph>
      {query.isError && !data ? (
        <LoadFailed query={query} testId="audit-load-error" />
      ) : (
        <Table<AuditRecord>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          scroll={{ x: 1100 }}
          pagination={pagingOf(state, data?.total ?? 0, list.setPage)}
          data-testid="audit-table"
        />
      )}
      <Modal open={detail !== null} title="审计详情" footer={null} width={900} onCancel={() => setDetail(null)} destroyOnHidden>
        {detail && (
          <>
            <div ref={box}>
              <Descriptions size="small" column={detailColumns} bordered>
                <Descriptions.Item label="时间">{formatDateTime(detail.at)}</Descriptions.Item>
                <Descriptions.Item label="IP 地址">{detail.ip ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="操作人">
                  {detail.actorName ?? '—'}（{AUDIT_ACTOR_TYPES[detail.actorType] ?? '—'}）
                </Descriptions.Item>
                <Descriptions.Item label="操作">{AUDIT_ACTIONS[detail.action] ?? detail.action}</Descriptions.Item>
                <Descriptions.Item label="对象" span={detailColumns}>
                  {detail.entity ? (ENTITY_LABELS[detail.entity] ?? detail.entity) : '—'}
                </Descriptions.Item>
                <Descriptions.Item label="摘要" span={detailColumns}>
                  {detail.summary ?? '—'}
                </Descriptions.Item>
              </Descriptions>
            </div>
            <div style={{ marginTop: 12 }}>
              <AuditChanges entity={detail.entity} before={detail.before} after={detail.after} />
            </div>
          </>
        )}
      </Modal>
    </ScreenCard>
  );
}
