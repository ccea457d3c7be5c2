import {
  AimOutlined,
  CloseOutlined,
  DownloadOutlined,
  EditOutlined,
  ExpandOutlined,
  FilterOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Dropdown,
  Empty,
  Input,
  InputNumber,
  Segmented,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  TreeSelect,
} from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { downloadFile, saveBlob, showError } from '../../lib/request';
import { CompareButton } from '../visitor/CompareButton';
import { SaveSearchButton } from '../visitor/SaveSearchButton';
import { districtOutlinesQuery, landClassName, mapParcelsQuery, parcelPageQuery, useDistrictOptions, useLandClasses, useSiteSettings, type Parcel } from './api';
import { landClassColor, landClassLegend, MARKET_STATE_COLORS } from './colors';
import { activeFilterCount, EMPTY_FILTERS, sortParcels, SORT_OPTIONS, toQueryFilters, type ParcelFilters, type SortKey } from './filters';
import { MARKET_STATE_LABELS, marketState, muText, wanText, type ParcelMarketState } from './format';
import type { MapSearchMapHandle, SearchArea } from './MapSearchMap';
import type { ColorMode } from './ol/parcelLayers';
import { prefetchFirstParcelTiles, tileMetaQuery, tilesWanted } from './ol/tileMeta';
import styles from './MapSearchPage.module.css';

// OpenLayers (about 95 KiB gzipped) is the map's, not the page's: the filters and the list come first.
const MapSearchMap = lazy(() => import('./MapSearchMap'));
// antd Result (with its illustrations) only when the parcels cannot be loaded.
const LoadErrorResult = lazy(() => import('../public-site/LoadErrorResult'));

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

/** With tiles the list shows the first page of the results (the map shows them all). */
const TILED_LIST_SIZE = 100;

function StateTag({ tradeState }: { tradeState: unknown }) {
  const state = marketState(tradeState);
  return (
    <Tag color={MARKET_STATE_COLORS[state]} className={styles.stateTag}>
      {MARKET_STATE_LABELS[state]}
    </Tag>
  );
}

/** The map land search (/index): filters, result list and map in step. Kept alive. */
export function MapSearchPage() {
  const { message } = App.useApp();
  const settings = useSiteSettings().data;
  const [filters, setFilters] = useState<ParcelFilters>(EMPTY_FILTERS);
  // A drawn area narrows the search to the parcels whose centre lies in it.
  const [area, setArea] = useState<SearchArea | null>(null);
  const [drawing, setDrawing] = useState(false);
  const queryFilters = useMemo(() => ({ ...toQueryFilters(filters), ...(area ? { area } : {}) }), [filters, area]);
  // Above the configured parcel count the map draws vector tiles and the list shows a page.
  const tileMeta = useQuery(tileMetaQuery('public'));
  const tiled = tileMeta.isError ? false : tilesWanted(tileMeta.data, settings);
  const geojsonQuery = useQuery({ ...mapParcelsQuery(queryFilters), placeholderData: keepPreviousData, enabled: tiled === false });
  const pageQuery = useQuery({ ...parcelPageQuery({ ...queryFilters, pageNo: 1, pageSize: TILED_LIST_SIZE }), placeholderData: keepPreviousData, enabled: tiled === true });
  const parcelsQuery = tiled ? pageQuery : geojsonQuery;
  // Issue 14 "the map first": the first view's tiles are asked for while OpenLayers loads.
  const mapWrapRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const box = mapWrapRef.current?.getBoundingClientRect();
    if (tiled && tileMeta.data && settings && box) prefetchFirstParcelTiles(tileMeta.data, settings, [box.width, box.height]);
  }, [tiled, tileMeta.data, settings]);
  const [tileHit, setTileHit] = useState<Parcel | null>(null);
  const { options: districtOptions, nameOf: districtName } = useDistrictOptions();
  // The district outlines are the map's; asked for here so they arrive with its code, not after.
  useQuery(districtOutlinesQuery);
  const classes = useLandClasses();

  const [draft, setDraft] = useState<ParcelFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<SortKey>('default');
  const [colorMode, setColorMode] = useState<ColorMode>('landClass');
  const [showDistricts, setShowDistricts] = useState(true);
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const all = useMemo(() => (tiled ? pageQuery.data?.list : geojsonQuery.data) ?? [], [tiled, pageQuery.data, geojsonQuery.data]);
  const total = tiled ? pageQuery.data?.total ?? 0 : all.length;
  const results = useMemo(() => sortParcels(all, sort), [all, sort]);
  const byId = useMemo(() => new Map(all.map((p) => [p.id, p])), [all]);
  // Every published parcel (no filters), for the legend of the classes that occur.
  const everything = useQuery({ ...mapParcelsQuery({}), enabled: tiled === false }).data;
  const selected = selectedId ? byId.get(selectedId) ?? (tileHit?.id === selectedId ? tileHit : null) : null;

  // ------------------------------------------------------------------ the map
  const mapApi = useRef<MapSearchMapHandle | null>(null);
  const popupEl = useMemo(() => document.createElement('div'), []);
  const listRef = useRef<HTMLDivElement | null>(null);

  const scrollToItem = useCallback((id: string) => {
    listRef.current?.querySelector(`[data-parcel-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  const locate = (p: Parcel) => mapApi.current?.locate(p);

  // ------------------------------------------------------------------ filters and export
  const search = (patch: Partial<ParcelFilters> = {}) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    setFilters(next);
    setSelectedId(null);
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFilters(EMPTY_FILTERS);
    setArea(null);
    setDrawing(false);
    setSelectedId(null);
  };

  const exportLayer = async (format: string) => {
    setExporting(true);
    try {
      // The same named filters as the search, so the file holds exactly the parcels listed.
      const file = await downloadFile('/openApi/exportShpfile', { format, ...queryFilters }, `地块.${format === 'shp' ? 'zip' : format}`);
      saveBlob(file);
      message.success('导出完成');
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

  if (parcelsQuery.isError && all.length === 0) {
    return (
      <Suspense fallback={<Skeleton active />}>
        <LoadErrorResult
          notFound={false}
          title="地块数据加载失败"
          subTitle="请检查网络后重试"
          extra={[
            <Button key="retry" onClick={() => void parcelsQuery.refetch()}>
              重新加载
            </Button>,
          ]}
        />
      </Suspense>
    );
  }

  return (
    <div className={styles.page} data-testid="map-search-page">
      <aside className={styles.panel} aria-label="地块筛选与结果">
        <div className={styles.filters} data-testid="map-filters">
          <Input.Search
            placeholder="地块名称、编号或坐落"
            allowClear
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            onSearch={(keyword) => search({ keyword })}
            aria-label="关键词"
            data-testid="filter-keyword"
          />
          <div className={styles.filterRow}>
            <Select
              className={styles.grow}
              options={districtOptions}
              value={draft.areacode}
              onChange={(areacode: string) => search({ areacode })}
              aria-label="片区"
              data-testid="filter-district"
              popupMatchSelectWidth={false}
            />
            <TreeSelect
              className={styles.grow}
              treeData={classes.treeData}
              value={draft.dlcode || undefined}
              onChange={(dlcode?: string) => search({ dlcode: dlcode ?? '' })}
              placeholder="全部地类"
              allowClear
              showSearch
              treeNodeFilterProp="title"
              popupMatchSelectWidth={320}
              aria-label="土地用途"
              data-testid="filter-class"
            />
          </div>
          <div className={styles.filterRow}>
            <span className={styles.rangeLabel}>面积</span>
            <InputNumber<number>
              className={styles.grow}
              min={0}
              placeholder="最小"
              value={draft.areaMin}
              onChange={(areaMin) => setDraft({ ...draft, areaMin })}
              aria-label="最小面积（亩）"
            />
            <span>–</span>
            <InputNumber<number>
              className={styles.grow}
              min={0}
              placeholder="最大"
              value={draft.areaMax}
              onChange={(areaMax) => setDraft({ ...draft, areaMax })}
              aria-label="最大面积（亩）"
            />
            <span className={styles.unit}>亩</span>
          </div>
          <div className={styles.filterRow}>
            <span className={styles.rangeLabel}>起始价</span>
            <InputNumber<number>
              className={styles.grow}
              min={0}
              placeholder="最低"
              value={draft.priceMin}
              onChange={(priceMin) => setDraft({ ...draft, priceMin })}
              aria-label="最低起始价（万元）"
            />
            <span>–</span>
            <InputNumber<number>
              className={styles.grow}
              min={0}
              placeholder="最高"
              value={draft.priceMax}
              onChange={(priceMax) => setDraft({ ...draft, priceMax })}
              aria-label="最高起始价（万元）"
            />
            <span className={styles.unit}>万元</span>
          </div>
          <Segmented
            block
            size="small"
            options={STATE_OPTIONS}
            value={draft.state}
            onChange={(state) => search({ state: state as ParcelMarketState | '' })}
            data-testid="filter-state"
          />
          <div className={styles.filterActions}>
            <Button type="primary" icon={<FilterOutlined />} onClick={() => search()} data-testid="filter-apply">
              筛选
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset} disabled={filterCount === 0 && activeFilterCount(draft) === 0 && !drawing}>
              重置
            </Button>
            <SaveSearchButton filter={queryFilters} />
          </div>
        </div>

        <div className={styles.resultHead}>
          <span data-testid="result-count">
            共 <b>{total}</b> 个地块
            {tiled && total > results.length && <span className={styles.muted}>（列表显示前 {results.length} 个）</span>}
            {filterCount > 0 && <span className={styles.muted}>（{filterCount} 项筛选）</span>}
          </span>
          <Select size="small" variant="borderless" value={sort} options={SORT_OPTIONS} onChange={setSort} aria-label="排序" popupMatchSelectWidth={false} />
        </div>

        <div className={styles.results} ref={listRef} data-testid="result-list">
          {parcelsQuery.isPending ? (
            <div className={styles.pad}>
              <Skeleton active paragraph={{ rows: 8 }} />
            </div>
          ) : results.length === 0 ? (
            <Empty className={styles.pad} description={filterCount ? '没有符合条件的地块，请调整筛选条件' : '暂无已发布地块'}>
              {filterCount > 0 && <Button onClick={reset}>清除筛选</Button>}
            </Empty>
          ) : (
            results.map((p) => (
              <div
                key={p.id}
                data-parcel-id={p.id}
                data-testid="result-item"
                role="button"
                tabIndex={0}
                className={`${styles.item} ${p.id === hoverId ? styles.itemHover : ''} ${p.id === selectedId ? styles.itemSelected : ''}`}
                onMouseEnter={() => setHoverId(p.id)}
                onMouseLeave={() => setHoverId(null)}
                onClick={() => locate(p)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') locate(p);
                }}
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

      <section className={styles.mapWrap} aria-label="地图" ref={mapWrapRef}>
        {/* OpenLayers loads with the map, after the filters and the list are on screen. */}
        <Suspense fallback={<div className={styles.map} data-testid="land-map-loading" />}>
          <MapSearchMap
            ref={mapApi}
            className={styles.map}
            tiled={tiled}
            results={results}
            resultsReady={parcelsQuery.isSuccess}
            colorMode={colorMode}
            showDistricts={showDistricts}
            hoverId={hoverId}
            selectedId={selectedId}
            selected={selected}
            popupEl={popupEl}
            onHover={setHoverId}
            onSelect={setSelectedId}
            onTileHit={setTileHit}
            onPicked={scrollToItem}
            area={area}
            drawing={drawing}
            onAreaDrawn={(drawn) => {
              setArea(drawn);
              setDrawing(false);
              setSelectedId(null);
            }}
          />
        </Suspense>
        <div className={styles.toolbar}>
          <Segmented
            size="small"
            value={colorMode}
            onChange={(v) => setColorMode(v as ColorMode)}
            options={[
              { value: 'landClass', label: '按地类' },
              { value: 'state', label: '按状态' },
            ]}
            data-testid="color-mode"
          />
          <Tooltip title="显示片区边界">
            <Space size={4} className={styles.toolItem}>
              <Switch size="small" checked={showDistricts} onChange={setShowDistricts} aria-label="片区边界" />
              <span>片区</span>
            </Space>
          </Tooltip>
          {area ? (
            <Button size="small" icon={<CloseOutlined />} onClick={() => setArea(null)} data-testid="clear-area">
              清除范围
            </Button>
          ) : (
            <Tooltip title={drawing ? '在地图上逐点单击，双击结束' : '在地图上画出范围，只看范围内的地块'}>
              <Button size="small" type={drawing ? 'primary' : 'default'} icon={<EditOutlined />} onClick={() => setDrawing(!drawing)} data-testid="draw-area">
                {drawing ? '取消画范围' : '画范围'}
              </Button>
            </Tooltip>
          )}
          <Tooltip title="显示全部结果">
            <Button size="small" icon={<ExpandOutlined />} onClick={() => mapApi.current?.fitAll()} aria-label="显示全部结果" />
          </Tooltip>
          <Dropdown
            menu={{ items: EXPORT_FORMATS, onClick: ({ key }) => void exportLayer(key) }}
            disabled={results.length === 0}
            trigger={['click']}
          >
            <Button size="small" icon={<DownloadOutlined />} loading={exporting}>
              导出结果
            </Button>
          </Dropdown>
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
        </div>
        {parcelsQuery.isFetching && !parcelsQuery.isPending && <Badge status="processing" text="更新中" className={styles.busy} />}
      </section>

      {createPortal(
        selected ? (
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
              <Link to={`/mapMoreDetails/${encodeURIComponent(selected.id)}`} data-testid="popup-detail-link">
                <Button size="small" type="primary">
                  查看详情
                </Button>
              </Link>
            </div>
          </div>
        ) : null,
        popupEl,
      )}
    </div>
  );
}
