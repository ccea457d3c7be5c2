import {
  AimOutlined,
  CloseOutlined,
  DownloadOutlined,
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
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  TreeSelect,
} from 'antd';
import type { Extent } from 'ol/extent';
import Overlay from 'ol/Overlay';
import { transformExtent } from 'ol/proj';
import type VectorLayer from 'ol/layer/Vector';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { downloadFile, saveBlob, showError } from '../../lib/request';
import { CompareButton } from '../visitor/CompareButton';
import { districtOutlinesQuery, landClassName, mapParcelsQuery, parcelPageQuery, useDistrictOptions, useLandClasses, useSiteSettings, type Parcel } from './api';
import { landClassColor, landClassLegend, MARKET_STATE_COLORS } from './colors';
import { activeFilterCount, EMPTY_FILTERS, sortParcels, SORT_OPTIONS, toQueryFilters, type ParcelFilters, type SortKey } from './filters';
import { MARKET_STATE_LABELS, marketState, muText, wanText, type ParcelMarketState } from './format';
import { outlineLayer, lonLat } from './ol/base';
import { ParcelLayers, type ColorMode } from './ol/parcelLayers';
import { setCursor, useOlMap } from './ol/useOlMap';
import { ParcelTileLayer, tileMetaQuery, tilesWanted, type TileParcel } from './ol/tiles';
import styles from './MapSearchPage.module.css';

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

/** A parcel clicked on a tile, in the shape the popup reads. */
function fromTile(p: TileParcel): Parcel {
  return { id: p.id, dkmc: p.name, dlcode: p.dlcode, dlname: p.dlname, tradeState: p.tradeState, landAreaMu: p.areaMu ?? null, areacode: p.areacode, areaname: p.areaname, centre: p.at };
}

/** The parcel's centre in map coordinates. */
function centreOf(p: Parcel | null | undefined): number[] | undefined {
  const c = Array.isArray(p?.centre) ? p.centre : null;
  return (c && lonLat(c[0], c[1])) ?? undefined;
}

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
  const queryFilters = useMemo(() => toQueryFilters(filters), [filters]);
  // Above the configured parcel count the map draws vector tiles and the list shows a page.
  const tileMeta = useQuery(tileMetaQuery('public'));
  const tiled = tileMeta.isError ? false : tilesWanted(tileMeta.data, settings);
  const geojsonQuery = useQuery({ ...mapParcelsQuery(queryFilters), placeholderData: keepPreviousData, enabled: tiled === false });
  const pageQuery = useQuery({ ...parcelPageQuery({ ...queryFilters, pageNo: 1, pageSize: TILED_LIST_SIZE }), placeholderData: keepPreviousData, enabled: tiled === true });
  const parcelsQuery = tiled ? pageQuery : geojsonQuery;
  const [tileHit, setTileHit] = useState<Parcel | null>(null);
  const { options: districtOptions, nameOf: districtName } = useDistrictOptions();
  const outlines = useQuery(districtOutlinesQuery).data;
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
  const { ref: mapRef, map } = useOlMap({ settings });
  const layersRef = useRef<ParcelLayers | null>(null);
  const popupEl = useMemo(() => document.createElement('div'), []);
  const overlayRef = useRef<Overlay | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  const fittedOnce = useRef(false);

  useEffect(() => {
    if (!map) return;
    const layers = new ParcelLayers(map);
    layersRef.current = layers;
    const overlay = new Overlay({ element: popupEl, positioning: 'bottom-center', offset: [0, -14], stopEvent: true, autoPan: { margin: 40 } });
    map.addOverlay(overlay);
    overlayRef.current = overlay;
    if (import.meta.env.DEV) (window as unknown as { __landMap?: unknown }).__landMap = map;
    return () => {
      layers.dispose();
      map.removeOverlay(overlay);
      layersRef.current = null;
      overlayRef.current = null;
    };
  }, [map, popupEl]);

  const tileLayerRef = useRef<ParcelTileLayer | null>(null);
  useEffect(() => {
    if (!map || !tiled) return;
    const layer = new ParcelTileLayer(map);
    tileLayerRef.current = layer;
    // As with GeoJSON: the configured view wins when parcels are in it, else frame them all.
    const box = tileMeta.data?.parcelExtent;
    const size = map.getSize();
    if (box && size) {
      const [w, s, e, n] = transformExtent(box, 'EPSG:4326', 'EPSG:3857');
      const v = map.getView().calculateExtent(size);
      if (!(w < v[2] && e > v[0] && s < v[3] && n > v[1])) map.getView().fit([w, s, e, n], { padding: [48, 48, 48, 48], maxZoom: 17, duration: 0 });
    }
    return () => {
      layer.dispose();
      tileLayerRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- framed once, when the tile layer is made
  }, [map, tiled]);

  // District outlines: the base of the offline map.
  const districtLayerRef = useRef<VectorLayer | null>(null);
  useEffect(() => {
    if (!map) return;
    const layer = outlineLayer((outlines ?? []).map((d) => ({ id: d.id, name: d.areaname, geometry: d.boundary })));
    map.addLayer(layer);
    districtLayerRef.current = layer;
    return () => {
      map.removeLayer(layer);
      districtLayerRef.current = null;
    };
  }, [map, outlines]);
  useEffect(() => districtLayerRef.current?.setVisible(showDistricts), [showDistricts, outlines]);

  const fit = useCallback(
    (extent: Extent | null, duration = 400) => {
      if (!map || !extent) return;
      map.getView().cancelAnimations();
      map.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: 17, duration });
    },
    [map],
  );

  // The parcels shown follow the filters; a new search frames its results.
  useEffect(() => {
    const layers = layersRef.current;
    if (!layers || !map) return;
    // With tiles the map already shows every parcel; the list's page is not drawn twice.
    layers.setParcels(tiled ? [] : results.map((p) => ({ id: p.id, name: p.dkmc ?? p.dkbh ?? '', dlcode: p.dlcode, tradeState: p.tradeState, geometry: p.geometry, centre: p.centre })));
    if (tiled || !parcelsQuery.isSuccess || results.length === 0) return;
    // The map element says when parcels are first on screen (tests and the browser bench wait for it).
    map.once('rendercomplete', () => map.getTargetElement()?.setAttribute('data-parcels-drawn', '1'));
    if (!fittedOnce.current) {
      fittedOnce.current = true;
      // The configured view wins when parcels are visible in it; otherwise frame the zone's parcels.
      const view = map.getView();
      const size = map.getSize();
      const ext = layers.fullExtent();
      if (size && ext) {
        const viewExtent = view.calculateExtent(size);
        const visible = results.some((p) => {
          const e = layers.extentOf(p.id);
          return e && e[0] < viewExtent[2] && e[2] > viewExtent[0] && e[1] < viewExtent[3] && e[3] > viewExtent[1];
        });
        if (!visible) fit(ext, 0);
      }
      return;
    }
    fit(layers.fullExtent());
    // Only a changed result set reframes the map, not hover or selection.
  }, [results, map, parcelsQuery.isSuccess, fit, tiled]);

  useEffect(() => {
    layersRef.current?.setColorMode(colorMode);
    tileLayerRef.current?.setColorMode(colorMode);
  }, [colorMode, map, tiled]);
  useEffect(() => {
    layersRef.current?.setHover(hoverId);
    tileLayerRef.current?.setHover(hoverId);
  }, [hoverId, map, tiled]);
  // While the view flies to a parcel the popup waits: placing it earlier would start the
  // overlay's auto-pan against the zoom animation and the map would end up off the parcel.
  const flying = useRef(false);
  useEffect(() => {
    layersRef.current?.setSelected(selectedId);
    tileLayerRef.current?.setSelected(selectedId);
    const overlay = overlayRef.current;
    if (!overlay || flying.current) return;
    overlay.setPosition(selectedId ? layersRef.current?.anchorOf(selectedId) ?? centreOf(selected) : undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selection (not each render's object) moves the popup
  }, [selectedId, map, results]);

  const scrollToItem = (id: string) => {
    listRef.current?.querySelector(`[data-parcel-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  };

  // Pointer on the map: hover highlight both sides; click opens the popup; clusters zoom in.
  useEffect(() => {
    if (!map) return;
    let frame = 0;
    const onMove = (evt: { pixel: number[]; dragging: boolean }) => {
      if (evt.dragging) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const tileHit = tileLayerRef.current?.hit(evt.pixel);
        if (tileLayerRef.current) {
          setCursor(map, tileHit ? 'pointer' : '');
          setHoverId(tileHit && 'parcel' in tileHit ? tileHit.parcel.id : null);
          return;
        }
        const id = layersRef.current?.parcelAt(evt.pixel) ?? null;
        const cluster = id ? null : layersRef.current?.clusterExtentAt(evt.pixel);
        setCursor(map, id || cluster ? 'pointer' : '');
        setHoverId(id);
      });
    };
    const onClick = (evt: { pixel: number[] }) => {
      const layers = layersRef.current;
      if (!layers) return;
      const tiles = tileLayerRef.current;
      if (tiles) {
        const hit = tiles.hit(evt.pixel);
        if (hit && 'parcel' in hit) {
          setTileHit(fromTile(hit.parcel));
          setSelectedId(hit.parcel.id);
        } else if (hit) {
          map.getView().animate({ center: hit.group, zoom: Math.min(16, (map.getView().getZoom() ?? 12) + 2), duration: 400 });
        } else setSelectedId(null);
        return;
      }
      const id = layers.parcelAt(evt.pixel);
      if (id) {
        setSelectedId(id);
        scrollToItem(id);
        return;
      }
      const extent = layers.clusterExtentAt(evt.pixel);
      if (extent) {
        map.getView().fit(extent, { padding: [80, 80, 80, 80], maxZoom: 16, duration: 400 });
        return;
      }
      setSelectedId(null);
    };
    map.on('pointermove', onMove);
    map.on('singleclick', onClick);
    const target = map.getTargetElement();
    const onLeave = () => setHoverId(null);
    target?.addEventListener('mouseleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      map.un('pointermove', onMove);
      map.un('singleclick', onClick);
      target?.removeEventListener('mouseleave', onLeave);
    };
  }, [map]);

  const locate = (p: Parcel) => {
    const layers = layersRef.current;
    if (!layers) return;
    flying.current = true;
    overlayRef.current?.setPosition(undefined);
    setSelectedId(p.id);
    const centre = centreOf(p);
    if (tiled && map && centre) {
      // The list's page is not on the map as features: fly to the parcel's centre.
      map.getView().cancelAnimations();
      map.getView().animate({ center: centre, zoom: 16, duration: 450 }, () => {
        flying.current = false;
        // Placed once the map has drawn the new view: earlier, the popup's auto-pan measures it
        // where it was and throws the map kilometres off the parcel.
        map.once('rendercomplete', () => {
          overlayRef.current?.setPosition(centre);
        });
      });
      return;
    }
    void layers.zoomTo(p.id).then(() => {
      flying.current = false;
      overlayRef.current?.setPosition(layers.anchorOf(p.id) ?? undefined);
    });
  };

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

  const filterCount = activeFilterCount(filters);

  if (parcelsQuery.isError && all.length === 0) {
    return (
      <Result
        status="warning"
        title="地块数据加载失败"
        subTitle="请检查网络后重试"
        extra={<Button onClick={() => void parcelsQuery.refetch()}>重新加载</Button>}
      />
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
            <Button icon={<ReloadOutlined />} onClick={reset} disabled={filterCount === 0 && activeFilterCount(draft) === 0}>
              重置
            </Button>
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

      <section className={styles.mapWrap} aria-label="地图">
        <div ref={mapRef} className={styles.map} data-testid="land-map" />
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
          <Tooltip title="显示全部结果">
            <Button size="small" icon={<ExpandOutlined />} onClick={() => fit(layersRef.current?.fullExtent() ?? null)} aria-label="显示全部结果" />
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
