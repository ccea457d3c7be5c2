import { usePrefetchQuery, useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useTransition } from 'react';
import { fileUrl, toFileList } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { BlockBoundary, Descriptions, Empty, Pagination, SearchInput, Select, SkeletonLines, Tabs, Tag } from '../../../public-ui';
import { PhoneOutlined } from '../../../public-ui/icons/PhoneOutlined';
import { districtsQuery, useDistrictOptions } from '../../public-map/api';
import { LEASE_STATUS_LABELS, LEASE_TYPE_LABELS, num, optionLabel, text, withUnit } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { PageBanner, Panel } from '../ui';
import { CoverPhotos } from '../widgets';
import styles from './projects.module.css';
import { useEntryState } from '../../../public/use-entry-state';

const PAGE_SIZE = 9;
const SUBTITLE = '标准厂房、仓库、办公楼与土地的公开租赁信息，可直接联系招租负责人。';

interface Filter {
  type: string;
  status: string;
  areacode: string;
  keyword: string;
  pageNo: number;
}

const leasesQuery = (filter: Filter) => pageQuery(PATHS.leasable, { ...filter, pageSize: PAGE_SIZE });

function Leases({ filter, fading, onPage, nameOf }: { filter: Filter; fading: boolean; onPage: (pageNo: number) => void; nameOf: Map<string, string> }) {
  const { data } = useSuspenseQuery(leasesQuery(filter));
  if (data.list.length === 0) return <Empty text="暂无符合条件的租赁信息" />;
  return (
    <div style={{ opacity: fading ? 0.6 : 1 }}>
      <div className={styles.grid}>
        {data.list.map((r) => {
          const images = toFileList(r.images);
          return (
            <div key={r.id} className={styles.project} data-testid="lease-card">
              {images.length > 0 ? <CoverPhotos urls={images.map((i) => fileUrl(i.url))} alt={text(r.name)} /> : <div className={styles.coverPlaceholder}>{text(r.typeLabel) || optionLabel(LEASE_TYPE_LABELS, r.type)}</div>}
              <div className={styles.body}>
                <h2 className={styles.name}>
                  {text(r.name)}
                  <Tag color={text(r.status) === 'available' ? 'green' : 'default'}>{text(r.statusLabel) || optionLabel(LEASE_STATUS_LABELS, r.status)}</Tag>
                </h2>
                <div className={styles.meta}>
                  {nameOf.get(text(r.areacode)) || '—'} · {text(r.address) || '—'}
                </div>
                <div className={styles.figures}>
                  <span>
                    可租面积 <b>{num(r.buildingArea, 0) || '—'}</b> ㎡
                  </span>
                  <span>
                    租金 <b>{num(r.rent) || '面议'}</b> {num(r.rent) ? '元/㎡·月' : ''}
                  </span>
                </div>
                <Descriptions
                  columns={3}
                  layout="vertical"
                  className={styles.specs}
                  items={[
                    { key: 'f', label: '层数', children: withUnit(r.floors, '层', 0) },
                    { key: 'h', label: '层高', children: withUnit(r.floorHeight, 'm', 1) },
                    { key: 'l', label: '荷载', children: withUnit(r.floorLoad, 'kg/㎡', 0) },
                  ]}
                />
                {text(r.description) && <p className={styles.desc}>{text(r.description)}</p>}
                {text(r.phone) && (
                  <div className={styles.contact}>
                    <PhoneOutlined /> {text(r.contact)} <a href={`tel:${text(r.phone)}`}>{text(r.phone)}</a>
                  </div>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {data.total > PAGE_SIZE && (
        <div className={styles.pager}>
          <Pagination current={filter.pageNo} pageSize={PAGE_SIZE} total={data.total} onChange={onPage} />
        </div>
      )}
    </div>
  );
}

/** 公开租赁 (tuijiejihua): standard factories, warehouses, offices and land offered for lease. */
export function LeasingPage() {
  const [filter, setFilter] = useEntryState<Filter>('leasing', { type: '', status: 'available', areacode: '', keyword: '', pageNo: 1 });
  const [fading, startTransition] = useTransition();
  // The list's call goes out with the district names', not after them (one round when reached by a link).
  usePrefetchQuery(leasesQuery(filter));
  useSuspenseQueries({ queries: [districtsQuery] });
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const change = (next: Partial<Filter>) => startTransition(() => setFilter((f) => ({ ...f, pageNo: 1, ...next })));
  const list = (
    <BlockBoundary label="租赁列表" resetKey={filter}>
      <Suspense fallback={<SkeletonLines rows={8} />}>
        <Leases filter={filter} fading={fading} onPage={(pageNo) => change({ pageNo })} nameOf={nameOf} />
      </Suspense>
    </BlockBoundary>
  );

  return (
    <div>
      <PageHead title="公开租赁" description={SUBTITLE} />
      <PageBanner title="公开租赁" crumbs={[{ title: '公开租赁' }]} subtitle={SUBTITLE} tone="teal" />
      <Panel>
        <div className={styles.toolbar}>
          <span />
          <span className={styles.toolbarRight}>
            <Select
              className={styles.status}
              value={filter.status}
              onChange={(e) => change({ status: e.target.value })}
              options={[{ value: '', label: '全部状态' }, ...Object.entries(LEASE_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
              aria-label="出租状态"
            />
            <Select className={styles.district} options={districtOptions} value={filter.areacode} onChange={(e) => change({ areacode: e.target.value })} aria-label="片区" />
            <SearchInput label="搜索租赁信息" placeholder="名称或地址" className={styles.search} defaultValue={filter.keyword} onSearch={(v) => change({ keyword: v.trim() })} />
          </span>
        </div>
        <Tabs
          label="租赁类型"
          activeKey={filter.type}
          onChange={(type) => change({ type })}
          items={[{ key: '', label: '全部类型' }, ...Object.entries(LEASE_TYPE_LABELS).map(([key, label]) => ({ key, label }))].map((t) => ({ ...t, children: list }))}
        />
      </Panel>
    </div>
  );
}
