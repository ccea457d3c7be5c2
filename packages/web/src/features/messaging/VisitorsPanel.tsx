import type { TableColumnsType } from 'antd';
import { Input, Table, Tag, Typography } from 'antd';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '@land/shared/helpers';
import { LoadFailed } from '../../components/list/LoadFailed';
import { ScreenCard } from '../../components/ScreenCard';
import { postJson } from '../../lib/request';
import { describeFilter, useFilterNames, type SavedSearch } from '../visitor/savedSearches';
import type { Recipient } from './api';
import { recipientPageQuery } from './api';
import { tablePaging } from './labels';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

const savedSearchesOf = (visitorId: string) =>
  queryOptions({
    queryKey: ['messaging', 'savedSearches', visitorId] as const,
    queryFn: async ({ signal }) => (await postJson<SavedSearch[]>('/api/tSavedSearch/selectByVisitor', { visitorId }, { signal })).data,
  });

/** One visitor's saved searches (what they are alerted of), under their row. */
function VisitorSavedSearches({ visitorId }: { visitorId: string }) {
  const q = useQuery({ ...savedSearchesOf(visitorId), meta: SHOWN_IN_PLACE });
  const names = useFilterNames();
  const columns: TableColumnsType<SavedSearch> = [
    { title: '名称', dataIndex: 'name', width: 200 },
    { title: '条件', key: 'filter', render: (_v, s) => describeFilter(s.filter, names) },
    { title: '提醒', dataIndex: 'status', width: 90, render: (v: string) => (v === 'active' ? <Tag color="blue">提醒中</Tag> : <Tag>已暂停</Tag>) },
    { title: '最近提醒', dataIndex: 'lastDigestAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
    { title: '保存时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
  ];
  if (q.isError) return <LoadFailed query={q} testId="visitor-saved-searches-error" />;
  return (
    <Table<SavedSearch>
      rowKey="id"
      size="small"
      loading={q.isPending}
      columns={columns}
      dataSource={q.data ?? []}
      pagination={false}
      locale={{ emptyText: '该用户没有保存的搜索' }}
      data-testid="visitor-saved-searches"
    />
  );
}

/** 公众用户: the public site's visitors; a row opens to the searches the visitor saved. */
export function VisitorsPanel() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const params = keyword ? [{ column: 'userName', type: 'like', val: keyword }] : [];
  const query = useQuery({ ...recipientPageQuery({ ...page, params }), placeholderData: keepPreviousData, meta: SHOWN_IN_PLACE });
  const columns: TableColumnsType<Recipient> = [
    { title: '姓名', key: 'name', render: (_v, r) => r.nickname ?? r.userName },
    { title: '手机号', dataIndex: 'userAccount' },
    { title: '单位', dataIndex: 'sqdw', ellipsis: true },
    { title: '微信', dataIndex: 'wechat', width: 90, render: (w: number) => (w ? <Tag color="green">可接收</Tag> : '') },
  ];
  return (
    <ScreenCard title="公众用户">
      <Input.Search placeholder="按姓名查找" allowClear style={{ maxWidth: 320, marginBottom: 8 }} onSearch={(v) => { setKeyword(v.trim()); setPage((p) => ({ ...p, pageNo: 1 })); }} />
      <Typography.Paragraph type="secondary">展开一行查看该用户保存的搜索（有符合条件的地块更新时每天最多提醒一次）。</Typography.Paragraph>
      {query.isError && !query.data ? (
        <LoadFailed query={query} testId="visitor-load-error" />
      ) : (
        <Table<Recipient>
          rowKey="id"
          size="small"
          data-testid="visitor-table"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          expandable={{ expandedRowRender: (r) => <VisitorSavedSearches visitorId={r.id} /> }}
          pagination={tablePaging(page, query.data?.total, setPage, { size: 'small' })}
          scroll={{ x: 640 }}
        />
      )}
    </ScreenCard>
  );
}
