import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Segmented, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dateText, optionLabel, text, TRANSACTION_STATUS_LABELS, TRANSACTION_TYPE_LABELS, wanText } from '../../public-map/format';
import { pageQuery, PATHS, type Row } from '../api';
import { NoticeList } from '../notices/NoticeList';
import { LoadError, PageBanner } from '../ui';

const STATUS_COLORS: Record<string, string> = { listing: 'orange', dealt: 'green', failed: 'default', terminated: 'red' };

function TransactionRecords() {
  const [status, setStatus] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...pageQuery(PATHS.transactions, { pageNo, pageSize: 15, status, keyword }), placeholderData: keepPreviousData });
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return (
    <div data-testid="transaction-records">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, marginBottom: 12, flexWrap: 'wrap' }}>
        <Segmented
          value={status}
          onChange={(v) => {
            setStatus(String(v));
            setPageNo(1);
          }}
          options={[{ value: '', label: '全部' }, ...Object.entries(TRANSACTION_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Input.Search
          allowClear
          placeholder="宗地编号、公告编号或竞得人"
          style={{ width: 280 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
        />
      </div>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: '暂无交易记录' }}
        pagination={{ current: pageNo, pageSize: 15, total: q.data?.total ?? 0, showSizeChanger: false, onChange: setPageNo, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          {
            title: '宗地编号',
            dataIndex: 'parcelCode',
            width: 130,
            render: (v: unknown, r) => (r.dkid ? <Link to={text(r.status) === 'dealt' ? `/landTransactionDetails/${text(r.dkid)}` : `/mapMoreGpggDetails/${text(r.dkid)}`}>{text(v)}</Link> : text(v)),
          },
          { title: '公告编号', dataIndex: 'announcementNo', width: 210, render: (v: unknown) => text(v) || '—' },
          { title: '交易方式', dataIndex: 'transactionType', width: 90, render: (v: unknown, r) => text(r.transactionTypeLabel) || optionLabel(TRANSACTION_TYPE_LABELS, v) },
          { title: '挂牌期限', key: 'period', width: 210, render: (_v, r) => `${dateText(r.listingStart)} 至 ${dateText(r.listingEnd)}` },
          { title: '起始价', dataIndex: 'startingPrice', width: 120, align: 'right', render: (v: unknown) => wanText(v) },
          { title: '成交价', dataIndex: 'dealPrice', width: 120, align: 'right', render: (v: unknown) => (text(v) ? <b style={{ color: '#d4380d' }}>{wanText(v)}</b> : '—') },
          { title: '成交日期', dataIndex: 'dealDate', width: 110, render: (v: unknown) => (text(v) ? dateText(v) : '—') },
          { title: '竞得人', dataIndex: 'winner', width: 200, render: (v: unknown) => text(v) || '—' },
          { title: '状态', dataIndex: 'status', width: 90, fixed: 'right', render: (v: unknown, r) => <Tag color={STATUS_COLORS[text(v)]}>{text(r.statusLabel) || optionLabel(TRANSACTION_STATUS_LABELS, v)}</Tag> },
        ]}
      />
    </div>
  );
}

/** 交易信息 (jiaoyixinxi): transfer announcements, deal publicity and the transaction records. */
export function TransactionInfoPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'transfer';
  return (
    <div>
      <PageBanner title="交易信息" crumbs={[{ title: '交易信息' }]} subtitle="国有建设用地使用权出让公告、成交公示与土地交易记录。" />
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'transfer', label: '出让公告', children: <NoticeList fixedType="transfer" /> },
            { key: 'deal', label: '成交公示', children: <NoticeList fixedType="deal" /> },
            { key: 'records', label: '交易记录', children: <TransactionRecords /> },
          ]}
        />
      </Card>
    </div>
  );
}
