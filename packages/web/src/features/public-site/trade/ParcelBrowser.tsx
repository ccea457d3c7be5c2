/**
 * A filterable, paged list of published parcels (cards or a table), its state in the URL so a
 * reload or a shared link shows the same page. Used by 挂牌地块 and 成交地块.
 */
import { AppstoreOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Input, InputNumber, Pagination, Row, Segmented, Select, Skeleton, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { parcelPageQuery, useDistrictOptions, useLandClasses, type Parcel, type ParcelPageQuery } from '../../public-map/api';
import { muText, parcelDetailPath, text, wanText } from '../../public-map/format';
import { SaveSearchButton } from '../../visitor/SaveSearchButton';
import { ParcelCard } from '../ParcelCard';
import { LoadError } from '../ui';
import { totalText } from '../../../lib/paged-query';
import styles from './ParcelBrowser.module.css';

const SORTS: { value: string; label: string }[] = [
  { value: 'publishedAt:desc', label: '最新发布' },
  { value: 'landAreaMu:desc', label: '面积从大到小' },
  { value: 'landAreaMu:asc', label: '面积从小到大' },
  { value: 'startingPrice:asc', label: '起始价从低到高' },
  { value: 'startingPrice:desc', label: '起始价从高到低' },
  { value: 'visitcount:desc', label: '关注度' },
];

const num = (s: string | null): number | undefined => (s !== null && s !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined);

interface ParcelBrowserProps {
  /** The public call that lists these parcels. */
  path: string;
  /** Fixed named filters (state…). */
  fixed?: Partial<ParcelPageQuery>;
  /** Extra lines on each card (transaction figures). */
  cardFooter?: (p: Parcel) => ReactNode;
  /** Extra table columns. */
  columns?: ColumnsType<Parcel>;
  emptyText: string;
  /** The trade state these parcels have (a saved search of this list keeps it). */
  searchState?: 'listed' | 'deal';
}

export function ParcelBrowser({ path, fixed = {}, cardFooter, columns = [], emptyText, searchState }: ParcelBrowserProps) {
  const [params, setParams] = useSearchParams();
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const classes = useLandClasses();
  const view = params.get('view') === 'table' ? 'table' : 'cards';
  const pageNo = Math.max(1, num(params.get('pageNo')) ?? 1);
  const pageSize = view === 'table' ? 20 : 12;
  const [orderBy, order] = (params.get('sort') ?? 'publishedAt:desc').split(':');

  const query: ParcelPageQuery = {
    ...fixed,
    pageNo,
    pageSize,
    keyword: params.get('keyword') ?? undefined,
    areacode: params.get('areacode') ?? undefined,
    dlcode: params.get('dlcode') ?? undefined,
    areaMin: num(params.get('areaMin')),
    areaMax: num(params.get('areaMax')),
    orderBy: orderBy as ParcelPageQuery['orderBy'],
    order: order === 'asc' ? 'asc' : 'desc',
  };
  const result = useQuery({ ...parcelPageQuery(query, path), placeholderData: keepPreviousData });
  const savedFilter = Object.fromEntries(
    Object.entries({ keyword: query.keyword, areacode: query.areacode, dlcode: query.dlcode, areaMin: query.areaMin, areaMax: query.areaMax, state: searchState ?? fixed.state }).filter(
      ([, v]) => v !== undefined && v !== null && v !== '',
    ),
  );

  const set = (patch: Record<string, string | number | undefined | null>, keepPage = false) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!keepPage) next.delete('pageNo');
        return next;
      },
      { replace: true },
    );
  };

  const tableColumns: ColumnsType<Parcel> = [
    { title: '地块名称', dataIndex: 'dkmc', render: (v: unknown, r) => <Link to={parcelDetailPath(r.id, r.tradeState)}>{text(v)}</Link> },
    { title: '宗地编号', dataIndex: 'dkbh', width: 130 },
    { title: '片区', dataIndex: 'areaname', width: 120, render: (v: unknown, r) => text(v) || nameOf.get(text(r.areacode)) || '—' },
    { title: '土地用途', dataIndex: 'dlname', width: 130, render: (v: unknown) => text(v) || '—' },
    { title: '面积', dataIndex: 'landAreaMu', width: 120, align: 'right', render: (_v: unknown, r) => muText(r.landArea, r.landAreaMu) },
    { title: '起始价', dataIndex: 'startingPrice', width: 130, align: 'right', render: (v: unknown) => wanText(v) },
    ...columns,
  ];

  const list = result.data?.list ?? [];
  return (
    <Card variant="borderless">
      <div className={styles.filters} data-testid="parcel-filters">
        <Input.Search
          className={styles.keyword}
          placeholder="地块名称、编号或坐落"
          defaultValue={params.get('keyword') ?? ''}
          key={params.get('keyword') ?? ''}
          allowClear
          onSearch={(v) => set({ keyword: v.trim() })}
          aria-label="关键词"
        />
        <Select className={styles.select} options={districtOptions} value={params.get('areacode') ?? ''} onChange={(v: string) => set({ areacode: v })} aria-label="片区" />
        <TreeSelect
          className={styles.select}
          treeData={classes.treeData}
          value={params.get('dlcode') || undefined}
          onChange={(v?: string) => set({ dlcode: v })}
          placeholder="全部地类"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          popupMatchSelectWidth={300}
          aria-label="土地用途"
        />
        <span className={styles.range}>
          <InputNumber<number> min={0} placeholder="面积≥" value={num(params.get('areaMin')) ?? null} onChange={(v) => set({ areaMin: v })} aria-label="最小面积（亩）" />
          <span>–</span>
          <InputNumber<number> min={0} placeholder="面积≤" value={num(params.get('areaMax')) ?? null} onChange={(v) => set({ areaMax: v })} aria-label="最大面积（亩）" />
          <span className={styles.unit}>亩</span>
        </span>
        <Button icon={<ReloadOutlined />} onClick={() => setParams({}, { replace: true })}>
          重置
        </Button>
        <SaveSearchButton filter={savedFilter} />
      </div>
      <div className={styles.bar}>
        <span>
          共 <b>{result.data?.total ?? '…'}</b> 宗
        </span>
        <span className={styles.barRight}>
          <Select size="small" variant="borderless" value={`${orderBy}:${order === 'asc' ? 'asc' : 'desc'}`} options={SORTS} onChange={(v: string) => set({ sort: v })} popupMatchSelectWidth={false} aria-label="排序" />
          <Segmented
            size="small"
            value={view}
            onChange={(v) => set({ view: v === 'table' ? 'table' : undefined })}
            options={[
              { value: 'cards', icon: <AppstoreOutlined />, title: '卡片' },
              { value: 'table', icon: <UnorderedListOutlined />, title: '列表' },
            ]}
          />
        </span>
      </div>
      {result.isError ? (
        <LoadError error={result.error} retry={() => void result.refetch()} />
      ) : result.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : list.length === 0 ? (
        <Empty description={emptyText} />
      ) : view === 'table' ? (
        <Table<Parcel> rowKey="id" size="middle" columns={tableColumns} dataSource={list} pagination={false} scroll={{ x: 960 }} loading={result.isFetching} />
      ) : (
        <Row gutter={[16, 16]} style={{ opacity: result.isFetching ? 0.6 : 1 }}>
          {list.map((p) => (
            <Col key={p.id} xs={24} sm={12} lg={8} xl={6}>
              <ParcelCard parcel={p} footer={cardFooter?.(p)} />
            </Col>
          ))}
        </Row>
      )}
      {(result.data?.total ?? 0) > pageSize && (
        <Pagination
          className={styles.pager}
          current={pageNo}
          pageSize={pageSize}
          total={result.data?.total ?? 0}
          showSizeChanger={false}
          showTotal={(t) => totalText(t, result.data?.totalExact, '宗')}
          onChange={(p) => set({ pageNo: p }, true)}
        />
      )}
    </Card>
  );
}
