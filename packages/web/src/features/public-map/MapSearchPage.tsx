/**
 * 地图找地 (/index): filters, result list and map in step. Server-rendered (issue 14): the filters,
 * the first parcels and their count come with the HTML; OpenLayers, the draw tool and the popups
 * load after hydration, once the map's reserved box is in view. Filters are read from the address
 * (a link with filters opens them) and written back to it; the page is kept alive between visits.
 */
import { useQuery, useQueryClient, useSuspenseQueries, useSuspenseQuery, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import type { PageResult } from '@land/shared/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { downloadFile, saveBlob, showError } from '../../lib/request';
import { PageHead } from '../../public/head';
import { useInView } from '../../public/use-in-view';
import { useLoadedComponent } from '../../public/use-loaded';
import { useSettledValue } from '../../public/use-settled-value';
import { overLimit } from '@land/shared/constants';
import { Alert, BlockBoundary, BlockError, Button, buttonClass, Empty, NumberBound, refuseInvalid, SearchInput, Select, Tag } from '../../public-ui';
import { AimOutlined } from '../../public-ui/icons/AimOutlined';
import { CloseOutlined } from '../../public-ui/icons/CloseOutlined';
import { EditOutlined } from '../../public-ui/icons/EditOutlined';
import { ExpandOutlined } from '../../public-ui/icons/ExpandOutlined';
import { FilterOutlined } from '../../public-ui/icons/FilterOutlined';
import { ReloadOutlined } from '../../public-ui/icons/ReloadOutlined';
import { CompareButton } from '../visitor/CompareButton';
import { SaveSearchButton } from '../visitor/SaveSearchButton';
import { baseMapQuery, districtsQuery, landClassesQuery, landClassName, mapParcelsQuery, parcelPageQuery, settingsQuery, useDistrictOptions, useLandClasses, type Parcel, type ParcelQueryFilters } from './api';
import { landClassColor, landClassLegend, MARKET_STATE_COLORS, MARKET_STATE_TEXT_COLORS } from './colors';
import { ExportMenu } from './ExportMenu';
import { activeFilterCount, addressCode, AREA_BELOW_MESSAGE, PRICE_BELOW_MESSAGE, addressNumber, EMPTY_FILTERS, KEYWORD_NOT_APPLIED, sortParcels, SORT_OPTIONS, toQueryFilters, type ParcelFilters, type SortKey } from './filters';
import { MARKET_STATE_LABELS, marketState, muText, wanText, type ParcelMarketState } from './format';
import { landClassOptions, onActivate } from './listKit';
import type { MapSearchMapHandle, MapSearchMapProps, SearchArea } from './MapSearchMap';
import type { ColorMode } from './ol/parcelLayers';
import { firstTilesView, tileMetaQuery, tilesWanted } from './ol/tileMeta';
import { Segmented } from './Segmented';
import styles from './MapSearchPage.module.css';

// OpenLayers (about 95 KiB compressed), the draw tool and the popup are the map's, not the page's:
// the filters and the list come with the HTML, the map once its box is in view after hydration.
const loadMap = () => import('./MapSearchMap');
// Its code is announced with the page's (modulepreload): run it while the page hydrates, not after.
// A failed load is reported by the map's box (BlockBoundary), not here.
if (typeof window !== 'undefined') loadMap().catch(() => undefined);

/** The map once its box is in view: its own component, so the box coming into view re-renders the map, not the page's list. */
function MapWhenInView(props: MapSearchMapProps) {
  const [ref, inView] = useInView<HTMLDivElement>('0px');
  const MapSearchMap = useLoadedComponent(loadMap, inView);
  if (!MapSearchMap) return <div ref={ref} className={props.className} data-testid="land-map-loading" />;
  return <MapSearchMap {...props} />;
}

const STATE_OPTIONS: { value: ParcelMarketState | ''; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: 'available', label: MARKET_STATE_LABELS.available },
  { value: 'listed', label: MARKET_STATE_LABELS.listed },
  { value: 'deal', label: MARKET_STATE_LABELS.deal },
];

const EXPORT_FORMATS = [
  { key: 'shp', label: 'Shapefile（.zip）' },
  { key: 'geojson', label: 'GeoJSON' },
  { key: 'kml', label: 'KML（Google 地球）' },
];

/** With tiles the list shows the first page of the results (the map shows every parcel and pins these when a filter is set). */
const TILED_LIST_SIZE = 100;

const SORT_KEYS = new Set<string>(SORT_OPTIONS.map((o) => o.value));
const STATES = new Set<string>(['available', 'listed', 'deal']);

/** The filters and the order as the address carries them (unknown or malformed values ignored). */
function fromAddress(params: URLSearchParams): { filters: ParcelFilters; sort: SortKey } {
  const number = (key: string) => addressNumber(params.get(key));
  const state = params.get('state') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    filters: {
      // Kept whole for its box; one over the limit is left out of the search and said (toQueryFilters).
      keyword: params.get('keyword') ?? '',
      areacode: addressCode(params.get('areacode')),
      dlcode: addressCode(params.get('dlcode')),
      areaMin: number('areaMin'),
      areaMax: number('areaMax'),
      priceMin: number('priceMin'),
      priceMax: number('priceMax'),
      state: STATES.has(state) ? (state as ParcelMarketState) : '',
    },
    sort: SORT_KEYS.has(sort) ? (sort as SortKey) : 'default',
  };
}

function toAddress(filters: ParcelFilters, sort: SortKey): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toQueryFilters(filters))) params.set(key, String(value));
  if (sort !== 'default') params.set('sort', sort);
  return params;
}

function StateTag({ tradeState }: { tradeState: unknown }) {
  const state = marketState(tradeState);
  return (
    <Tag color={MARKET_STATE_TEXT_COLORS[state]} className={styles.stateTag}>
      {MARKET_STATE_LABELS[state]}
    </Tag>
  );
}

/** A number field of the range filters (empty: no bound); `field` renews it on 重置. */
function RangeBound({
  value,
  onChange,
  label,
  placeholder,
  field,
  onMarked,
  least,
  leastMessage,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  label: string;
  placeholder: string;
  field: number;
  onMarked: (label: string, marked: boolean) => void;
  /** For an upper bound: the lower one (a figure below it is refused by 筛选, with `leastMessage`). */
  least?: number | null;
  leastMessage?: string;
}) {
  const marked = useCallback((m: boolean) => onMarked(label, m), [label, onMarked]);
  return <NumberBound key={field} className={styles.grow} placeholder={placeholder} aria-label={label} value={value} onChange={onChange} onMarked={marked} least={least} leastMessage={leastMessage} />;
}

/** The published parcels matching the filters: all of them with boundaries, or a page of them above the tile threshold. */
/** One query or the other (the same options, and so the same cache entries, as the rest of the site). */
function parcelsQuery(tiled: boolean, queryFilters: ParcelQueryFilters) {
  return (tiled ? parcelPageQuery({ ...queryFilters, pageNo: 1, pageSize: TILED_LIST_SIZE }) : mapParcelsQuery(queryFilters)) as unknown as UseSuspenseQueryOptions<Parcel[] | PageResult<Parcel>>;
}

function useParcels(tiled: boolean, queryFilters: ParcelQueryFilters): { all: Parcel[]; total: number } {
  const query = useSuspenseQuery(parcelsQuery(tiled, queryFilters));
  return useMemo(() => (Array.isArray(query.data) ? { all: query.data, total: query.data.length } : { all: query.data.list, total: query.data.total }), [query.data]);
}

export function MapSearchPage() {
  // What the page is built on, in one round (on the server for the first render).
  const [settings, tileMeta] = useSuspenseQueries({ queries: [settingsQuery, tileMetaQuery('public'), districtsQuery, landClassesQuery] });
  const tiled = tilesWanted(tileMeta.data, settings.data) === true;
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => fromAddress(params));
  const [filters, setFilters] = useState<ParcelFilters>(initial.filters);
  const [draft, setDraft] = useState<ParcelFilters>(initial.filters);
  const [sort, setSort] = useState<SortKey>(initial.sort);
  // A drawn area narrows the search to the parcels whose centre lies in it (not in the address: up to 200 vertices).
  const [area, setArea] = useState<SearchArea | null>(null);
  // A saved search opened from 我的订阅 brings its drawn area in the navigation's state (after
  // hydration: the server never sees it).
  const location = useLocation();
  const broughtArea = (location.state as { area?: SearchArea } | null)?.area;
  useEffect(() => {
    if (broughtArea?.type === 'Polygon' && Array.isArray(broughtArea.coordinates)) setArea(broughtArea);
  }, [broughtArea]);
  const [drawing, setDrawing] = useState(false);
  const queryFilters = useMemo(() => ({ ...toQueryFilters(filters), ...(area ? { area } : {}) }), [filters, area]);
  // A new search keeps the current list on screen until its parcels have arrived, and says so in
  // the list's place (with 重试) if they cannot.
  const next = useSettledValue(queryFilters, (f) => [parcelsQuery(tiled, f)]);
  const pending = next.pending;
  const { all, total } = useParcels(tiled, next.shown);

  // Issue 14 "the map first": the map box tells the page's early script (ol/first-tiles.ts) the
  // first view, whose tiles it asks for as soon as the HTML is parsed, while OpenLayers loads.
  const firstTiles = useMemo(() => (tiled ? JSON.stringify(firstTilesView(tileMeta.data, settings.data)) : undefined), [tiled, tileMeta.data, settings.data]);
  // Without a configured tile source the base is the zone's roads and water: asked for at once,
  // not after OpenLayers has loaded and made the map.
  const queryClient = useQueryClient();
  const offlineBase = settings.data?.tileSourceType === 'none' || !settings.data?.tileUrl;
  useEffect(() => {
    if (offlineBase) void queryClient.prefetchQuery(baseMapQuery);
  }, [offlineBase, queryClient]);

  const [tileHit, setTileHit] = useState<Parcel | null>(null);
  const { options: districtOptions, nameOf: districtName } = useDistrictOptions();
  const classes = useLandClasses();
  const classOptions = useMemo(() => landClassOptions(classes.treeData), [classes.treeData]);

  const [colorMode, setColorMode] = useState<ColorMode>('landClass');
  const [showDistricts, setShowDistricts] = useState(true);
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  // The keyword and number fields keep what was typed; a reset gives fresh ones.
  const [fields, setFields] = useState(0);
  const filtersRef = useRef<HTMLDivElement | null>(null);
  // Bound boxes holding what they cannot apply (a negative number): 重置 clears them too.
  const [markedBounds, setMarkedBounds] = useState<ReadonlySet<string>>(new Set());
  const markBound = useCallback((label: string, marked: boolean) => {
    setMarkedBounds((was) => {
      if (was.has(label) === marked) return was;
      const next = new Set(was);
      if (marked) next.add(label);
      else next.delete(label);
      return next;
    });
  }, []);

  const results = useMemo(() => sortParcels(all, sort), [all, sort]);
  const byId = useMemo(() => new Map(all.map((p) => [p.id, p])), [all]);
  // Every published parcel (no filters), for the legend of the classes that occur.
  const everything = useQuery({ ...mapParcelsQuery({}), enabled: !tiled }).data;
  const selected = selectedId ? byId.get(selectedId) ?? (tileHit?.id === selectedId ? tileHit : null) : null;

  const mapApi = useRef<MapSearchMapHandle | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const scrollToItem = useCallback((id: string) => {
    listRef.current?.querySelector(`[data-parcel-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  const locate = (p: Parcel) => mapApi.current?.locate(p);

  // ------------------------------------------------------------------ filters and export
  const apply = (next: ParcelFilters, nextSort = sort) => {
    setFilters(next);
    setSelectedId(null);
    setParams(toAddress(next, nextSort), { replace: true, preventScrollReset: true });
  };
  const search = (patch: Partial<ParcelFilters> = {}) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    apply(next);
  };
  // 筛选 with a bound that is not a figure, or a keyword over the limit: said at that box, nothing applied.
  const applyFilters = () => {
    if (!refuseInvalid(filtersRef.current)) search();
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFields((k) => k + 1);
    setDrawing(false);
    setArea(null);
    apply(EMPTY_FILTERS);
  };
  const changeSort = (next: SortKey) => {
    setSort(next);
    setParams(toAddress(filters, next), { replace: true, preventScrollReset: true });
  };

  const exportLayer = async (format: string) => {
    setExporting(true);
    try {
      // The same named filters as the search, so the file holds exactly the parcels listed.
      const file = await downloadFile('/openApi/exportShpfile', { format, ...queryFilters }, `地块.${format === 'shp' ? 'zip' : format}`);
      saveBlob(file);
      notify.success('导出完成');
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  const legend =
    colorMode === 'state'
      ? (Object.keys(MARKET_STATE_COLORS) as ParcelMarketState[]).map((k) => ({ key: k, label: MARKET_STATE_LABELS[k], color: MARKET_STATE_COLORS[k] }))
      : landClassLegend((everything ?? all).map((p) => p.dlcode));

  const filterCount = activeFilterCount(filters) + (area ? 1 : 0);

  const popup = selected ? (
    <div className={styles.popup} data-testid="map-popup">
      <button type="button" className={styles.popupClose} onClick={() => setSelectedId(null)} aria-label="关闭">
        <CloseOutlined />
      </button>
      <div className={styles.popupTitle}>{selected.dkmc}</div>
      <div className={styles.popupTags}>
        <StateTag tradeState={selected.tradeState} />
        <Tag>{landClassName(classes.nameOf, selected.dlcode, selected.dlname)}</Tag>
      </div>
      <dl className={styles.popupFigures}>
        <dt>宗地编号</dt>
        <dd>{selected.dkbh || '—'}</dd>
        <dt>所属片区</dt>
        <dd>{selected.areaname || districtName.get(String(selected.areacode)) || '—'}</dd>
        <dt>土地面积</dt>
        <dd>{muText(selected.landArea, selected.landAreaMu)}</dd>
        <dt>起始价</dt>
        <dd className={styles.price}>{wanText(selected.startingPrice)}</dd>
        {selected.location ? (
          <>
            <dt>土地坐落</dt>
            <dd>{selected.location}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.popupActions}>
        <Button size="small" icon={<AimOutlined />} onClick={() => locate(selected)}>
          定位
        </Button>
        <CompareButton size="small" parcel={{ id: selected.id, name: selected.dkmc ?? selected.dkbh ?? selected.id }} />
        <Link to={`/mapMoreDetails/${encodeURIComponent(selected.id)}`} className={buttonClass('primary', 'small')} data-testid="popup-detail-link">
          查看详情
        </Link>
      </div>
    </div>
  ) : null;

  return (
    <div className={styles.page} data-testid="map-search-page">
      <PageHead title="地图找地" description={`在地图上按片区、土地用途、面积、起始价和交易状态查找已发布地块，共 ${total} 个地块。`} />
      <aside className={styles.panel} aria-label="地块筛选与结果">
        <div className={styles.filters} data-testid="map-filters" ref={filtersRef}>
          <h1 className={styles.heading}>地图找地</h1>
          <SearchInput
            key={fields}
            label="关键词"
            placeholder="地块名称、编号或坐落"
            defaultValue={filters.keyword}
            onSearch={(keyword) => search({ keyword })}
            testId="filter-keyword"
          />
          <div className={styles.filterRow}>
            <Select className={styles.grow} options={districtOptions} value={draft.areacode} onChange={(e) => search({ areacode: e.target.value })} aria-label="片区" data-testid="filter-district" />
            <Select className={styles.grow} options={classOptions} placeholder="全部地类" value={draft.dlcode} onChange={(e) => search({ dlcode: e.target.value })} aria-label="土地用途" data-testid="filter-class" />
          </div>
          <div className={styles.filterRow}>
            <span className={styles.rangeLabel} aria-hidden>
              面积
            </span>
            <RangeBound field={fields} placeholder="最小" label="最小面积（亩）" onMarked={markBound} value={draft.areaMin} onChange={(areaMin) => setDraft({ ...draft, areaMin })} />
            <span aria-hidden>–</span>
            <RangeBound field={fields} placeholder="最大" label="最大面积（亩）" onMarked={markBound} least={draft.areaMin} leastMessage={AREA_BELOW_MESSAGE} value={draft.areaMax} onChange={(areaMax) => setDraft({ ...draft, areaMax })} />
            <span className={styles.unit}>亩</span>
          </div>
          <div className={styles.filterRow}>
            <span className={styles.rangeLabel} aria-hidden>
              起始价
            </span>
            <RangeBound field={fields} placeholder="最低" label="最低起始价（万元）" onMarked={markBound} value={draft.priceMin} onChange={(priceMin) => setDraft({ ...draft, priceMin })} />
            <span aria-hidden>–</span>
            <RangeBound field={fields} placeholder="最高" label="最高起始价（万元）" onMarked={markBound} least={draft.priceMin} leastMessage={PRICE_BELOW_MESSAGE} value={draft.priceMax} onChange={(priceMax) => setDraft({ ...draft, priceMax })} />
            <span className={styles.unit}>万元</span>
          </div>
          <div data-testid="filter-state">
            <Segmented block label="交易状态" options={STATE_OPTIONS} value={draft.state} onChange={(state) => search({ state })} />
          </div>
          <div className={styles.filterActions}>
            <Button kind="primary" icon={<FilterOutlined />} onClick={applyFilters} data-testid="filter-apply">
              筛选
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset} disabled={filterCount === 0 && activeFilterCount(draft) === 0 && !draft.keyword.trim() && !drawing && markedBounds.size === 0}>
              重置
            </Button>
            <SaveSearchButton filter={queryFilters} />
          </div>
        </div>

        {overLimit(filters.keyword) && (
          <div role="alert" data-testid="keyword-not-applied" className={styles.note}>
            <Alert type="warning">{KEYWORD_NOT_APPLIED}</Alert>
          </div>
        )}
        <div className={styles.resultHead}>
          {/* After a failed search the count on screen was the last list's: it goes with it. */}
          <span data-testid="result-count" role="status" aria-busy={pending || undefined}>
            {!next.error && (
              <>
                共 <b>{total}</b> 个地块
                {tiled && total > results.length && <span className={styles.muted}>（列表显示前 {results.length} 个）</span>}
                {filterCount > 0 && <span className={styles.muted}>（{filterCount} 项筛选）</span>}
              </>
            )}
          </span>
          <Select className={styles.sort} value={sort} options={SORT_OPTIONS} onChange={(e) => changeSort(e.target.value as SortKey)} aria-label="排序" />
        </div>

        <div className={styles.results} ref={listRef} data-testid="result-list" aria-busy={pending || undefined}>
          {next.error ? (
            <div className={styles.pad}>
              <BlockError label="地块列表" error={next.error} onRetry={next.retry} />
            </div>
          ) : results.length === 0 ? (
            <div className={styles.pad}>
              <Empty text={filterCount ? '没有符合条件的地块，请调整筛选条件' : '暂无已发布地块'}>{filterCount > 0 && <Button onClick={reset}>清除筛选</Button>}</Empty>
            </div>
          ) : (
            results.map((p) => (
              <div
                key={p.id}
                data-parcel-id={p.id}
                data-testid="result-item"
                role="button"
                tabIndex={0}
                aria-pressed={p.id === selectedId}
                className={`${styles.item} ${p.id === hoverId ? styles.itemHover : ''} ${p.id === selectedId ? styles.itemSelected : ''}`}
                onMouseEnter={() => setHoverId(p.id)}
                onMouseLeave={() => setHoverId(null)}
                onClick={() => locate(p)}
                onKeyDown={onActivate(() => locate(p))}
              >
                <span className={styles.swatch} style={{ background: colorMode === 'state' ? MARKET_STATE_COLORS[marketState(p.tradeState)] : landClassColor(p.dlcode) }} />
                <div className={styles.itemBody}>
                  <div className={styles.itemTitle}>
                    <span className={styles.itemName} title={p.dkmc}>
                      {p.dkmc}
                    </span>
                    <StateTag tradeState={p.tradeState} />
                  </div>
                  <div className={styles.itemMeta}>
                    {p.dkbh} · {p.areaname || districtName.get(String(p.areacode)) || '—'} · {landClassName(classes.nameOf, p.dlcode, p.dlname)}
                  </div>
                  <div className={styles.itemFigures}>
                    <span>
                      <b>{muText(p.landArea, p.landAreaMu)}</b>
                    </span>
                    <span>
                      起始价 <b className={styles.price}>{wanText(p.startingPrice)}</b>
                    </span>
                  </div>
                </div>
              </div>
            ))
          )}
        </div>
      </aside>

      <section className={styles.mapWrap} aria-label="地图" data-first-tiles={firstTiles}>
        {/* The map's box is reserved by the layout; OpenLayers draws in it once it is in view, after hydration. */}
        <BlockBoundary label="地图" className={styles.map}>
          <MapWhenInView
            ref={mapApi}
            className={styles.map}
            tiled={tiled}
            results={results}
            resultsReady
            filtered={Object.keys(queryFilters).length > 0}
            colorMode={colorMode}
            showDistricts={showDistricts}
            hoverId={hoverId}
            selectedId={selectedId}
            selected={selected}
            popup={popup}
            onHover={setHoverId}
            onSelect={setSelectedId}
            onTileHit={setTileHit}
            onPicked={scrollToItem}
            area={area}
            drawing={drawing}
            onAreaDrawn={(drawn) => {
              setDrawing(false);
              setSelectedId(null);
              setArea(drawn);
            }}
          />
        </BlockBoundary>
        <div className={styles.toolbar}>
          <Segmented
            label="着色方式"
            value={colorMode}
            onChange={setColorMode}
            options={[
              { value: 'landClass', label: '按地类' },
              { value: 'state', label: '按状态' },
            ]}
          />
          <label className={styles.toolItem} title="显示片区边界">
            <input type="checkbox" checked={showDistricts} onChange={(e) => setShowDistricts(e.target.checked)} />
            片区边界
          </label>
          {area ? (
            <Button size="small" icon={<CloseOutlined />} onClick={() => setArea(null)} data-testid="clear-area">
              清除范围
            </Button>
          ) : (
            <Button
              size="small"
              kind={drawing ? 'primary' : 'default'}
              icon={<EditOutlined />}
              onClick={() => setDrawing(!drawing)}
              title={drawing ? '在地图上逐点单击，双击结束' : '在地图上画出范围，只看范围内的地块'}
              aria-pressed={drawing}
              data-testid="draw-area"
            >
              {drawing ? '取消画范围' : '画范围'}
            </Button>
          )}
          <Button size="small" icon={<ExpandOutlined />} onClick={() => mapApi.current?.fitAll()} aria-label="显示全部结果" title="显示全部结果" />
          <ExportMenu label="导出结果" formats={EXPORT_FORMATS} onExport={(format) => void exportLayer(format)} disabled={results.length === 0} loading={exporting} />
        </div>
        <div className={styles.legend} data-testid="map-legend">
          <div className={styles.legendTitle}>{colorMode === 'state' ? '地块状态' : '土地用途'}</div>
          {legend.map((l) => (
            <div key={l.key} className={styles.legendRow}>
              <span className={styles.legendSwatch} style={{ background: l.color }} />
              {l.label}
            </div>
          ))}
          {showDistricts && (
            <div className={styles.legendRow}>
              <span className={styles.legendLine} />
              片区边界
            </div>
          )}
          {tiled && Object.keys(queryFilters).length > 0 && (
            <div className={styles.legendRow}>
              <span className={styles.legendPin} />
              筛选结果
            </div>
          )}
        </div>
        {pending && <span className={styles.busy}>更新中…</span>}
      </section>
    </div>
  );
}
