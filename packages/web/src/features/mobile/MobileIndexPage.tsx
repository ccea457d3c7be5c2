import { CloseOutlined, DesktopOutlined, FilterOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Spin } from 'antd';
import type { FormEvent } from 'react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { latestNoticesQuery } from '../public-site/api';
import { landClassName, mapParcelsQuery, useDistrictOptions, useLandClasses, useSiteSettings, type Parcel } from '../public-map/api';
import { activeFilterCount, EMPTY_FILTERS, sortParcels, toQueryFilters, type ParcelFilters } from '../public-map/filters';
import { dateText, MARKET_STATE_LABELS, text } from '../public-map/format';
import { FilterSheet } from './FilterSheet';
import { ParcelListItem } from './ParcelListItem';
import { mobileNoticePath, mobileParcelPath } from './paths';
import { filtersFromParams, filtersToParams } from './url-filters';
import styles from './mobile.module.css';

const MobileParcelMap = lazy(() => import('./MobileParcelMap'));

/** Cards rendered at first and added per 加载更多: a phone need not lay out hundreds at once. */
const PAGE = 20;

/** The active filters as removable chips under the search bar. */
function ActiveFilters({ filters, onChange }: { filters: ParcelFilters; onChange: (f: ParcelFilters) => void }) {
  const { nameOf: districtName } = useDistrictOptions();
  const classes = useLandClasses();
  const chips: { key: string; label: string; clear: Partial<ParcelFilters> }[] = [];
  if (filters.areacode) chips.push({ key: 'areacode', label: districtName.get(filters.areacode) ?? filters.areacode, clear: { areacode: '' } });
  if (filters.dlcode) chips.push({ key: 'dlcode', label: landClassName(classes.nameOf, filters.dlcode), clear: { dlcode: '' } });
  if (filters.areaMin !== null || filters.areaMax !== null) {
    const label = filters.areaMin !== null && filters.areaMax !== null ? `${filters.areaMin}–${filters.areaMax} 亩` : filters.areaMin !== null ? `≥${filters.areaMin} 亩` : `≤${filters.areaMax} 亩`;
    chips.push({ key: 'area', label, clear: { areaMin: null, areaMax: null } });
  }
  if (filters.state) chips.push({ key: 'state', label: MARKET_STATE_LABELS[filters.state], clear: { state: '' } });
  if (filters.keyword.trim()) chips.push({ key: 'keyword', label: `“${filters.keyword.trim()}”`, clear: { keyword: '' } });
  if (chips.length === 0) return null;
  return (
    <div className={styles.activeFilters} data-testid="active-filters">
      {chips.map((c) => (
        <button key={c.key} type="button" className={styles.activeChip} onClick={() => onChange({ ...filters, ...c.clear })} aria-label={`清除筛选 ${c.label}`}>
          {c.label} <CloseOutlined />
        </button>
      ))}
      {chips.length > 1 && (
        <button type="button" className={styles.clearAll} onClick={() => onChange(EMPTY_FILTERS)}>
          全部清除
        </button>
      )}
    </div>
  );
}

/** Mobile home (/mobileindex): map and list of published parcels with the main filters. */
export function MobileIndexPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const queryFilters = useMemo(() => toQueryFilters(filters), [filters]);
  const parcelsQuery = useQuery({ ...mapParcelsQuery(queryFilters), placeholderData: keepPreviousData });
  const results = useMemo(() => sortParcels(parcelsQuery.data ?? [], 'default'), [parcelsQuery.data]);
  const notices = useQuery(latestNoticesQuery(5)).data ?? [];
  const siteName = useSiteSettings().data?.siteName || '开发区土地信息平台';
  const filterCount = activeFilterCount(filters);

  const [keyword, setKeyword] = useState(filters.keyword);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);
  const selected: Parcel | null = (selectedId && results.find((p) => p.id === selectedId)) || null;

  useEffect(() => {
    document.title = `地块查询 - ${siteName}`;
  }, [siteName]);

  // Back from a detail, or a chip removed: the search box follows the address.
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);

  const apply = (next: ParcelFilters) => {
    setSheetOpen(false);
    setSelectedId(null);
    setShown(PAGE);
    setParams(filtersToParams(next), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...filters, keyword: keyword.trim() });
  };

  const updating = parcelsQuery.isFetching && parcelsQuery.isPlaceholderData;

  return (
    <div className={styles.page} data-testid="mobile-index">
      <header className={styles.top}>
        <div className={styles.topRow}>
          <h1 className={styles.brand}>{siteName}</h1>
          <Link to="/home" className={styles.desktopLink} data-testid="desktop-link">
            <DesktopOutlined /> 电脑版
          </Link>
        </div>
        <div className={styles.searchRow}>
          <form className={styles.search} role="search" onSubmit={submit}>
            <SearchOutlined />
            <input
              className={styles.searchInput}
              type="search"
              enterKeyHint="search"
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              placeholder="搜索地块名称、编号"
              aria-label="搜索地块"
              data-testid="mobile-keyword"
            />
          </form>
          <button type="button" className={styles.filterButton} onClick={() => setSheetOpen(true)} data-testid="open-filters">
            <FilterOutlined /> 筛选
            {filterCount > 0 && <span className={styles.badge}>{filterCount}</span>}
          </button>
        </div>
        <ActiveFilters filters={filters} onChange={apply} />
      </header>

      <section className={styles.mapBox} aria-label="地块地图">
        <Suspense
          fallback={
            <div className={styles.mapFallback}>
              <Spin />
            </div>
          }
        >
          <MobileParcelMap parcels={results} selectedId={selectedId} onSelect={setSelectedId} />
        </Suspense>
        {selected && (
          <div className={styles.mapCard} data-testid="map-card">
            <Link to={mobileParcelPath(selected.id, false)} className={styles.mapCardLink}>
              <span className={styles.mapCardName}>{text(selected.dkmc) || text(selected.dkbh)}</span>
              <span className={styles.mapCardMore}>
                详情 <RightOutlined />
              </span>
            </Link>
            <button type="button" className={styles.mapCardClose} onClick={() => setSelectedId(null)} aria-label="关闭">
              <CloseOutlined />
            </button>
          </div>
        )}
      </section>

      <section className={styles.section} aria-label="地块列表">
        <div className={styles.resultHead}>
          <span data-testid="mobile-result-count" data-updating={updating ? '1' : undefined}>
            共 <b>{parcelsQuery.isPending ? '…' : results.length}</b> 个地块
          </span>
          {updating && <Spin size="small" />}
        </div>
        {parcelsQuery.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : parcelsQuery.isError ? (
          <Empty description="地块加载失败">
            <Button onClick={() => void parcelsQuery.refetch()}>重新加载</Button>
          </Empty>
        ) : results.length === 0 ? (
          <Empty description={filterCount ? '没有符合条件的地块' : '暂无已发布地块'}>
            {filterCount > 0 && <Button onClick={() => apply(EMPTY_FILTERS)}>清除筛选</Button>}
          </Empty>
        ) : (
          <>
            <ul className={styles.list} data-testid="mobile-parcel-list">
              {results.slice(0, shown).map((p) => (
                <li key={p.id}>
                  <ParcelListItem parcel={p} to={mobileParcelPath(p.id, false)} />
                </li>
              ))}
            </ul>
            {results.length > shown && (
              <Button block size="large" className={styles.more} onClick={() => setShown((n) => n + PAGE)}>
                加载更多（还有 {results.length - shown} 个）
              </Button>
            )}
          </>
        )}
      </section>

      {notices.length > 0 && (
        <section className={styles.section} aria-label="通知公告">
          <h2 className={styles.sectionTitle}>通知公告</h2>
          <ul className={styles.noticeList}>
            {notices.map((n) => (
              <li key={n.id}>
                <Link to={mobileNoticePath(n.id)} className={styles.noticeLink}>
                  <span className={styles.noticeTitle}>{text(n.title)}</span>
                  <span className={styles.muted}>{dateText(n.publishDate)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <footer className={styles.footer}>
        <Link to="/home">访问电脑版网站</Link>
      </footer>

      <FilterSheet open={sheetOpen} filters={filters} onApply={apply} onClose={() => setSheetOpen(false)} />
    </div>
  );
}
