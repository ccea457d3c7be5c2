/**
 * 存量土地 (clkcrtd): stock land available for transfer, on a map and as a list. Server-rendered
 * (issue 14): the list, its filters and counts come with the HTML; the map loads after hydration.
 */
import { queryOptions, useSuspenseQueries } from '@tanstack/react-query';
import { useMemo, useState, useTransition } from 'react';
import { PageHead } from '../../public/head';
import { Empty, SearchInput, Select, Tag, type TagColor } from '../../public-ui';
import { CloseOutlined } from '../../public-ui/icons';
import { districtsQuery, landClassesQuery, landClassName, listOf, openPost, useDistrictOptions, useLandClasses, type PublicRecord } from './api';
import { landClassColor, landClassLegend } from './colors';
import { muText, num, optionLabel, STOCK_STATUS_LABELS, text } from './format';
import { ThemeMap } from './LazyThemeMap';
import styles from './MapSearchPage.module.css';
import { landClassOptions, onActivate } from './listKit';
import { Segmented } from './Segmented';

const STATUS_COLORS: Record<string, string> = { unsupplied: '#fa8c16', unused: '#f5222d', revitalized: '#52c41a' };
/** The status tags' tones (dark text on a light tint: readable, unlike white on these colours). */
const STATUS_TONES: Record<string, TagColor> = { unsupplied: 'orange', unused: 'red', revitalized: 'green' };

interface StockFilters {
  areacode: string;
  dlcode: string;
  status: string;
  keyword: string;
}

const stockLandQuery = (filters: StockFilters) =>
  queryOptions({
    queryKey: ['public', 'stockLand', filters],
    queryFn: async ({ signal }) => listOf<PublicRecord>(await openPost<unknown>('selectCltdByPage', { pageNo: 0, pageSize: 0, ...filters }, signal)),
  });

export function StockLandMapPage() {
  const [filters, setFilters] = useState<StockFilters>({ areacode: '', dlcode: '', status: '', keyword: '' });
  const { areacode, dlcode, status } = filters;
  // A filter change keeps the current list on screen until the new one has arrived.
  const [pending, startTransition] = useTransition();
  const setFilter = (patch: Partial<StockFilters>) => startTransition(() => setFilters((f) => ({ ...f, ...patch })));
  // The list, the district and land-class choices in one round (on the server for the first render).
  const [q] = useSuspenseQueries({ queries: [stockLandQuery(filters), districtsQuery, landClassesQuery] });
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const classes = useLandClasses();
  const [colorBy, setColorBy] = useState<'status' | 'class'>('status');
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rows = q.data;
  const colorOf = (r: PublicRecord) => (colorBy === 'class' ? landClassColor(r.dlcode) : (STATUS_COLORS[text(r.status)] ?? '#8c8c8c'));
  const features = useMemo(
    () => rows.map((r) => ({ id: r.id, name: text(r.name), color: colorOf(r), geometry: r.geometry })),
    // colorOf depends on colorBy only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, colorBy],
  );
  const selected = rows.find((r) => r.id === selectedId);
  const totalMu = rows.reduce((s, r) => s + Number(r.areaMu ?? 0), 0);
  const legend =
    colorBy === 'class'
      ? landClassLegend(rows.map((r) => r.dlcode))
      : Object.entries(STOCK_STATUS_LABELS).map(([k, label]) => ({ key: k, label, color: STATUS_COLORS[k] }));

  return (
    <div className={styles.page} data-testid="stock-land-page">
      <PageHead title="存量土地" description={`存量可出让土地 ${rows.length} 宗，合计 ${num(totalMu)} 亩：按片区、土地用途和存量类型在地图上查看。`} />
      <aside className={styles.panel} aria-label="存量土地列表">
        <div className={styles.filters}>
          <h1 className={styles.heading}>存量土地</h1>
          <SearchInput label="搜索存量土地" placeholder="地块名称、编号或坐落" onSearch={(v) => setFilter({ keyword: v.trim() })} />
          <div className={styles.filterRow}>
            <Select className={styles.grow} value={areacode} options={districtOptions} onChange={(e) => setFilter({ areacode: e.target.value })} aria-label="片区" />
            <Select className={styles.grow} value={dlcode} placeholder="全部地类" options={landClassOptions(classes.treeData)} onChange={(e) => setFilter({ dlcode: e.target.value })} aria-label="土地用途" />
          </div>
          <Segmented
            block
            label="存量类型"
            value={status}
            onChange={(v) => setFilter({ status: v })}
            options={[{ value: '', label: '全部' }, ...Object.entries(STOCK_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
          />
          <div className={styles.summary} role="status" aria-busy={pending || undefined}>
            存量可出让土地 <b>{rows.length}</b> 宗，合计 <b>{num(totalMu)}</b> 亩
          </div>
        </div>
        <div className={styles.results} data-testid="stock-list" aria-busy={pending || undefined}>
          {rows.length === 0 ? (
            <div className={styles.pad}>
              <Empty text="暂无存量可出让土地" />
            </div>
          ) : (
            rows.map((r) => (
              <div
                key={r.id}
                role="button"
                tabIndex={0}
                aria-pressed={r.id === selectedId}
                className={`${styles.item} ${r.id === hoverId ? styles.itemHover : ''} ${r.id === selectedId ? styles.itemSelected : ''}`}
                onMouseEnter={() => setHoverId(r.id)}
                onMouseLeave={() => setHoverId(null)}
                onClick={() => setSelectedId(r.id)}
                onKeyDown={onActivate(() => setSelectedId(r.id))}
              >
                <span className={styles.swatch} style={{ background: colorOf(r) }} />
                <div className={styles.itemBody}>
                  <div className={styles.itemTitle}>
                    <span className={styles.itemName}>{text(r.name)}</span>
                    <Tag color={STATUS_TONES[text(r.status)] ?? 'default'} className={styles.stateTag}>
                      {text(r.statusLabel) || optionLabel(STOCK_STATUS_LABELS, r.status)}
                    </Tag>
                  </div>
                  <div className={styles.itemMeta}>
                    {text(r.parcelCode) || '—'} · {nameOf.get(text(r.areacode)) || '—'} · {landClassName(classes.nameOf, r.dlcode)}
                  </div>
                  <div className={styles.itemFigures}>
                    <span>{muText(r.area, r.areaMu)}</span>
                  </div>
                </div>
              </div>
            ))
          )}
        </div>
      </aside>
      <section className={styles.mapWrap} aria-label="存量土地地图">
        <ThemeMap
          tiles="stockLand"
          features={features}
          hoverId={hoverId}
          selectedId={selectedId}
          onHover={setHoverId}
          onSelect={setSelectedId}
          popup={
            selected && (
              <div className={styles.popup}>
                <button type="button" className={styles.popupClose} onClick={() => setSelectedId(null)} aria-label="关闭">
                  <CloseOutlined />
                </button>
                <div className={styles.popupTitle}>{text(selected.name)}</div>
                <dl className={styles.popupFigures}>
                  <dt>地块编号</dt>
                  <dd>{text(selected.parcelCode) || '—'}</dd>
                  <dt>存量类型</dt>
                  <dd>{text(selected.statusLabel) || optionLabel(STOCK_STATUS_LABELS, selected.status)}</dd>
                  <dt>土地用途</dt>
                  <dd>{landClassName(classes.nameOf, selected.dlcode)}</dd>
                  <dt>面积</dt>
                  <dd>{muText(selected.area, selected.areaMu)}</dd>
                  <dt>坐落</dt>
                  <dd>{text(selected.location) || '—'}</dd>
                </dl>
                <div className={styles.popupActions}>
                  <a href="/consultingServices">咨询该地块</a>
                </div>
              </div>
            )
          }
        >
          <div className={styles.toolbar}>
            <Segmented
              label="着色方式"
              value={colorBy}
              onChange={setColorBy}
              options={[
                { value: 'status', label: '按存量类型' },
                { value: 'class', label: '按地类' },
              ]}
            />
          </div>
          <div className={styles.legend}>
            <div className={styles.legendTitle}>{colorBy === 'class' ? '土地用途' : '存量类型'}</div>
            {legend.map((l) => (
              <div key={l.key} className={styles.legendRow}>
                <span className={styles.legendSwatch} style={{ background: l.color }} />
                {l.label}
              </div>
            ))}
          </div>
        </ThemeMap>
      </section>
    </div>
  );
}
