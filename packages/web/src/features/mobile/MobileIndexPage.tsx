import { useQuery, useQueryClient, useSuspenseQueries } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fileUrl } from '../../lib/files';
import { PageHead } from '../../public/head';
import { useMapWanted } from '../../public/use-map-wanted';
import { useLoadedComponent } from '../../public/use-loaded';
import { useAddressParams } from '../../public/use-address-params';
import { useSettledValue } from '../../public/use-settled-value';
import { overLimit } from '@land/shared/constants';
import { Alert, BlockBoundary, BlockError, Button, clearTooLong, Empty, markTooLong, refuseTooLong, Spin, useHeldSubmit, useKeepEarlyInput } from '../../public-ui';
import { MapPreview } from '../public-map/MapPreview';
import { landClassColor } from '../public-map/colors';
import { CloseOutlined } from '../../public-ui/icons/CloseOutlined';
import { DesktopOutlined } from '../../public-ui/icons/DesktopOutlined';
import { FilterOutlined } from '../../public-ui/icons/FilterOutlined';
import { RightOutlined } from '../../public-ui/icons/RightOutlined';
import { SearchOutlined } from '../../public-ui/icons/SearchOutlined';
import { latestNoticesQuery } from '../public-site/api';
import { baseMapQuery, districtsQuery, landClassesQuery, landClassName, mapParcelsQuery, pageOf, parcelPageQuery, settingsQuery, useDistrictOptions, useLandClasses, type Parcel, type ParcelQueryFilters } from '../public-map/api';
import { tileMetaQuery, tilesWanted } from '../public-map/ol/tileMeta';
import { activeFilterCount, EMPTY_FILTERS, KEYWORD_NOT_APPLIED, sortParcels, toQueryFilters, type ParcelFilters } from '../public-map/filters';
import { dateText, MARKET_STATE_LABELS, muText, text } from '../public-map/format';
import { FilterSheet } from './FilterSheet';
import { ParcelListItem } from './ParcelListItem';
import { mobileNoticePath, mobileParcelPath, rememberMobileList } from './paths';
import { useEntryState } from '../../public/use-entry-state';
import { filtersFromParams, filtersToParams } from './url-filters';
import { useMiniProgramShare } from './wechat-share';
import styles from './mobile.module.css';

const loadMap = () => import('./MobileParcelMap');

/**
 * Cards rendered at first and added per 加载更多: a phone need not lay out hundreds at once. Above
 * the tile threshold (a million parcels) they are also fetched a page at a time, and the map draws
 * the parcels from tiles, so the page never carries more than a page of parcels.
 */
const PAGE = 20;
/** List rows whose photos are on the first screen (not lazy). */
const EAGER_ROWS = 2;

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
          <span className={styles.chipText}>{c.label}</span>
          <CloseOutlined />
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

/**
 * The map above the list, with the card of the parcel picked on it. Its own component: the map
 * arriving or a parcel picked re-renders this box, not the page's list. Until OpenLayers is there
 * (on a phone, until asked for) the box shows the parcels as dots on the districts' outlines.
 */
function MapBox({ results, total, tiled, filtered, offlineBase }: { results: Parcel[]; total: number; tiled: boolean; filtered: boolean; offlineBase: boolean }) {
  const { ref: mapRef, load, ask } = useMapWanted<HTMLElement>();
  // Without a configured tile source the base is the zone's roads and water: asked for as soon
  // as the map is, not after OpenLayers has loaded and made the map (as on /index).
  const queryClient = useQueryClient();
  useEffect(() => {
    if (offlineBase && load) void queryClient.prefetchQuery(baseMapQuery);
  }, [offlineBase, load, queryClient]);
  // A parcel picked on the map: one of the list's, or (from tiles) one the list has not reached.
  const [picked, setPicked] = useState<Parcel | null>(null);
  // A new result drops the selection (as a new search did before).
  useEffect(() => setPicked(null), [results]);
  const selectedId = picked?.id ?? null;
  const select = useCallback((p: Parcel | string | null) => setPicked(typeof p === 'string' ? results.find((r) => r.id === p) ?? null : p), [results]);
  const MobileParcelMap = useLoadedComponent(loadMap, load);
  const outlines = useQuery(districtsQuery).data;
  const shapes = useMemo(() => (outlines ?? []).map((d) => ({ id: d.id, geometry: d.boundary, color: '#0958d9' })), [outlines]);
  const points = useMemo(() => results.map((p) => ({ id: p.id, lon: p.centre?.[0], lat: p.centre?.[1], color: landClassColor(p.dlcode) })), [results]);
  return (
    <section ref={mapRef} className={styles.mapBox} aria-label="地块地图">
      {MobileParcelMap ? (
        <MobileParcelMap parcels={results} tiled={tiled} filtered={filtered} selectedId={selectedId} onSelect={select} />
      ) : (
        <MapPreview shapes={shapes} points={points} label={tiled ? `已发布地块分布示意图，共 ${total} 个，图上为列表中的 ${results.length} 个` : `已发布地块分布示意图，共 ${total} 个`} asked={load} onAsk={ask} fillOpacity={0.06} />
      )}
      {picked && (
        <div className={styles.mapCard} data-testid="map-card">
          <Link to={mobileParcelPath(picked.id, false)} className={styles.mapCardLink}>
            <span className={styles.mapCardName}>{text(picked.dkmc) || text(picked.dkbh)}</span>
            <span className={styles.mapCardMore}>
              详情 <RightOutlined />
            </span>
          </Link>
          <button type="button" className={styles.mapCardClose} onClick={() => setPicked(null)} aria-label="关闭">
            <CloseOutlined />
          </button>
        </div>
      )}
    </section>
  );
}

/** The first `shown` cards of the result; memoised, so typing in the search box does not re-render them. */
const ParcelCards = memo(function ParcelCards({ results, shown }: { results: Parcel[]; shown: number }) {
  return (
    <ul className={styles.list} data-testid="mobile-parcel-list">
      {results.slice(0, shown).map((p, i) => (
        <li key={p.id}>
          <ParcelListItem parcel={p} to={mobileParcelPath(p.id, false)} eager={i < EAGER_ROWS} />
        </li>
      ))}
    </ul>
  );
});

/**
 * The list's parcels: below the tile threshold all of them with boundaries (the map draws them),
 * shown `shown` at a time; above it the first `shown` in pages of PAGE (newest first, as the
 * short list is sorted), fetched a page at a time.
 */
function mobileParcelQueries(tiled: boolean, filters: ParcelQueryFilters, shown: number) {
  return tiled
    ? Array.from({ length: Math.max(1, Math.ceil(shown / PAGE)) }, (_, i) => parcelPageQuery({ ...filters, pageNo: i + 1, pageSize: PAGE, orderBy: 'publishedAt', order: 'desc' }))
    : [mapParcelsQuery(filters)];
}

function useMobileParcels(tiled: boolean, filters: ParcelQueryFilters, shown: number): { results: Parcel[]; total: number } {
  const queries = mobileParcelQueries(tiled, filters, shown);
  // Combined once per set of answers: the list and the map re-render only when a page arrives.
  const combine = useCallback(
    (answers: { data: unknown }[]) => {
      if (!tiled) {
        const all = sortParcels(answers[0].data as Parcel[], 'default');
        return { results: all, total: all.length };
      }
      const pages = answers.map((a, i) => pageOf<Parcel>(a.data, { pageNo: i + 1, pageSize: PAGE }));
      return { results: pages.flatMap((p) => p.list), total: pages[0]?.total ?? 0 };
    },
    [tiled],
  );
  return useSuspenseQueries({ queries: queries as ReturnType<typeof parcelPageQuery>[], combine });
}

/**
 * Mobile home (/mobileindex): map and list of published parcels with the main filters. The list,
 * the notices and the names come with the page (server-rendered); a filter change keeps showing
 * the previous list until the new one is there.
 */
export function MobileIndexPage() {
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const queryFilters = useMemo(() => toQueryFilters(filters), [filters]);
  const [noticesQ, settingsQ, tileMetaQ] = useSuspenseQueries({
    queries: [latestNoticesQuery(5), settingsQuery, tileMetaQuery('public'), districtsQuery, landClassesQuery],
  });
  const tiled = tilesWanted(tileMetaQ.data, settingsQ.data) === true;
  // How many cards 加载更多 has shown, kept with this history entry: back from a parcel, the same
  // cards are there (from the cache) and the browser puts the list where it was.
  const [shown, setShown] = useEntryState('shown', PAGE);
  // A filter change, or 加载更多, keeps the cards on screen while the next ones come (above the tile
  // threshold 加载更多 asks for a page), and says so in their place (with 重试) if they cannot.
  const asked = useMemo(() => ({ filters: queryFilters, shown }), [queryFilters, shown]);
  const next = useSettledValue(asked, (a) => mobileParcelQueries(tiled, a.filters, a.shown));
  const shownFilters = next.shown.filters;
  const { results, total } = useMobileParcels(tiled, shownFilters, next.shown.shown);
  const moreFailed = next.error !== null && shownFilters === queryFilters;
  const notices = noticesQ.data;
  const siteName = settingsQ.data?.siteName || '开发区土地信息平台';
  const filterCount = activeFilterCount(filters);

  const [keyword, setKeyword] = useState(filters.keyword);
  const [sheetOpen, setSheetOpen] = useState(false);

  useMiniProgramShare({ title: siteName, path: '/mobileindex' });

  // The list as filtered now, for a parcel page's 返回地块列表 (mobile/paths.ts).
  const search = params.toString();
  useEffect(() => rememberMobileList(search ? `?${search}` : ''), [search]);

  // Back from a detail, or a chip removed: the search box follows the address.
  useEffect(() => setKeyword(filters.keyword), [filters.keyword]);
  // Words typed before the page hydrated (after the effect above, which would put the address's back).
  const keywordInput = useRef<HTMLInputElement>(null);
  const searchForm = useRef<HTMLFormElement>(null);
  useKeepEarlyInput(keywordInput, keyword);
  useHeldSubmit(searchForm);
  // An address whose keyword is over the limit (the list leaves it out): its box is marked, and
  // unmarked once its words are within the limit (its chip removed, or shortened).
  const keywordLeftOut = overLimit(filters.keyword);
  useEffect(() => {
    const input = keywordInput.current;
    if (keywordLeftOut) markTooLong(input);
    else if (input) clearTooLong(input);
  }, [keywordLeftOut, keyword]);

  const apply = (next: ParcelFilters) => {
    setSheetOpen(false);
    setShown(PAGE);
    setParams(filtersToParams(next), { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!refuseTooLong(keywordInput.current)) apply({ ...filters, keyword: keyword.trim() });
  };

  const updating = next.pending && shownFilters !== queryFilters;
  const loadingMore = next.pending && shownFilters === queryFilters;
  const first = results[0];
  const summary = `${siteName}：已发布地块 ${total} 个${first ? `，如 ${text(first.dkmc) || text(first.dkbh)}（${muText(first.landArea, first.landAreaMu)}）` : ''}。按片区、用途、面积和交易状态查询。`;

  return (
    <div className={styles.page} data-testid="mobile-index">
      <PageHead title="地块查询" siteName={siteName} description={summary} image={first?.photo ? fileUrl(first.photo) : null} />
      <header className={styles.top}>
        <div className={styles.topRow}>
          <h1 className={styles.brand}>{siteName}</h1>
          <Link to="/home" className={styles.desktopLink} data-testid="desktop-link">
            <DesktopOutlined /> 电脑版
          </Link>
        </div>
        <div className={styles.searchRow}>
          <form ref={searchForm} className={styles.search} role="search" onSubmit={submit}>
            <SearchOutlined />
            <input
              ref={keywordInput}
              className={styles.searchInput}
              type="search"
              enterKeyHint="search"
              value={keyword}
              onChange={(e) => {
                clearTooLong(e.target);
                setKeyword(e.target.value);
              }}
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

      <main>
      <BlockBoundary label="地图" className={styles.mapBox}>
        <MapBox results={results} total={total} tiled={tiled} filtered={Object.keys(shownFilters).length > 0} offlineBase={settingsQ.data?.tileSourceType === 'none' || !settingsQ.data?.tileUrl} />
      </BlockBoundary>

      <section className={styles.section} aria-label="地块列表">
        {keywordLeftOut && (
          <div role="alert" data-testid="keyword-not-applied">
            <Alert type="warning">{KEYWORD_NOT_APPLIED}</Alert>
          </div>
        )}
        {next.error !== null && !moreFailed ? (
          // The count on screen was the last list's: it goes with it.
          <BlockError label="地块列表" error={next.error} onRetry={next.retry} />
        ) : (
          <div className={styles.resultHead}>
            <span data-testid="mobile-result-count" data-updating={updating ? '1' : undefined}>
              共 <b>{total}</b> 个地块
            </span>
            {updating && <Spin label="更新中" />}
          </div>
        )}
        {next.error !== null && !moreFailed ? null : total === 0 ? (
          <Empty text={filterCount ? '没有符合条件的地块' : '暂无已发布地块'}>
            {filterCount > 0 && <Button onClick={() => apply(EMPTY_FILTERS)}>清除筛选</Button>}
          </Empty>
        ) : (
          <>
            <ParcelCards results={results} shown={next.shown.shown} />
            {moreFailed ? (
              <BlockError label="更多地块" error={next.error} onRetry={next.retry} />
            ) : (
              total > next.shown.shown && (
                <Button block size="large" className={styles.more} loading={loadingMore} onClick={() => setShown(shown + PAGE)} data-testid="mobile-more">
                  加载更多（还有 {total - Math.min(next.shown.shown, results.length)} 个）
                </Button>
              )
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

      </main>

      <footer className={styles.footer}>
        <Link to="/home">访问电脑版网站</Link>
      </footer>

      <FilterSheet open={sheetOpen} filters={filters} onApply={apply} onClose={() => setSheetOpen(false)} />
    </div>
  );
}
