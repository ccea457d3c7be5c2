import type { TableColumnsType } from 'antd';
import { Button, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@land/shared';
import { RECYCLE_DAYS, RECYCLED_ENTITIES } from '@land/shared/audit';
import { ENTITIES } from '@land/shared/entities/index';
import { ScreenCard } from '../../components/ScreenCard';
import { LoadFailed } from '../../components/list/LoadFailed';
import { SearchActions, pagingOf } from '../../components/list/SearchActions';
import { useListState } from '../../components/list/use-list-state';
import { useConfirm } from '../../components/use-confirm';
import { notify } from '../../lib/notify';
import { getSession } from '../../lib/session';
import { discardEntry, recycleKeys, recyclePageQuery, restoreEntry, type RecycleEntry } from './api';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

const TYPE_OPTIONS = ENTITIES.filter((d) => RECYCLED_ENTITIES.includes(d.name)).map((d) => ({ value: d.name, label: d.label }));

interface SearchValues {
  entity?: string;
  keyword?: string;
}

const FILTER_KEYS = ['entity', 'keyword'] as const;

/** 回收站: deleted main records for 30 days; restore puts a record back with its supporting records. */
export function RecycleBinPage() {
  const [form] = Form.useForm<SearchValues>();
  // Paging and search live in the URL, as on every other list screen.
  const list = useListState(FILTER_KEYS);
  const { state } = list;
  const query = useQuery({
    ...recyclePageQuery({ pageNo: state.pageNo, pageSize: state.pageSize, entity: state.filters.entity || undefined, keyword: state.filters.keyword || undefined }),
    meta: SHOWN_IN_PLACE,
  });
  const { data, isFetching } = query;
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const isAdmin = getSession()?.role === 'admin';

  const refresh = () => queryClient.invalidateQueries();
  const restore = useMutation({
    mutationFn: (entry: RecycleEntry) => restoreEntry(entry.id),
    onSuccess: async (result, entry) => {
      notify.success(`已恢复“${entry.name ?? entry.recordId}”（共${result.restored}条记录）`);
      // The record is back in its own lists too.
      await refresh();
    },
  });
  const discard = useMutation({
    mutationFn: (entry: RecycleEntry) => discardEntry(entry.id),
    onSuccess: async () => {
      notify.success('已彻底删除');
      await queryClient.invalidateQueries({ queryKey: recycleKeys.all });
    },
  });

  const columns: TableColumnsType<RecycleEntry> = [
    { title: '类型', dataIndex: 'entityLabel', key: 'entityLabel', width: 120, render: (v: string) => <Tag>{v}</Tag> },
    { title: '名称', dataIndex: 'name', key: 'name', ellipsis: true, render: (v: string | null, r) => v ?? r.recordId },
    { title: '删除人', dataIndex: 'deletedByName', key: 'deletedByName', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '删除时间', dataIndex: 'deletedAt', key: 'deletedAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '剩余天数',
      dataIndex: 'daysLeft',
      key: 'daysLeft',
      width: 100,
      render: (v: number) => <Typography.Text type={v <= 3 ? 'danger' : undefined}>{v} 天</Typography.Text>,
    },
    { title: '记录数', dataIndex: 'rowCount', key: 'rowCount', width: 90, render: (v: number) => `${v} 条` },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 160,
      render: (_v, entry) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            loading={restore.isPending && restore.variables?.id === entry.id}
            onClick={async () => {
              if (await confirm(`确定要恢复${entry.entityLabel}“${entry.name ?? entry.recordId}”吗？将连同随它删除的附属记录一起恢复。`)) restore.mutate(entry);
            }}
          >
            恢复
          </Button>
          {isAdmin && (
            <Button
              type="link"
              size="small"
              danger
              onClick={async () => {
                if (await confirm(`确定要彻底删除${entry.entityLabel}“${entry.name ?? entry.recordId}”吗？彻底删除后无法恢复。`, { danger: true })) discard.mutate(entry);
              }}
            >
              彻底删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ScreenCard title="回收站">
      <Form<SearchValues>
        form={form}
        name="recycleSearch"
        layout="inline"
        initialValues={{ entity: state.filters.entity || undefined, keyword: state.filters.keyword || undefined }}
        onFinish={(v) => list.setFilters({ entity: v.entity, keyword: v.keyword })}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item label="类型" name="entity">
          <Select placeholder="全部" allowClear options={TYPE_OPTIONS} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="关键字" name="keyword">
          <Input placeholder="名称或删除人" allowClear />
        </Form.Item>
        <SearchActions
          onReset={() => {
            form.setFieldsValue({ entity: undefined, keyword: undefined });
            list.resetFilters();
          }}
        />
      </Form>
      <Typography.Paragraph type="secondary">删除的记录在回收站保留{RECYCLE_DAYS}天，期满自动清除；恢复时连同随它删除的附属记录一起恢复。</Typography.Paragraph>
      {query.isError && !data ? (
        <LoadFailed query={query} testId="recycle-load-error" />
      ) : (
        <Table<RecycleEntry>
          rowKey="id"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={isFetching}
          scroll={{ x: 900 }}
          pagination={pagingOf(state, data?.total ?? 0, list.setPage)}
          data-testid="recycle-table"
        />
      )}
    </ScreenCard>
  );
}
