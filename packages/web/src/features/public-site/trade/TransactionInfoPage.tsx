import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { PageHead } from '../../../public/head';
import { useAddressParams } from '../../../public/use-address-params';
import { BlockBoundary, Empty, Pagination, SearchInput, Segmented, SkeletonLines, Tabs, Tag } from '../../../public-ui';
import { optionLabel, text, TRANSACTION_STATUS_LABELS, TRANSACTION_TYPE_LABELS, wanText } from '../../public-map/format';
import { pageQuery, PATHS, type Row } from '../api';
import { NoticeList } from '../notices/NoticeList';
import { DateRange, DateText, PageBanner, Panel, SimpleTable } from '../ui';
import styles from './TransactionInfoPage.module.css';

const SUBTITLE = '国有建设用地使用权出让公告、成交公示与土地交易记录。';
const PAGE_SIZE = 15;
const STATUS_COLORS: Record<string, string> = { listing: 'orange', dealt: 'green', failed: 'default', terminated: 'red' };
const STATUS_OPTIONS = [{ value: '', label: '全部' }, ...Object.entries(TRANSACTION_STATUS_LABELS).map(([value, label]) => ({ value, label }))];
const TABS = ['transfer', 'deal', 'records'] as const;

interface RecordsFilter {
  status: string;
  keyword: string;
  pageNo: number;
}

function filterOf(params: URLSearchParams): RecordsFilter {
  const pageNo = Number(params.get('pageNo'));
  return { status: params.get('status') ?? '', keyword: params.get('keyword') ?? '', pageNo: Number.isInteger(pageNo) && pageNo > 0 ? pageNo : 1 };
}

function RecordsTable({ filter, stale, onPage }: { filter: RecordsFilter; stale: boolean; onPage: (pageNo: number) => void }) {
  const { data } = useSuspenseQuery(pageQuery(PATHS.transactions, { pageNo: filter.pageNo, pageSize: PAGE_SIZE, status: filter.status, keyword: filter.keyword }));
  if (data.list.length === 0) return <Empty text="暂无交易记录" />;
  return (
    <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
      <SimpleTable<Row>
        minWidth={1100}
        dataSource={data.list}
        data-testid="transaction-table"
        columns={[
          {
            title: '宗地编号',
            dataIndex: 'parcelCode',
            render: (v, r) => (r.dkid ? <Link to={text(r.status) === 'dealt' ? `/landTransactionDetails/${text(r.dkid)}` : `/mapMoreGpggDetails/${text(r.dkid)}`}>{text(v)}</Link> : text(v)),
          },
          { title: '公告编号', dataIndex: 'announcementNo', render: (v) => text(v) || '—' },
          { title: '交易方式', dataIndex: 'transactionType', render: (v, r) => text(r.transactionTypeLabel) || optionLabel(TRANSACTION_TYPE_LABELS, v) },
          { title: '挂牌期限', dataIndex: 'listingStart', render: (_v, r) => <DateRange from={r.listingStart} to={r.listingEnd} /> },
          { title: '起始价', dataIndex: 'startingPrice', align: 'right', render: (v) => wanText(v) },
          { title: '成交价', dataIndex: 'dealPrice', align: 'right', render: (v) => (text(v) ? <b className={styles.price}>{wanText(v)}</b> : '—') },
          { title: '成交日期', dataIndex: 'dealDate', render: (v) => (text(v) ? <DateText value={v} /> : '—') },
          { title: '竞得人', dataIndex: 'winner', render: (v) => text(v) || '—' },
          { title: '状态', dataIndex: 'status', render: (v, r) => <Tag color={STATUS_COLORS[text(v)]}>{text(r.statusLabel) || optionLabel(TRANSACTION_STATUS_LABELS, v)}</Tag> },
        ]}
      />
      <div className={styles.pager}>
        <Pagination current={filter.pageNo} pageSize={PAGE_SIZE} total={data.total} onChange={onPage} />
      </div>
    </div>
  );
}

/** 交易记录: the land-transaction system's records, filtered by status and keyword (kept in the address). */
function TransactionRecords() {
  const [params, setParams] = useAddressParams();
  const search = params.toString();
  // The controls follow the address at once; the table stays (dimmed) until the next page is there.
  const shown = useDeferredValue(search);
  const filter = useMemo(() => filterOf(new URLSearchParams(shown)), [shown]);
  const live = filterOf(params);
  const set = (patch: Partial<Record<'status' | 'keyword' | 'pageNo', string>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!('pageNo' in patch)) next.delete('pageNo');
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return (
    <div data-testid="transaction-records">
      <div className={styles.toolbar}>
        <Segmented label="交易状态" value={live.status} options={STATUS_OPTIONS} onChange={(status) => set({ status })} testId="transaction-status" />
        <SearchInput key={live.keyword} label="搜索交易记录" placeholder="宗地编号、公告编号或竞得人" defaultValue={live.keyword} className={styles.search} onSearch={(v) => set({ keyword: v.trim() })} />
      </div>
      <BlockBoundary label="交易记录" resetKey={shown}>
        <Suspense fallback={<SkeletonLines rows={8} />}>
          <RecordsTable filter={filter} stale={shown !== search} onPage={(pageNo) => set({ pageNo: pageNo > 1 ? String(pageNo) : '' })} />
        </Suspense>
      </BlockBoundary>
    </div>
  );
}

/** 交易信息 (jiaoyixinxi): transfer announcements, deal publicity and the transaction records. */
export function TransactionInfoPage() {
  const [params, setParams] = useAddressParams();
  const asked = params.get('tab') ?? '';
  const tab = (TABS as readonly string[]).includes(asked) ? asked : 'transfer';
  return (
    <div>
      <PageHead title="交易信息" description={SUBTITLE} />
      <PageBanner title="交易信息" crumbs={[{ title: '交易信息' }]} subtitle={SUBTITLE} />
      <Panel>
        <Tabs
          label="交易信息"
          activeKey={tab}
          // A new tab starts without the previous tab's filters.
          onChange={(k) => setParams(k === 'transfer' ? {} : { tab: k }, { replace: true })}
          items={[
            { key: 'transfer', label: '出让公告', children: <NoticeList key="transfer" fixedType="transfer" /> },
            { key: 'deal', label: '成交公示', children: <NoticeList key="deal" fixedType="deal" /> },
            { key: 'records', label: '交易记录', children: <TransactionRecords /> },
          ]}
        />
      </Panel>
    </div>
  );
}
